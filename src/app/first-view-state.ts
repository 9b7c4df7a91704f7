import type { SafeStorage } from '../common/storage';
import { HANDOFF_KEY_PREFIX } from '../handoff/handoff-record';
import { loadSavedTheme } from '../theme/saved-theme';
import { themeFor } from '../theme/theme-slice';
import { KEPT_CALL_KEY } from '../voice/kept-call';
import type { AssistantConfig } from './config';
import { languageBeforeSetUp } from './language';
import type { AssistantState } from './state';

/** What a first view drawn before the store is made shows (the launcher, or an inline card's greeting). */
export type FirstView = Pick<
  AssistantState,
  'config' | 'theme' | 'strings' | 'locale' | 'languagePending' | 'unread' | 'isOpen'
>;

/**
 * The first view of a widget configured with `config`, as the store will show it once made: the same
 * language choice, and the theme from the same layers (the defaults, the theme saved on this device, the
 * attributes). Nothing is unread yet: the saved conversations are read when the widget sets up.
 */
export function firstView(config: AssistantConfig, localStorage: SafeStorage, pageOrigin: string): FirstView {
  const language = languageBeforeSetUp(config);
  const saved = loadSavedTheme(localStorage, pageOrigin).patch;
  return {
    config,
    ...language,
    theme: themeFor(config, language.strings, { saved, imported: {} }),
    unread: 0,
    isOpen: false,
  };
}

/**
 * Whether this tab holds something the widget must take up as soon as the page has painted rather than
 * in idle time: a call a previous page kept, or a person's takeover in progress.
 */
export function hasSomethingToResume(localStorage: SafeStorage, sessionStorage: SafeStorage): boolean {
  if (sessionStorage.get(KEPT_CALL_KEY) !== null) return true;
  return [localStorage, sessionStorage].some((storage) =>
    storage.keys().some((key) => key.startsWith(HANDOFF_KEY_PREFIX)),
  );
}
