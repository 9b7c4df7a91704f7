import type { ChatDeps, ChatStore } from '../chat-state';

/** How long after a card shown as the page loads the markdown stack is loaded in idle time. */
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
     * Loads the renderer in idle time `delayMs` from now (by default a couple of seconds, so a card shown
     * as the page loads does not slow it), so the first reply shows formatted. Returns the function that
     * cancels it.
     */
    preload(delayMs = MARKDOWN_PRELOAD_DELAY_MS): () => void {
      let cancelIdle = () => undefined as void;
      const timer = deps.timers.setTimeout(() => {
        cancelIdle = deps.scheduleIdle(() => void ensure());
      }, delayMs);
      return () => {
        deps.timers.clearTimeout(timer);
        cancelIdle();
      };
    },
  };
}
