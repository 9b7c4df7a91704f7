import { isJsonObject } from '../common/own';

/** What may bring the invitation: a time on the page, a scroll depth, exit intent, an add to cart, a returning visitor. */
export type InviteTrigger =
  | { kind: 'time'; seconds: number }
  | { kind: 'scroll'; percent: number }
  | { kind: 'exit' }
  | { kind: 'add-to-cart' }
  | { kind: 'returning' };

/** The store's questions: one list for every product page, or lists by product type (`*` for the rest). */
export type InviteQuestions = string[] | Record<string, string[]>;

/** The settings of the invitation, from the `invite*` attributes. */
export interface InviteConfig {
  /** `invite`: empty means no invitation at all. */
  invite: InviteTrigger[];
  /** `invite-questions`: null asks the webhook for this page's suggestions. */
  inviteQuestions: InviteQuestions | null;
  /** `invite-limit`: invitations per session at most. */
  inviteLimit: number;
  /** `invite-snooze`: hours without an invitation after the visitor closed one. */
  inviteSnoozeHours: number;
  /** `invite-on-checkout`: whether cart and checkout pages may show it too. */
  inviteOnCheckout: boolean;
}

/** Invitations per session unless the store says otherwise: a second chance, never a pestering. */
export const DEFAULT_INVITE_LIMIT = 2;
/** Hours without an invitation after one was closed, unless the store says otherwise (7 days). */
export const DEFAULT_INVITE_SNOOZE_HOURS = 168;
/** Questions an invitation shows at most: two or three fit beside the launcher on a phone. */
export const MAX_INVITE_QUESTIONS = 3;
/** Longest question, in characters, once `{product}` is filled in. */
export const MAX_INVITE_QUESTION_LENGTH = 80;
/** Product types an `invite-questions` object may list. */
const MAX_PRODUCT_TYPES = 50;

/** The settings with no `invite*` attribute: no invitation. */
export const NO_INVITE: InviteConfig = {
  invite: [],
  inviteQuestions: null,
  inviteLimit: DEFAULT_INVITE_LIMIT,
  inviteSnoozeHours: DEFAULT_INVITE_SNOOZE_HOURS,
  inviteOnCheckout: false,
};

/** A problem with an `invite*` value, said in a few words for the console. */
export type Problem = (why: string, shown?: string) => void;

/** One trigger: `time:SECONDS` (0 to 3600), `scroll:PERCENT` (1 to 100), `exit`, `add-to-cart` or `returning`. */
function trigger(word: string): InviteTrigger | null {
  const [name, value, ...rest] = word.toLowerCase().split(':');
  if (rest.length > 0) return null;
  const number = value === undefined || value === '' ? NaN : Number(value);
  if (name === 'time' && number >= 0 && number <= 3600) return { kind: 'time', seconds: number };
  if (name === 'scroll' && number >= 1 && number <= 100) return { kind: 'scroll', percent: number };
  if (value !== undefined) return null;
  if (name === 'exit' || name === 'add-to-cart' || name === 'returning') return { kind: name };
  return null;
}

/**
 * `invite`: triggers separated by spaces or commas, any one of which brings the invitation. A word it
 * does not know is reported and left out; the others still apply.
 */
export function parseInviteTriggers(value: string, problem: Problem): InviteTrigger[] {
  const triggers: InviteTrigger[] = [];
  for (const word of value
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 20)) {
    const parsed = trigger(word);
    if (parsed) triggers.push(parsed);
    else problem('must be time:SECONDS, scroll:PERCENT, exit, add-to-cart or returning', word);
  }
  return triggers;
}

/** A list of question texts: strings only, white space folded, empty and overlong ones dropped. */
function questionList(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const list: string[] = [];
  for (const item of value.slice(0, 20)) {
    if (typeof item !== 'string') return null;
    // Control characters would make a button read other than it shows.
    const text = item
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text && text.length <= MAX_INVITE_QUESTION_LENGTH * 2) list.push(text);
  }
  return list;
}

/**
 * `invite-questions`: a JSON list of questions for every product page, or a JSON object of such lists by
 * product type, `*` for the types it does not name. Anything else is reported once and ignored: the
 * webhook is then asked for this page's questions instead.
 */
export function parseInviteQuestions(value: string, problem: Problem): InviteQuestions | undefined {
  let parsed: unknown;
  try {
    parsed = value.length <= 20_000 ? JSON.parse(value) : undefined;
  } catch {
    parsed = undefined;
  }
  const list = questionList(parsed);
  if (list) return list;
  if (isJsonObject(parsed)) {
    const byType: Record<string, string[]> = {};
    const entries = Object.entries(parsed).slice(0, MAX_PRODUCT_TYPES);
    for (const [type, questions] of entries) {
      const typed = questionList(questions);
      if (!typed) break;
      byType[type.trim().toLowerCase()] = typed;
    }
    if (Object.keys(byType).length === entries.length) return byType;
  }
  problem('must be a JSON list of questions, or a JSON object of such lists by product type ("*" for the rest)', '…');
  return undefined;
}

/** `invite-snooze`: days (`7`, `7d`) or hours (`12h`), from 0 to a year. Returns hours. */
export function parseInviteSnooze(value: string, problem: Problem): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([dh]?)$/i.exec(value.trim());
  const hours = match ? Number(match[1]) * (match[2]?.toLowerCase() === 'h' ? 1 : 24) : NaN;
  if (hours >= 0 && hours <= 366 * 24) return hours;
  problem('must be a number of days (7 or 7d) or hours (12h), at most a year');
  return undefined;
}

/** The store's questions for a product of `type` named `name`, `{product}` filled in; null when the store lists none for it. */
export function storeQuestions(
  questions: InviteQuestions | null,
  product: { name?: string; type?: string },
): string[] | null {
  if (!questions) return null;
  const list = Array.isArray(questions)
    ? questions
    : (questions[product.type?.trim().toLowerCase() ?? '\u0000'] ?? questions['*']);
  if (!list) return null;
  const filled = list.flatMap((question) => {
    if (!question.includes('{product}')) return [question];
    // Without the product's name such a question cannot be asked: it is left out.
    return product.name ? [question.split('{product}').join(product.name)] : [];
  });
  const kept = filled.filter((question) => question.length <= MAX_INVITE_QUESTION_LENGTH);
  return kept.length > 0 ? kept.slice(0, MAX_INVITE_QUESTIONS) : null;
}
