/** One step of a demo call: a line spoken by either side, or a tool the assistant calls. */
export type DemoStep =
  | { kind: 'say'; role: 'assistant' | 'user'; text: string }
  | { kind: 'tool'; name: string; arguments: Record<string, unknown> };

/** The scripted conversation of a demo call that starts with no context. */
export const DEMO_SCRIPT: readonly { role: 'assistant' | 'user'; text: string }[] = [
  { role: 'assistant', text: 'Hi! This is a demo call, so nothing leaves your browser.' },
  { role: 'user', text: 'Do you have the linen shirt in medium?' },
  { role: 'assistant', text: 'Yes, the linen shirt is in stock in medium.' },
  { role: 'user', text: 'Great, thank you.' },
  { role: 'assistant', text: 'You are welcome. Goodbye!' },
];

const say = (role: 'assistant' | 'user', text: string): DemoStep => ({ kind: 'say', role, text });

/** The product the page shows, from the call's `page_product_json` variable, if it names one. */
function pageProduct(variables: Record<string, unknown>): Record<string, unknown> | null {
  const json = variables.page_product_json;
  if (typeof json !== 'string') return null;
  try {
    const product: unknown = JSON.parse(json);
    return typeof product === 'object' && product !== null && typeof (product as { name?: unknown }).name === 'string' ? (product as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The demo call's script for the variables it was started with: the plain script without context;
 * with the visitor's last question, a first line that shows the call knew it; on a product page, the
 * assistant shows the product as a card and, when it has a variant, adds it to the cart.
 */
export function createDemoScript(variables: Record<string, unknown>): DemoStep[] {
  const question = typeof variables.last_question === 'string' ? variables.last_question.slice(0, 160) : '';
  const product = pageProduct(variables);
  if (!question && !product) return DEMO_SCRIPT.map((line) => say(line.role, line.text));
  const steps: DemoStep[] = [
    say('assistant', question ? `Hi! You asked: "${question}". This is a demo call, so nothing leaves your browser.` : 'Hi! This is a demo call, so nothing leaves your browser.'),
  ];
  if (product) {
    const name = String(product.name);
    const variantId = product.variantId ?? product.sku;
    steps.push(say('user', `Tell me about the ${name}.`));
    steps.push({ kind: 'tool', name: 'show_products', arguments: { products: [{ ...product, title: name }] } });
    steps.push(say('assistant', `Here is the ${name}.`));
    if (typeof variantId === 'string' || typeof variantId === 'number') {
      steps.push(say('user', 'Please add one to my cart.'));
      steps.push({ kind: 'tool', name: 'add_to_cart', arguments: { variantId: String(variantId), quantity: 1 } });
    }
  }
  steps.push(say('user', 'Great, thank you.'), say('assistant', 'You are welcome. Goodbye!'));
  return steps;
}
