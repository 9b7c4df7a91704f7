import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustomerId } from '../../../demo/orders.mjs';
import { startScriptedModel, type ModelTurn, type ScriptedModel } from '../../support/loopback/openai-compatible';
import { startAnyStore, type AnyStore } from '../../support/loopback/any-store';
import { startWooStore, type WooOrder, type WooProduct, type WooStore } from '../../support/loopback/woocommerce';
import { n8nInstallDir, N8N_VERSION } from './install';
import { credentialsFor, fillIn, shippedWorkflow, webhookPath } from './store-setup';
import { cardTitles, shadowText, signIn, withStoreSuite } from './store-suite';

// workflows/woocommerce.json (and workflows/any-store.json, in the same n8n), imported unchanged into a real n8n but for what its notes say to fill in,
// answering the built widget in Chromium from a loopback WooCommerce store (Store API, REST orders, policy
// pages) and a scripted OpenAI-compatible model. Runs with N8N_E2E=1, like the rest of the real-n8n suite.

const ENABLED = process.env.N8N_E2E === '1';
if (!ENABLED)
  console.info(`WooCommerce workflow suite skipped: set N8N_E2E=1 (it installs n8n into ${n8nInstallDir()})`);

const MODEL_NAME = 'oak-chat-2';
const SECRET = 'wool-and-oak-secret';
const SHOPPER = { id: '52', email: 'ines@woolandoak.example', name: 'Inês' };
const POLICY = 'You can return any unused item within 60 days for a full refund.';

const product = (id: number, name: string, price: number, category: string, inStock = true): WooProduct => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  description: `${name}, knitted in Yorkshire.`,
  image: '',
  price,
  currency: 'GBP',
  category,
  inStock,
});

const order = (id: number, customer: number, email: string, item: string, status: string): WooOrder => ({
  id,
  number: String(id),
  customer_id: customer,
  status,
  date_created: '2026-11-21T09:30:00',
  total: '24.50',
  currency: 'GBP',
  billing: { email },
  line_items: [{ name: item, quantity: 1, image: { src: '' } }],
});

