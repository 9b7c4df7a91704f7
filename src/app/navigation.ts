import type { SafeStorage } from '../common/storage';
import type { SliceStore } from '../common/store';
import type { View } from './state';

/** Where the open view is remembered for the tab, so the visitor finds the chat where they left it. */
export const VIEW_STORAGE_KEY = 'store-assistant:view';
const VIEWS: readonly View[] = ['home', 'chats', 'faq', 'chat'];

/** What navigation reads and writes of the whole state. */
interface NavigationView {
  view: View;
  isOpen: boolean;
  unread: number;
}

/** Which view is shown and, in floating mode, whether the card is open: the one place both live. */
export function createNavigation(store: SliceStore<NavigationView, keyof NavigationView>, sessionStorage: SafeStorage) {
  return {
    /** Shows `view` and remembers it for the tab. */
    navigate(view: View): void {
      store.setState({ view });
      sessionStorage.set(VIEW_STORAGE_KEY, view);
    },

    /** Floating mode: shows or hides the card; opening it clears the unread badge. */
    setOpen(isOpen: boolean): void {
      store.setState((state) => ({ isOpen, unread: isOpen ? 0 : state.unread }));
    },

    /** Reopens the view the visitor left in this tab. */
    restoreView(): void {
      const saved = sessionStorage.get(VIEW_STORAGE_KEY);
      if (saved && (VIEWS as readonly string[]).includes(saved)) store.setState({ view: saved as View });
    },
  };
}
