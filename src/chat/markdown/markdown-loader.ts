import { onIdle } from '../../common/next-task';
import { loadPart } from '../../common/parts';
import type { MarkdownOptions } from './markdown';
import type { MarkdownPart } from './markdown-part';
import { numberFormatSteps } from '../replies/price';
import { plainTextToHtml } from './visible-text';

// Plain text as HTML lives with the other text helpers; importers of the loader find it here too.
export { plainTextToHtml };

/** Renders bot markdown to sanitised HTML. */
export type MarkdownRenderer = (text: string, options: MarkdownOptions) => string;

let loading: Promise<MarkdownRenderer> | null = null;
/** The sanitising renderer, once loaded (never where the sanitiser is not supported). */
let sanitising: MarkdownRenderer | null = null;
/** Texts rendered lately and their HTML: the live region reads a reply without rendering it again. */
const recent = new Map<string, string>();

/**
 * `render`, never throwing: a reply it cannot render shows as plain text instead, so one hostile reply
 * cannot break the message list. Each result is remembered for {@link renderedHtml}.
 */
function contained(render: MarkdownRenderer): MarkdownRenderer {
  return (text, options) => {
    let html: string;
    try {
      html = render(text, options);
    } catch {
      html = plainTextToHtml(text);
    }
    // A handful is enough: a reply is read out right after it was rendered.
    if (recent.size > 9) recent.clear();
    recent.set(text, html);
    return html;
  };
}

/**
 * The sanitised HTML a bot message with this markdown shows, for reading it out: the render the message
 * list just made, or a new one. Null until the sanitising renderer has loaded.
 */
export function renderedHtml(markdown: string): string | null {
  if (!sanitising) return null;
  return recent.get(markdown) ?? sanitising(markdown, { imageHosts: [], pageOrigin: location.origin });
}

/** The longest a warm-up step takes on a slow phone: a further step starts only while an idle period has this left. */
const WARM_UP_STEP_MS = 35;

/**
 * Runs `steps` in the browser's idle periods: the first step of a period always, further ones while the
 * period has room for them, so none runs into the page's next input or frame. Browsers without idle
 * callbacks get a short timer per step.
 */
function runWhenIdle(steps: Array<() => void>): void {
  const work = (deadline?: IdleDeadline): void => {
    do {
      try {
        steps.shift()?.();
      } catch {
        // A step that fails leaves that cost to the first reply; nothing else depends on it.
      }
    } while (steps.length > 0 && (deadline?.timeRemaining() ?? 0) > WARM_UP_STEP_MS);
    if (steps.length > 0) onIdle(work);
  };
  onIdle(work);
}

/**
 * Loads the markdown stack (marked and DOMPurify) on first use. It is a part beside the script
 * (`store-assistant.markdown.js`, src/chat/markdown/markdown-part.ts), fetched only now, so it costs a
 * page view nothing until the chat needs it; marked and DOMPurify are then evaluated each in a task of
 * its own, and warmed up in idle time afterwards. A browser the sanitiser does not support gets plain
 * text instead of markdown. A part that could not be loaded is asked for again by the next call (the
 * next reply); replies show as escaped plain text meanwhile.
 */
export function loadMarkdown(): Promise<MarkdownRenderer> {
  loading ??= (async () => {
    const module = await (await loadPart<MarkdownPart>('markdown')).loadRenderer();
    if (!module.sanitizerSupported) return plainTextToHtml;
    sanitising = contained(module.renderMarkdown);
    // The first reply's one-time costs (the browser's locale data for card prices, compiling marked's
    // expressions, DOMPurify's first call) are paid in idle time, step by step, instead of in its task.
    // The locale data's two steps (some 25 ms each on a phone) go first: each then starts an idle
    // callback of its own, which leaves no room for another step after it.
    runWhenIdle([...numberFormatSteps(), ...module.warmUpSteps()]);
    return sanitising;
  })();
  const current = loading;
  current.catch(() => {
    if (loading === current) loading = null;
  });
  return current;
}
