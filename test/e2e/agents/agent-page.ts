import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { widgetPage, type FixtureServer } from '../fixture-server';
import type { E2eSession } from '../harness';
import { installTripwires } from '../security/page-guards';

/** The page's own cart (commerce="custom"): each add is recorded in `window.added` and succeeds. */
const CART_SCRIPT = `<script>window.added = [];
document.addEventListener('store-assistant:add-to-cart', (event) => {
  event.preventDefault();
  window.added.push({ variantId: event.detail.variantId, quantity: event.detail.quantity });
  event.detail.resolve({ itemCount: window.added.length, total: 10, currency: 'EUR' });
});</script>`;

/** A page with the widget speaking `protocol` to the agent at `agentPath`, and a cart; the chat open. */
export async function openAgentWidget(
  session: E2eSession,
  fixtures: FixtureServer,
  protocol: string,
  agentPath: string,
) {
  const opened = await session.newPage();
  await installTripwires(opened.page, `${fixtures.url}${agentPath}`);
  const attributes = `protocol="${protocol}" webhook-url="${agentPath}" typing-speed="0" commerce="custom" brand-name="Acme"`;
  const url = fixtures.page(`/${protocol}-${Math.random().toString(36).slice(2)}`, widgetPage(attributes, CART_SCRIPT));
  await opened.page.goto(url);
  await startChat(opened.page);
  return { ...opened, url, widget: opened.page.locator('store-assistant') };
}

/** Opens the conversation view through the element's API. */
export async function startChat(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('store-assistant')?.shadowRoot?.querySelector('.root'));
  await page.evaluate(() =>
    (document.querySelector('store-assistant') as HTMLElement & { startChat(): void }).startChat(),
  );
}

/** Sends `text` as the visitor through the element's API (once the widget takes it). */
export async function ask(page: Page, text: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (message) =>
          (
            document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean }
          ).sendMessage(message),
        text,
      ),
    )
    .toBe(true);
}

/** The cart lines the agent pages' cart adapter has added so far (`window.added`). */
export function cartAdds(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { added: unknown[] }).added);
}

/** Asks the agent to "add one" and waits for the cart proposal of its reply (the `index`th of the conversation). */
export async function proposalFor(page: Page, widget: Locator, index = 0): Promise<Locator> {
  await ask(page, 'add one');
  const proposal = widget.locator('.sa-proposal').nth(index);
  await proposal.waitFor();
  return proposal;
}

/** Answers a cart proposal with one of its buttons and waits until it shows the answer. */
export async function answerProposal(proposal: Locator, choice: 'Add to cart' | 'No thanks'): Promise<void> {
  await proposal.getByRole('button', { name: new RegExp(`^${choice}`) }).click();
  await proposal.getByText(choice === 'Add to cart' ? 'Added' : 'Not added').waitFor();
}

const corpus = JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/xss-payloads.json'), 'utf8')) as {
  sources: { name: string; payloads: string[] }[];
};
/** A sample of every public list of the corpus: at most about 40 vectors of each. */
export const HOSTILE_SAMPLE = corpus.sources.flatMap((source) =>
  source.payloads.filter((_, index) => index % Math.ceil(source.payloads.length / 40) === 0),
);

/**
 * Sends each of `messages` in the page, waits for each bot reply and returns what each reply left that
 * could run script: unsafe elements or attributes, and card links or images that are not safe URLs.
 */
export function sendAndScan(page: Page, messages: string[]): Promise<string[]> {
  return page.evaluate(async (list) => {
    const el = document.querySelector('store-assistant') as HTMLElement & { sendMessage(text: string): boolean };
    const findings: string[] = [];
    const scan = (root: Element) =>
      [...root.querySelectorAll('*')].flatMap((element) => {
        const found: string[] = [];
        const tag = element.tagName.toLowerCase();
        if (/^(form|iframe|object|embed|svg|math|script|style|frame|base|meta|link)$/.test(tag)) found.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
          if (/^on/i.test(attribute.name) || attribute.name === 'style') found.push(`<${tag} ${attribute.name}>`);
          if (/^(javascript|vbscript):/.test(value) || /^data:text/.test(value))
            found.push(`<${tag} ${attribute.name}>`);
        }
        const target =
          element.closest('.product-card') && (element.getAttribute('href') ?? element.getAttribute('src'));
        if (target && !/^(https:|data:image\/(png|jpe?g|gif|webp|avif);base64,|http:\/\/127\.0\.0\.1)/.test(target))
          found.push(`<${tag} ${target.slice(0, 60)}>`);
        return found;
      });
    for (const message of list) {
      const replied = new Promise<void>((resolve) => {
        const onMessage = (event: Event) => {
          if ((event as CustomEvent<{ sender: string }>).detail.sender !== 'bot') return;
          el.removeEventListener('store-assistant:message', onMessage);
          resolve();
        };
        el.addEventListener('store-assistant:message', onMessage);
      });
      if (!el.sendMessage(message)) throw new Error(`${message} could not be sent`);
      await replied;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const messages = el.shadowRoot?.querySelectorAll('.message.bot');
      const last = messages?.[messages.length - 1];
      const found = last ? scan(last) : ['no reply rendered'];
      if (found.length > 0) findings.push(`${message}: ${found.join(', ')}`);
    }
    return findings;
  }, messages);
}

/** A card with `payload` in every field. */
export function hostileCard(payload: string) {
  const fields = ['title', 'name', 'description', 'url', 'productUrl', 'image', 'imageUrl', 'price'];
  return Object.fromEntries(fields.map((field) => [field, payload]));
}
