import type { AssistantState } from '../app/state';
import { translate } from '../i18n/translate';
import { isUnnamedStore } from '../theme/theme';

/** What the launcher's name is made of. */
export type LauncherNaming = Pick<AssistantState, 'theme' | 'strings' | 'locale' | 'unread' | 'languagePending'>;

/**
 * The launcher's accessible name, one rule for React's launcher and for the one drawn before React
 * (element/launcher-shell.ts). Open, it closes the card. Closed, it opens the chat with the store, and
 * says how many replies are waiting. A store nothing names is not put inside the sentence: its stand-in
 * name reads wrong there in many languages. While the visitor's language is on its way the brand alone
 * names it, which needs no translation, rather than English first; a store nothing names has no brand of
 * its own to be named by, and gets the English sentence for that moment.
 */
export function launcherLabel(
  { theme: { brandName }, strings, locale, unread, languagePending }: LauncherNaming,
  isOpen: boolean,
): string {
  const unnamed = isUnnamedStore(brandName, strings);
  if (languagePending && !unnamed) return brandName;
  if (isOpen) return strings.closeChat;
  if (unnamed)
    return translate(strings, locale, unread > 0 ? 'openChatUnreadUnnamed' : 'openChatUnnamed', { count: unread });
  return translate(strings, locale, unread > 0 ? 'openChatUnread' : 'openChat', { brandName, count: unread });
}
