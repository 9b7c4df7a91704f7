/**
 * What the element needs to draw its first view and to read its attributes: their parsing, the first
 * view's state, the launcher and the inline card drawn in plain DOM, the stylesheets and the theme's
 * colours. The element reaches it only through {@link firstViewCode} (lazy-first-view.ts), so in the built
 * script none of it is evaluated when the script runs, only when an element first draws or configures.
 */
export { FIRST_VIEW_ATTRIBUTES, parseAttributes } from './attributes';
export { firstView, hasSomethingToResume } from '../app/first-view-state';
export { drawCardShell } from './card-shell';
export { drawLauncherShell } from './launcher-shell';
export { pageLanguage, pageLanguageFollower } from './page-language';
export { adoptStyles, FIRST_VIEW_STYLESHEET, WHOLE_STYLESHEET } from './stylesheet';
export { darkSchemeTextColors, launcherColorVariables, themeColorVariables, themeTextColors } from './theme-colors';
