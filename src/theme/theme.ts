import { englishStrings, formatString, type StringTable } from '../i18n/strings';

/**
 * The theme: what a store owner can brand. Field names follow the product specification, so a theme
 * exported here imports into any other copy of the widget.
 */
export interface Theme {
  /** Background of the header, launcher and the visitor's bubbles: a colour or a gradient. */
  primaryGradient: string;
  /** Background of the welcome area and secondary surfaces: a colour or a gradient. */
  secondaryGradient: string;
  /** Buttons, links and focus rings. */
  accentColor: string;
  /** Logo image URL; empty means the brand's initial is shown instead. */
  logoUrl: string;
  brandName: string;
  /** The greeting shown at the top of an empty chat. */
  welcomeMessage: string;
  /** Labels of the suggestion chips in an empty chat; each one is sent as a message when chosen. */
  quickActions: string[];
  /** Trust badges next to the logo; at most two are shown. */
  badgeImages: string[];
}

/** A theme with some fields set: one layer of the effective theme. */
export type ThemePatch = Partial<Theme>;

/** The names of the theme fields, in a stable order (used for export and validation). */
export const THEME_FIELDS = [
  'primaryGradient',
  'secondaryGradient',
  'accentColor',
  'logoUrl',
  'brandName',
  'welcomeMessage',
  'quickActions',
  'badgeImages',
] as const satisfies readonly (keyof Theme)[];

/** How many badge images the welcome view shows. */
export const MAX_BADGES_SHOWN = 2;

/**
 * The store's display name from its domain: the first label that is not "www" or "shop", capitalised.
 * "www.acme-outfitters.com" gives "Acme-outfitters"; no domain gives "".
 */
export function storeNameFromDomain(storeDomain: string): string {
  const labels = storeDomain.toLowerCase().split('.').filter(Boolean);
  const meaningful = labels.find((label) => label !== 'www' && label !== 'shop') ?? labels[0] ?? '';
  if (!meaningful) return '';
  return meaningful.charAt(0).toUpperCase() + meaningful.slice(1);
}

/**
 * Whether nothing names the store: its brand name is the language's stand-in ("Our store"), which reads
 * wrong inside another sentence in many languages ("Otwórz czat z Nasz sklep"), so the sentences that
 * name the store have wordings of their own for it. A store that gives the stand-in a name of its own
 * gets those wordings filled with that name (i18n/language-choice.ts).
 */
export function isUnnamedStore(brandName: string, strings: StringTable): boolean {
  return brandName === strings.defaultBrandNameUnnamed;
}

/**
 * The ids of the default quick actions, in the order of `defaultQuickActions` in every language: a
 * chip sends its label in the visitor's language and, with it, the id, so a webhook can answer the
 * chip in any language (docs/webhook.md, "The request").
 */
export const DEFAULT_QUICK_ACTION_IDS = ['new-course', 'track-order', 'size-guide', 'contact-support'] as const;

/**
 * The id of the quick action at `index` labelled `label`: one of {@link DEFAULT_QUICK_ACTION_IDS} when
 * it is that default's label in the language shown; undefined for a store's own quick actions.
 */
export function quickActionId(label: string, index: number, strings: StringTable): string | undefined {
  const defaults = strings.defaultQuickActions.split('|');
  return defaults[index] === label ? DEFAULT_QUICK_ACTION_IDS[index] : undefined;
}

/**
 * The default theme for a store: the brand name is the store name with the "store"
 * suffix, and the welcome message names the store's domain, both worded in the widget's language.
 */
export function defaultTheme(storeDomain: string, strings: StringTable = englishStrings): Theme {
  const storeName = storeNameFromDomain(storeDomain);
  // A name in the visitor's language when the domain gives none, not an English word inside another language.
  const brandName = storeName ? formatString(strings.defaultBrandName, { storeName }) : strings.defaultBrandNameUnnamed;
  return {
    primaryGradient: 'linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)',
    secondaryGradient: 'linear-gradient(180deg, #eef2ff 0%, #ffffff 100%)',
    accentColor: '#4f46e5',
    logoUrl: '',
    brandName,
    welcomeMessage: storeDomain
      ? formatString(strings.defaultWelcomeMessage, { storeDomain })
      : strings.defaultWelcomeMessageUnnamed,
    quickActions: strings.defaultQuickActions.split('|'),
    badgeImages: [],
  };
}

/** The brand's first letter, for when there is no logo or it fails to load. */
export function brandInitial(brandName: string): string {
  return Array.from(brandName.trim())[0]?.toUpperCase() ?? '?';
}
