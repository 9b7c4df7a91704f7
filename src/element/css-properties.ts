/** How one CSS custom property is documented. */
export interface CssPropertyDoc {
  /** Where its value comes from (markdown). */
  setFrom: string;
  /** Its value when nothing sets it (markdown). */
  default: string;
  /**
   * `theme`: the widget sets it from the theme; `page`: the widget never sets it, page CSS may set it on
   * `store-assistant`; `widget`: the widget derives it and sets it, page CSS should not.
   */
  setBy: 'theme' | 'page' | 'widget';
}

/**
 * The CSS custom properties of `<store-assistant>`, declared once: the ones the widget's stylesheet
 * reads from the element and the ones the widget sets on it. From this table come the README's two
 * tables and the cssProperties of custom-elements.json; test/unit/element/css-contract.test.ts fails when the
 * stylesheet or the code uses one missing here, or when one declared here is used nowhere.
 * Documentation only: the script does not include it.
 */
export const CSS_PROPERTIES = {
  '--sa-primary-gradient': { setFrom: 'theme `primaryGradient`', default: 'indigo to violet gradient', setBy: 'theme' },
  '--sa-secondary-gradient': {
    setFrom: 'theme `secondaryGradient`',
    default: 'pale indigo to white gradient',
    setBy: 'theme',
  },
  '--sa-accent-color': { setFrom: 'theme `accentColor`', default: '`#4f46e5`', setBy: 'theme' },
  '--sa-font-family': { setFrom: 'page CSS', default: 'the system UI font', setBy: 'page' },
  '--sa-text-color': { setFrom: 'page CSS', default: '`#0f172a`', setBy: 'page' },
  '--sa-card-max-width': { setFrom: 'page CSS', default: '`400px`', setBy: 'page' },
  '--sa-card-height': { setFrom: 'page CSS', default: '`600px`', setBy: 'page' },
  '--sa-z-index': { setFrom: 'page CSS', default: '`2147483000` (floating mode)', setBy: 'page' },
  '--sa-launcher-offset': {
    setFrom:
      'page CSS: raises the floating launcher and card above a sticky bar at the bottom of the page (a "Buy now" bar), for example `store-assistant { --sa-launcher-offset: 64px; }`',
    default: '`0px`',
    setBy: 'page',
  },
  '--sa-on-primary': {
    setFrom:
      'text colour on `primaryGradient`: white, or dark where white would fall below 4.5:1 on any of its colours',
    default: '`#ffffff`',
    setBy: 'widget',
  },
  '--sa-on-accent': {
    setFrom: 'text colour on `accentColor` buttons, chosen the same way',
    default: '`#ffffff`',
    setBy: 'widget',
  },
  '--sa-accent-text': {
    setFrom: '`accentColor` for links, prices and focus rings on white, darkened just enough to reach 4.5:1',
    default: '`#4f46e5`',
    setBy: 'widget',
  },
  '--sa-accent-text-dark': {
    setFrom: "the same for the dark colour scheme's surfaces, lightened just enough to reach 4.5:1",
    default: 'a lighter indigo',
    setBy: 'widget',
  },
  '--sa-viewport-height': {
    setFrom:
      'the height of the visual viewport: followed while the floating card is open (phones: above the on-screen keyboard), measured once ahead while it is closed',
    default: 'unset',
    setBy: 'widget',
  },
  '--sa-viewport-top': {
    setFrom: 'the top of the visual viewport, like --sa-viewport-height',
    default: 'unset',
    setBy: 'widget',
  },
} as const satisfies Record<`--sa-${string}`, CssPropertyDoc>;
