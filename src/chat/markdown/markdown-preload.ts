import type { ChatDeps, ChatStore } from '../chat-state';

/** How long after the widget rendered the markdown stack is loaded in idle time. */
export const MARKDOWN_PRELOAD_DELAY_MS = 2_000;

/** Loading the markdown renderer: on the first reply at the latest, in idle time once the page has settled. */
export function createMarkdownLoading(
  store: ChatStore,
  deps: Pick<ChatDeps, 'loadMarkdown' | 'warn' | 'timers' | 'scheduleIdle'>,
) {
  const ensure = async (): Promise<void> => {
    if (store.getState().markdown) return;
    try {
      const markdown = await deps.loadMarkdown();
      store.setState({ markdown });
    } catch (error) {
      deps.warn(`the markdown renderer could not load; replies show as plain text (${(error as Error).message})`);
    }
  };

  return {
    ensure,

    /**
     * Loads the renderer in idle time a couple of seconds after the widget rendered, so the first reply
     * shows formatted and page load is not slowed. Returns the function that cancels it.
     */
    preload(): () => void {
      let cancelIdle = () => undefined as void;
      const timer = deps.timers.setTimeout(() => {
        cancelIdle = deps.scheduleIdle(() => void ensure());
      }, MARKDOWN_PRELOAD_DELAY_MS);
      return () => {
        deps.timers.clearTimeout(timer);
        cancelIdle();
      };
    },
  };
}
