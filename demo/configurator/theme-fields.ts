/**
 * The fields of the theme's eight attributes: colours, logo, badges, texts and quick actions. Their
 * limits and checks are the element's own (src/theme/validate.ts).
 */
import { THEME_ATTRIBUTES } from '../../src/element/attributes';
import {
  MAX_BADGE_IMAGES,
  MAX_QUICK_ACTION_LENGTH,
  MAX_QUICK_ACTIONS,
  checkThemeField,
} from '../../src/theme/validate';
import { wirePickers, type PickerKind } from './colour-pickers';
import { controlById, type Control } from './dom';
import { backgroundRefusal, checkImage, cleanText, colourRefusal } from './element-rules';
import { field, fillLines, fillText, lines, readTrimmed, type Field } from './field';

/** Theme attribute to theme field, as the element maps them. */
export const THEME_KEYS = THEME_ATTRIBUTES;

/** The name of a theme attribute. */
export type ThemeAttribute = keyof typeof THEME_KEYS;

/** True for the eight attributes that set a theme field. */
export const isThemeAttribute = (attribute: string): attribute is ThemeAttribute =>
  Object.hasOwn(THEME_KEYS, attribute);

/** A display text (brand name, welcome message) of at most `max` characters. */
export function textField(attribute: ThemeAttribute, label: string, max: number): Field {
  return field(
    attribute,
    (control) => {
      const text = cleanText(control.value);
      if (!text) return { value: null };
      if (text.length > max)
        return { problem: `${label} can be at most ${max} characters long (it is ${text.length}).` };
      return { value: text, expected: text };
    },
    { fill: fillText },
  );
}

/** How the two kinds of colour field differ: what they accept and the example their messages give. */
const COLOUR_KINDS: Record<PickerKind, { refusal: (value: string) => string | null; example: string }> = {
  colour: { refusal: colourRefusal, example: '#4f46e5, rgb(79 70 229) or teal' },
  background: { refusal: backgroundRefusal, example: '#4f46e5 or linear-gradient(135deg, #4f46e5 0%, #7c3aed 100%)' },
};

/** A colour or gradient in a text field, with colour pickers that write it. */
export function colourField(attribute: ThemeAttribute, label: string, kind: PickerKind, changed: () => void): Field {
  const { refusal, example } = COLOUR_KINDS[kind];
  const pickers = wirePickers(attribute, controlById(`field-${attribute}`), kind, changed);
  const read = readTrimmed((value) => {
    const problem = refusal(value);
    if (problem) return { problem: `${label} ${problem}. Use something like ${example}.` };
    return { value, expected: value };
  });
  // Filling the text from a theme fires no input event, so the pickers are moved here.
  const fill = (control: Control, value: unknown) => {
    fillText(control, value);
    pickers.follow();
  };
  return field(attribute, read, { fill });
}

export function logoField(): Field {
  // An empty logo is expected as '' in the preview's theme (the brand's first letter, not a default logo).
  const read = readTrimmed(
    (value) => {
      const checked = checkImage(value);
      if ('problem' in checked) return { problem: `The logo address ${checked.problem}.` };
      return { value, expected: checked.url, warning: checked.warning };
    },
    { expected: '' },
  );
  return field('logo-url', read, { fill: fillText });
}

export function badgesField(): Field {
  return field(
    'badge-images',
    (control) => {
      const items = control.value.split(/\s+/).filter(Boolean);
      if (items.length === 0) return { value: null, expected: [] };
      if (items.length > MAX_BADGE_IMAGES)
        return { problem: `Up to ${MAX_BADGE_IMAGES} badge images are allowed (there are ${items.length}).` };
      const urls: string[] = [];
      const warnings: string[] = [];
      for (const item of items) {
        const checked = checkImage(item);
        if ('problem' in checked)
          return {
            problem: `The badge address ${item.length > 60 ? `${item.slice(0, 60)}…` : item} ${checked.problem}.`,
          };
        urls.push(checked.url);
        if (checked.warning) warnings.push(checked.warning);
      }
      return { value: items.join(' '), expected: urls, warning: warnings[0] };
    },
    { fill: fillLines },
  );
}

/**
 * A list as the quick-actions attribute takes it: `|`-separated when the element reads that back as
 * the same list, else JSON. An empty list is written out ("[]"): an empty or absent attribute would
 * bring back the default suggestions.
 */
export function quickActionsAttribute(items: readonly string[]): string {
  const joined = items.join('|');
  const readBack = checkThemeField('quickActions', joined, location.origin).value;
  return items.length > 0 && JSON.stringify(readBack) === JSON.stringify(items) ? joined : JSON.stringify(items);
}

export function quickActionsField(): Field {
  return field(
    'quick-actions',
    (control) => {
      const items = lines(control.value).map(cleanText).filter(Boolean);
      if (items.length > MAX_QUICK_ACTIONS)
        return { problem: `Up to ${MAX_QUICK_ACTIONS} quick actions are allowed (there are ${items.length}).` };
      const long = items.find((item) => item.length > MAX_QUICK_ACTION_LENGTH);
      if (long) return { problem: `"${long.slice(0, 40)}…" is longer than ${MAX_QUICK_ACTION_LENGTH} characters.` };
      return { value: quickActionsAttribute(items), expected: items };
    },
    { fill: fillLines },
  );
}
