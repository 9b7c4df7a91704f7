import { cutText } from '../common/text-cut';

/**
 * One step of a demo call: a line spoken by either side, or a tool the assistant calls, with what it
 * says once the widget has reported the tool's result.
 */
export type DemoStep =
  | { kind: 'say'; role: 'assistant' | 'user'; text: string }
  | { kind: 'tool'; name: string; arguments: Record<string, unknown>; ok: string; failed: string };

/** The scripted conversation of a demo call that starts with no context. */
export const DEMO_SCRIPT: readonly { role: 'assistant' | 'user'; text: string }[] = [
  { role: 'assistant', text: 'Hi! This is a demo call, so nothing leaves your browser.' },
  { role: 'user', text: 'Do you have the linen shirt in medium?' },
  { role: 'assistant', text: 'Yes, the linen shirt is in stock in medium.' },
  { role: 'user', text: 'Great, thank you.' },
  { role: 'assistant', text: 'You are welcome. Goodbye!' },
];

/** Cards the demo shows again at most. */
const MAX_DEMO_CARDS = 3;

const say = (role: 'assistant' | 'user', text: string): DemoStep => ({ kind: 'say', role, text });

type DemoProduct = Record<string, unknown> & { title: string };

function parse(json: unknown): unknown {
  if (typeof json !== 'string' || json === '') return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const titled = (value: unknown): value is DemoProduct =>
  typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';

/**
 * The products the demo talks about: the cards the chat showed last (`shown_products_json`), else the
 * product the page shows (`page_product_json`, its `name` as the title).
 */
function productsOf(variables: Record<string, unknown>): { products: DemoProduct[]; fromChat: boolean } {
  const shown = parse(variables.shown_products_json);
  const fromChat = Array.isArray(shown) ? shown.filter(titled).slice(0, MAX_DEMO_CARDS) : [];
  if (fromChat.length > 0) return { products: fromChat, fromChat: true };
  const page = parse(variables.page_product_json) as Record<string, unknown> | null;
  const name = page?.name;
  return { products: typeof name === 'string' ? [{ ...page, title: name }] : [], fromChat: false };
}

/** The first line: it shows what the call was started with (the visitor's question, else the page). */
function greeting(variables: Record<string, unknown>): string {
  const question = typeof variables.last_question === 'string' ? cutText(variables.last_question, 160) : '';
  const page = typeof variables.page_title === 'string' ? cutText(variables.page_title, 80) : '';
  const context = question ? `You asked: "${question}". ` : page ? `I see you are looking at ${page}. ` : '';
  return `Hi! ${context}This is a demo call, so nothing leaves your browser.`;
}

/** Shows the products, then adds the first one the cart can take (a variant id, not sold out). */
function shoppingSteps(products: DemoProduct[], fromChat: boolean): DemoStep[] {
  const first = products[0] as DemoProduct;
  const steps: DemoStep[] = [
    say('user', fromChat ? 'Can you show me those again?' : `Tell me about the ${first.title}.`),
    {
      kind: 'tool',
      name: 'show_products',
      arguments: { products },
      ok: `Here you are. The ${first.title} is a good place to start.`,
      failed: 'Sorry, I could not show them.',
    },
  ];
  const addable = products.find(
    (product) =>
      (typeof product.variantId === 'string' || typeof product.variantId === 'number') && product.available !== false,
  );
  if (addable) {
    steps.push(say('user', `Please add the ${addable.title} to my cart.`), {
      kind: 'tool',
      name: 'add_to_cart',
      arguments: { variantId: String(addable.variantId), quantity: 1 },
      ok: `Done: the ${addable.title} is in your cart. You can undo that in the chat.`,
      failed: `Sorry, I could not add the ${addable.title} to your cart.`,
    });
  }
  return steps;
}

/**
 * The demo call's script for the variables it was started with: the plain script without context;
 * otherwise a first line that shows what the call knew (the visitor's last question, or the page), and,
 * with cards in the chat or a product on the page, the assistant shows them as cards and adds one to
 * the cart, saying what happened once the widget reported each tool's result.
 */
export function createDemoScript(variables: Record<string, unknown>): DemoStep[] {
  const { products, fromChat } = productsOf(variables);
  const hasContext = typeof variables.last_question === 'string' && variables.last_question !== '';
  if (!hasContext && products.length === 0) return DEMO_SCRIPT.map((line) => say(line.role, line.text));
  return [
    say('assistant', greeting(variables)),
    ...(products.length > 0
      ? shoppingSteps(products, fromChat)
      : [
          say('user', 'Can you help me with that?'),
          say('assistant', 'Of course. In a real call I would answer it now.'),
        ]),
    say('user', 'Great, thank you.'),
    say('assistant', 'You are welcome. Goodbye!'),
  ];
}

/**
 * The demo call on the next page of the store: it goes on where the visitor landed, names the product
 * the page shows and offers it (the same tools as on the first page), else names the page.
 */
export function createRejoinScript(variables: Record<string, unknown>): DemoStep[] {
  const page = parse(variables.page_product_json) as Record<string, unknown> | null;
  const name = page?.name;
  const title = typeof variables.page_title === 'string' ? cutText(variables.page_title, 80) : '';
  const where = typeof name === 'string' ? `the ${cutText(name, 80)}` : title || 'this page';
  const steps: DemoStep[] = [say('assistant', `I am still here. Now you are looking at ${where}.`)];
  if (typeof name === 'string') steps.push(...shoppingSteps([{ ...page, title: name }], false));
  steps.push(say('user', 'Thanks, that is all.'), say('assistant', 'You are welcome. Goodbye!'));
  return steps;
}
