import { nextTask } from '../../common/next-task';
import { registerPart } from '../../common/parts';

/** The sanitising renderer's module, as the markdown part hands it over. */
export type MarkdownModule = typeof import('./markdown');

/** What the markdown part brings: its renderer, evaluated when first asked for. */
export interface MarkdownPart {
  loadRenderer(): Promise<MarkdownModule>;
}

/**
 * The markdown part: what `store-assistant.markdown.js`, the file beside the script, registers when it
 * runs. It carries marked and DOMPurify (about a sixth of the script), which a page view needs only once
 * the chat shows a reply, so the main script stays smaller for every visitor who never opens the chat.
 * Loading the file evaluates neither: each is evaluated when the renderer is asked for, in a task of its
 * own, so neither adds to a long task.
 */
const part: MarkdownPart = {
  async loadRenderer() {
    await import('marked');
    await nextTask();
    await import('dompurify');
    await nextTask();
    return import('./markdown');
  },
};

registerPart('markdown', part);
