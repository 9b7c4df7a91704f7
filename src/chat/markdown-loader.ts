import { nextTask } from '../shared/next-task';
import type { MarkdownOptions } from './markdown';

/** Renders bot markdown to sanitised HTML. */
export type MarkdownRenderer = (text: string, options: MarkdownOptions) => string;

let loading: Promise<MarkdownRenderer> | null = null;

/** Escapes text into HTML that shows it verbatim, keeping line breaks. */
export function plainTextToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`).replace(/\n/g, '<br>');
}

/**
 * Loads the markdown stack (marked and DOMPurify) on first use. The one-file build keeps it inside the
 * script but evaluates it only now, so it costs nothing on page load. A browser the sanitiser does not
 * support gets plain text instead of markdown.
 */
export function loadMarkdown(): Promise<MarkdownRenderer> {
  loading ??= (async () => {
    // marked and DOMPurify are evaluated in tasks of their own, so neither adds to a long task.
    await import('marked');
    await nextTask();
    await import('dompurify');
    await nextTask();
    const module = await import('./markdown');
    return module.sanitizerSupported ? module.renderMarkdown : plainTextToHtml;
  })();
  return loading;
}
