import type { ConversationSummary } from '../chat-state';
import { markdownToPlainText } from '../markdown/plain-text';
import { greetingWords, type Message } from '../message';
import { withoutImageData } from '../replies/history';
import { capText } from '../../common/text-cut';
import type { StoredConversation } from './conversation-storage';

const SUMMARY_LENGTH = 80;

/** A table's delimiter row (`|---|:--:|`) or a thematic break (`---`, `***`, `___`): no words in either. */
const RULE_LINE =
  /^[ \t]*\|?[ \t]*(?::?-{2,}:?[ \t]*\|[ \t]*)*:?-{2,}:?[ \t]*\|?[ \t]*$|^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/;
/** A code fence line (```ts, ~~~): its content is kept, the fence itself is not. */
const FENCE_LINE = /^[ \t]*(?:`{3,}|~{3,})[^\n]*$/;

/** One line of markdown as words: a table row's cells apart, fences and rules gone. */
function lineAsWords(line: string): string {
  if (RULE_LINE.test(line) || FENCE_LINE.test(line)) return '';
  if (!/^[ \t]*\|/.test(line)) return line;
  return line
    .replace(/^[ \t]*\||\|[ \t]*$/g, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join(' · ');
}

/**
 * Markdown as the plain words of a one-line preview: tables, lists, code, links, images, emphasis,
 * headings, quotes and rules all reduced to their text, so a list shows no `|---|` or `**`.
 */
export function previewText(markdown: string): string {
  const lines = withoutImageData(markdown)
    // Reference definitions (`[1]: https://…`) are addresses, not words.
    .replace(/^[ \t]{0,3}\[[^\]]+\]:[ \t]*\S+.*$/gm, '')
    .split(/\r?\n/)
    .map(lineAsWords);
  return markdownToPlainText(
    lines
      .join('\n')
      // Reference links and images (`[text][1]`) read as their text.
      .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1'),
  );
}

/**
 * What summarising found of each message, worked out once: a message is never changed in place (a
 * change makes a new one), so a conversation that grows is summarised again at the cost of what is new,
 * not of everything it holds. Keyed by the store's greeting, which decides what says something.
 */
const readings = new Map<string, WeakMap<Message, { says: boolean; clipped: string }>>();

/** The message's preview text, and whether it says something worth naming a chat after. */
function reading(message: Message, storeGreeting: string | undefined) {
  let known = readings.get(storeGreeting ?? '');
  if (!known) readings.set(storeGreeting ?? '', (known = new WeakMap()));
  let found = known.get(message);
  if (!found) known.set(message, (found = readMessage(message, storeGreeting)));
  return found;
}

/**
 * The greetings "Ask a question" opened a chat with before the message carried its mark
 * ({@link Message.greeting}), in the languages the widget spoke then (English, Arabic, German, Spanish,
 * French): a conversation saved then is still not named after its greeting.
 */
const UNMARKED_GREETINGS = ['Hi', 'مرحبًا', 'Hallo', 'Hola', 'Bonjour'];
/**
 * {@link UNMARKED_GREETINGS} as compared, made on the first summary rather than when the script runs:
 * comparing compiles a Unicode-property pattern, which costs a phone milliseconds before the first view
 * that no saved chat needs yet.
 */
let unmarkedGreetingWords: ReadonlySet<string> | null = null;

/**
 * A message's preview text, cut to a summary's length, and whether it says something worth naming a
 * chat after: not the greeting that "Ask a question"
 * sends (marked, or saved unmarked before, or the store's own wording, compared as `storeGreeting`), not a
 * notice the widget wrote, not empty.
 */
function readMessage(message: Message, storeGreeting: string | undefined): { says: boolean; clipped: string } {
  const preview = previewText(message.content);
  const clipped = capText(preview, SUMMARY_LENGTH);
  if (message.origin === 'widget' || message.greeting) return { says: false, clipped };
  const words = greetingWords(preview);
  unmarkedGreetingWords ??= new Set(UNMARKED_GREETINGS.map(greetingWords));
  return { says: words !== '' && words !== storeGreeting && !unmarkedGreetingWords.has(words), clipped };
}

/**
 * The Chats view's entry for a conversation. Its title is the first message that says something (the
 * visitor's first question, else the first reply), its preview the last one; the greeting a chat starts
 * with names it only when nothing else was said. `greeting` is the store's own wording of it, if any.
 */
export function summarise(conversation: StoredConversation, greeting?: string): ConversationSummary {
  const { messages } = conversation;
  const storeGreeting = greeting === undefined ? undefined : greetingWords(greeting);
  const says = (message: Message) => reading(message, storeGreeting).says;
  // The first that says something, and the visitor's first: found from the start, and the last from the
  // end, so only the messages up to them are looked at.
  let firstTelling: Message | undefined;
  let firstQuestion: Message | undefined;
  for (const message of messages) {
    if (!says(message)) continue;
    firstTelling ??= message;
    if (message.sender === 'user') {
      firstQuestion = message;
      break;
    }
  }
  let last: Message | undefined;
  for (let index = messages.length - 1; index >= 0 && !last; index -= 1)
    if (says(messages[index] as Message)) last = messages[index];
  const titled = firstQuestion ?? firstTelling ?? messages[0];
  const previewed = last ?? messages[messages.length - 1];
  return {
    id: conversation.id,
    title: titled ? reading(titled, storeGreeting).clipped : '',
    preview: previewed ? reading(previewed, storeGreeting).clipped : '',
    updatedAt: conversation.updatedAt,
    messageCount: messages.length,
  };
}