function policyFrom(turn: ModelTurn): string {
  return /You can return[^"\\<]*/.exec(turn.toolResults.join(' '))?.[0] ?? 'no answer';
}

describe.skipIf(!ENABLED)(`workflows/woocommerce.json in a real n8n ${N8N_VERSION}`, () => {
  let model: ScriptedModel;
  let store: WooStore;
  let anyStore: AnyStore;
  let path = '';
  beforeAll(async () => {
    [model, store, anyStore] = await Promise.all([
      startScriptedModel(),
      startWooStore({
        products: [
          product(301, 'Oak Merino Beanie', 2450, 'Hats'),
          product(302, 'Oak Merino Scarf', 3900, 'Scarves'),
          product(303, 'Oak Merino Mittens', 1800, 'Gloves', false),
        ],
        pages: { refund_returns: `<p>${POLICY}</p>` },
        orders: [
          order(1077, Number(SHOPPER.id), SHOPPER.email, 'Oak Merino Beanie', 'completed'),
          order(1078, 53, 'tom@woolandoak.example', 'Oak Merino Scarf', 'processing'),
        ],
        consumerKey: 'ck_loopback',
        consumerSecret: 'cs_loopback',
      }),
      startAnyStore([
        {
          id: 'wb-7',
          title: 'Walnut Serving Board',
          description: 'Oiled walnut, 40 cm.',
          url: 'https://walnut-works.example/p/serving-board',
          image: 'https://walnut-works.example/img/serving-board.jpg',
          price: 42.5,
          currency: 'USD',
          variantId: 'wb-7-l',
          available: true,
        },
      ]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([model?.close(), store?.close(), anyStore?.close()]);
  });

  const { suite, ask } = withStoreSuite((storeOrigin, webhooks) => {
    const workflow = fillIn(shippedWorkflow('woocommerce.json'), {
      storeOrigin,
      secret: SECRET,
      settings: {
        storeUrl: store.origin,
        storeName: 'Wool & Oak',
        model: MODEL_NAME,
        policyPages: 'refund_returns',
        contactEmail: 'hello@woolandoak.example',
      },
    });
    path = webhookPath(workflow);
    const any = fillIn(shippedWorkflow('any-store.json'), {
      storeOrigin,
      settings: {
        searchUrl: anyStore.searchUrl,
        storeName: 'Walnut Works',
        model: MODEL_NAME,
        contactEmail: 'hi@walnut.example',
      },
    });
    return {
      pages: { '/': `${webhooks}${path}`, '/any': `${webhooks}${webhookPath(any)}` },
      workflows: [workflow, any],
      credentials: credentialsFor(workflow, {
        openAiApi: { apiKey: 'sk-loopback-oak', url: model.baseUrl },
        httpBasicAuth: { user: store.consumerKey, password: store.consumerSecret },
      }),
      readyPaths: [path, webhookPath(any)],
    };
  }, 60_000);
  it("shows the store's products as cards with its prices, from the Store API", async () => {
    model.script('merino', [
      { call: { name: 'search_products', arguments: { search: 'merino', category: '' } } },
      { say: 'Our merino range:' },
    ]);
    const { page, pageErrors, reply } = await ask('Do you have merino things?');
    expect(reply).toContain('Our merino range:');
    await expect.poll(() => cardTitles(page)).toEqual(['Oak Merino Beanie', 'Oak Merino Scarf', 'Oak Merino Mittens']);
    const cards = await page.locator('store-assistant .product-card').allTextContents();
    expect(cards[0]).toContain('£24.50');
    expect(cards[1]).toContain('£39.00');
    expect(reply).toContain('Oak Merino Mittens is sold out at the moment.');
    expect(store.searches.at(-1)?.get('search')).toBe('merino');
    expect(model.requests.at(-1)?.model).toBe(MODEL_NAME);
    expect(pageErrors).toEqual([]);
  });

  it('searches within a category the model names', async () => {
    model.script('merino hat', [
      { call: { name: 'search_products', arguments: { search: 'merino', category: 'hats' } } },
      { say: 'In hats:' },
    ]);
    const { page } = await ask('Any merino hat?');
    await expect.poll(() => cardTitles(page)).toEqual(['Oak Merino Beanie']);
    expect(store.searches.at(-1)?.get('category')).toBe('hats');
  });

  it("answers the return policy from the store's own policy page", async () => {
    model.script('return policy', [
      { call: { name: 'store_policies', arguments: {} } },
      { say: (turn) => `Our policy: ${policyFrom(turn)}` },
    ]);
    const { reply } = await ask('What is your return policy?');
    expect(reply).toContain(POLICY);
  });

  it('shows a signed-in shopper their order from the REST API; a forged signature sees none', async () => {
    const signed = await ask('Where is my order?', (page) => signIn(page, SHOPPER, signCustomerId(SHOPPER.id, SECRET)));
    expect(signed.reply).toContain(`Here are your recent orders, ${SHOPPER.name}:`);
    const card = signed.page.locator('store-assistant .order-card');
    await expect.poll(() => card.locator('.order-title').allTextContents()).toEqual(['Order 1077']);
    expect(store.orderRequests.at(-1)).toBe(`/wp-json/wc/v3/orders?per_page=5&customer=${SHOPPER.id}`);

    const asked = store.orderRequests.length;
    const forged = await ask('Where is my order?', (page) => signIn(page, SHOPPER, 'f'.repeat(64)));
    expect(forged.reply).toContain("I couldn't confirm that you're signed in");
    expect(await forged.page.locator('store-assistant .order-card').count()).toBe(0);
    expect(await shadowText(forged.page)).not.toMatch(/1077|Oak Merino Beanie/);
    expect(store.orderRequests.length).toBe(asked);
  });

  it("finds a guest's order by number and email, and answers a wrong pair like an unknown order", async () => {
    const post = async (number: string, email: string) => {
      const response = await fetch(`${suite.n8n.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: suite.store.origin },
        body: JSON.stringify({
          message: `Where is order ${number}?`,
          history: [],
          sessionId: `guest-${number}`,
          context: { orderLookup: { number, email } },
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { output: string; orders?: { number: string; status: string }[] };
    };
    const found = await post('1077', SHOPPER.email);
    expect(found.orders?.map((each) => [each.number, each.status])).toEqual([['1077', 'shipped']]);
    const otherEmail = await post('1078', SHOPPER.email);
    expect(otherEmail).toEqual({ output: "I couldn't find an order with that number and email." });
    expect(await post('9999', SHOPPER.email)).toEqual(otherEmail);
  });

  it('gives a clear sentence and the email form when the Store API refuses, or finds nothing', async () => {
    model.script('cardigan', [
      { call: { name: 'search_products', arguments: { search: 'cardigan', category: '' } } },
      { say: 'Our Oak Cardigan is £99.' },
    ]);
    const empty = await ask('Do you have a cardigan?');
    expect(empty.reply).toContain("I couldn't find anything like that in our shop.");
    await empty.page.getByRole('textbox', { name: 'Email address' }).waitFor();
    expect(await shadowText(empty.page)).not.toContain('£99');

    model.script('socks', [
      { call: { name: 'search_products', arguments: { search: 'socks', category: '' } } },
      { say: 'Our Oak Socks are £12.' },
    ]);
    store.refusing = true;
    try {
      const refused = await ask('Do you have socks?');
      expect(refused.reply).toContain("Sorry, I can't reach our catalogue right now, so I won't guess.");
      await refused.page.getByRole('textbox', { name: 'Email address' }).waitFor();
      expect(await shadowText(refused.page)).not.toMatch(/£12|503|error/i);
    } finally {
      store.refusing = false;
    }
  });

  it('any store: shows the cards of its own search endpoint, each field as the endpoint gave it', async () => {
    model.script('walnut', [
      { call: { name: 'search_products', arguments: { search: 'walnut board' } } },
      { say: 'This one is lovely.' },
    ]);
    const { page, reply } = await ask('Something in walnut?', undefined, '/any');
    expect(reply).toContain('This one is lovely.');
    await expect.poll(() => cardTitles(page)).toEqual(['Walnut Serving Board']);
    expect(await page.locator('store-assistant .product-card').textContent()).toContain('$42.50');
    expect(anyStore.queries.at(-1)).toBe('walnut board');
  });
});
