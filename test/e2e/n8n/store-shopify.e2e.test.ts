import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCustomerId } from '../../../demo/orders.mjs';
import { startScriptedModel, type ModelTurn, type ScriptedModel } from '../../support/loopback/openai-compatible';
import {
  startShopifyStore,
  type ShopifyStore,
  type ShopOrder,
  type ShopProduct,
  type UcpMode,
} from '../../support/loopback/shopify-ucp';
import { n8nInstallDir, N8N_VERSION } from './install';
import { credentialsFor, fillIn, shippedWorkflow, webhookPath } from './store-setup';
import { cardTitles, shadowText, signIn, withStoreSuite } from './store-suite';

// workflows/shopify.json, imported unchanged into a real n8n but for what its notes say to fill in, answering
// the built widget in Chromium from a loopback Shopify store (its UCP endpoint and Admin API) and a
// scripted OpenAI-compatible model. Runs with N8N_E2E=1, like the rest of the real-n8n suite.

const ENABLED = process.env.N8N_E2E === '1';
if (!ENABLED) console.info(`Shopify workflow suite skipped: set N8N_E2E=1 (it installs n8n into ${n8nInstallDir()})`);

const PROFILE = 'https://harbor-goods.example/.well-known/ucp-agent.json';
const MODEL_NAME = 'harbor-chat-1';
const MODEL_KEY = 'sk-loopback-harbor';
const SECRET = 'harbor-signing-secret';
const SHOPPER = { id: '8801', email: 'mara@harbor.example', name: 'Mara' };
const POLICY = 'Returns are free within 45 days of delivery, unworn and with the tags on.';
const meta = { 'ucp-agent': { profile: PROFILE } };

const product = (id: number, title: string, price: number, available = true): ShopProduct => ({
  id: `gid://shopify/Product/${id}`,
  handle: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  description: `${title}, made in Porto.`,
  image: `https://cdn.shopify.com/s/files/1/harbor/${id}.jpg`,
  price,
  currency: 'EUR',
  variantId: `gid://shopify/ProductVariant/${id}1`,
  available,
});

const CATALOGUE = [
  product(41, 'Harbor Linen Shirt', 5900),
  product(42, 'Harbor Linen Trousers', 7950),
  product(43, 'Tidewater Raincoat', 18900, false),
];

const order = (customerId: string, name: string, email: string, item: string): ShopOrder => ({
  customerId,
  name,
  email,
  createdAt: '2026-11-20T10:00:00Z',
  cancelledAt: null,
  displayFinancialStatus: 'PAID',
  displayFulfillmentStatus: 'FULFILLED',
  totalPriceSet: { shopMoney: { amount: '59.00', currencyCode: 'EUR' } },
  lineItems: { nodes: [{ title: item, quantity: 1, image: null }] },
  fulfillments: [
    {
      displayStatus: 'IN_TRANSIT',
      estimatedDeliveryAt: '2026-11-27T00:00:00Z',
      trackingInfo: [{ number: 'HB123456789PT', company: 'CTT', url: 'https://www.ctt.pt/track?HB123456789PT' }],
    },
  ],
});

/** The tool's answer as the model receives it, for a scripted reply that quotes it. */
function policyFrom(turn: ModelTurn): string {
  return /Returns are free[^"\\]*/.exec(turn.toolResults.join(' '))?.[0] ?? 'no answer';
}

describe.skipIf(!ENABLED)(`workflows/shopify.json in a real n8n ${N8N_VERSION}`, () => {
  let model: ScriptedModel;
  let shop: ShopifyStore;
  let path = '';
  beforeAll(async () => {
    [model, shop] = await Promise.all([
      startScriptedModel(),
      startShopifyStore({
        catalogue: CATALOGUE,
        policies: POLICY,
        orders: [
          order(SHOPPER.id, '#2042', SHOPPER.email, 'Harbor Linen Shirt'),
          order('8802', '#2043', 'bo@harbor.example', 'Tidewater Raincoat'),
        ],
        accessToken: 'shpat_loopback_harbor',
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([model?.close(), shop?.close()]);
  });

  const { suite, ask } = withStoreSuite((storeOrigin, webhooks) => {
    const workflow = fillIn(shippedWorkflow('shopify.json'), {
      storeOrigin,
      secret: SECRET,
      settings: {
        shopUrl: shop.origin,
        storeName: 'Harbor Goods',
        model: MODEL_NAME,
        // A slow model is given up on after this, twice (one retry): short here, so that test stays short.
        modelTimeoutSeconds: '2',
        // A store endpoint that never answers its check is given up on after this.
        storeCheckTimeoutSeconds: '2',
        agentProfile: PROFILE,
        contactEmail: 'help@harbor.example',
      },
    });
    path = webhookPath(workflow);
    return {
      pages: { '/': `${webhooks}${path}` },
      workflows: [workflow],
      credentials: credentialsFor(workflow, {
        openAiApi: { apiKey: MODEL_KEY, url: model.baseUrl },
        httpHeaderAuth: { name: 'X-Shopify-Access-Token', value: shop.accessToken },
      }),
      readyPaths: [path],
    };
  }, 60_000);
  it("shows the store's own products as cards, with its prices, from a search_catalog call on /api/ucp/mcp", async () => {
    model.script('linen', [
      { call: { name: 'search_catalog', arguments: { meta, catalog: { query: 'linen' } } } },
      { say: 'Here is our linen for this summer.' },
    ]);
    const { page, pageErrors, reply } = await ask('Do you have anything in linen?');
    expect(reply).toContain('Here is our linen for this summer.');
    await expect.poll(() => cardTitles(page)).toEqual(['Harbor Linen Shirt', 'Harbor Linen Trousers']);
    const cards = await page.locator('store-assistant .product-card').allTextContents();
    expect(cards[0]).toContain('€59.00');
    expect(cards[1]).toContain('€79.50');
    const search = shop.calls.find((call) => call.name === 'search_catalog');
    expect(search?.arguments).toEqual({ meta, catalog: { query: 'linen' } });
    const asked = model.requests.find((request) => request.messages.some((m) => String(m.content).includes('linen')));
    expect(asked?.model).toBe(MODEL_NAME);
    expect(asked?.authorization).toBe(`Bearer ${MODEL_KEY}`);
    expect(asked?.toolNames.sort()).toEqual(['ask_business', 'get_product', 'lookup_catalog', 'search_catalog']);
    expect(pageErrors).toEqual([]);
  });
  it("answers a policy question from the store's own policy text, through ask_business", async () => {
    model.script('return policy', [
      { call: { name: 'ask_business', arguments: { meta, ask: { query: 'return policy' } } } },
      { say: (turn) => `Our policy: ${policyFrom(turn)}` },
    ]);
    const { page, reply } = await ask('What is your return policy?');
    expect(reply).toContain(POLICY);
    expect(await page.locator('store-assistant .product-card').count()).toBe(0);
    expect(shop.calls.find((call) => call.name === 'ask_business')?.arguments).toEqual({
      meta,
      ask: { query: 'return policy' },
    });
  });

  it('shows a signed-in shopper their own order, from the Admin API, once n8n has checked the signature', async () => {
    const before = model.requests.length;
    const { page, reply } = await ask('Where is my order?', (page) =>
      signIn(page, SHOPPER, signCustomerId(SHOPPER.id, SECRET)),
    );
    expect(reply).toContain(`Here are your recent orders, ${SHOPPER.name}:`);
    const card = page.locator('store-assistant .order-card');
    await expect.poll(() => card.locator('.order-title').allTextContents()).toEqual(['Order 2042']);
    expect(await card.textContent()).toContain('Harbor Linen Shirt');
    expect(await shadowText(page)).not.toContain('2043');
    expect(shop.adminRequests.at(-1)).toEqual({
      token: shop.accessToken,
      variables: { customerId: `gid://shopify/Customer/${SHOPPER.id}` },
    });
    // Orders never reach the model: only the greeting went to it.
    const toModel = model.requests.slice(before).map((request) => JSON.stringify(request.messages));
    expect(toModel.some((messages) => messages.includes('Where is my order'))).toBe(false);
  });

  it('tells a forged signature nothing of any order, and asks no order API', async () => {
    const asked = shop.adminRequests.length;
    const { page, reply } = await ask('Where is my order?', (page) => signIn(page, SHOPPER, 'f'.repeat(64)));
    expect(reply).toContain("I couldn't confirm that you're signed in, so I can't show order details here.");
    expect(await page.locator('store-assistant .order-card').count()).toBe(0);
    expect(await shadowText(page)).not.toMatch(/2042|Harbor Linen Shirt|HB123456789PT/);
    expect(shop.adminRequests.length).toBe(asked);
  });

  it("finds a guest's order by its number and email, and answers a wrong pair like an unknown order", async () => {
    const post = async (number: string, email: string) => {
      const response = await fetch(`${suite.n8n.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: suite.store.origin },
        body: JSON.stringify({
          message: `Where is order ${number}?`,
          history: [],
          sessionId: `guest-${number}-${email}`,
          context: { orderLookup: { number, email } },
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { output: string; orders?: { number: string; status: string }[] };
    };
    const found = await post('2042', 'Mara@Harbor.example');
    expect(found.orders?.map((each) => [each.number, each.status])).toEqual([['2042', 'shipped']]);
    const otherEmail = await post('2043', SHOPPER.email);
    const unknown = await post('9999', SHOPPER.email);
    expect(otherEmail).toEqual({ output: "I couldn't find an order with that number and email." });
    expect(unknown).toEqual(otherEmail);
  });

  it('runs the agent once for a message the widget sends again with the same messageId', async () => {
    model.script('gift wrapping', [{ say: 'Yes, we wrap gifts.' }]);
    const body = JSON.stringify({
      message: 'Do you do gift wrapping?',
      history: [],
      sessionId: 'retry',
      messageId: 'msg-7f3a',
    });
    const post = () =>
      fetch(`${suite.n8n.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: suite.store.origin },
        body,
      });
    const first = await post();
    expect(await first.json()).toEqual({ output: 'Yes, we wrap gifts.' });
    const again = await post();
    // Answered as a reply (a failure would show the visitor an error and a Retry that repeats again).
    expect(again.status).toBe(200);
    expect(((await again.json()) as { duplicate?: boolean }).duplicate).toBe(true);
    const runs = model.requests.filter((request) => JSON.stringify(request.messages).includes('gift wrapping'));
    expect(runs).toHaveLength(1);
  });

  it('says a product is sold out when the store says so', async () => {
    model.script('raincoat', [
      { call: { name: 'search_catalog', arguments: { meta, catalog: { query: 'raincoat' } } } },
      { say: 'This is our raincoat.' },
    ]);
    const { page, reply } = await ask('Is the raincoat any good?');
    expect(reply).toContain('Tidewater Raincoat is sold out at the moment.');
    expect(await cardTitles(page)).toEqual(['Tidewater Raincoat']);
  });

  /** The failure's sentence, the email form as the way on, and nothing raw or invented. */
  async function expectWayOn(page: Page, reply: string, sentence: string) {
    expect(reply).toContain(sentence);
    await page.getByRole('textbox', { name: 'Email address' }).waitFor();
    expect(await page.locator('store-assistant .product-card').count()).toBe(0);
    expect(await shadowText(page)).not.toMatch(/error|rate limit|503|Sea Kayak|€999|Something went wrong/i);
  }

  it('finds nothing in an empty search and says so, never the product the model made up', async () => {
    model.script('kayak', [
      { call: { name: 'search_catalog', arguments: { meta, catalog: { query: 'kayak' } } } },
      { say: 'Our Sea Kayak Pro is €999.' },
    ]);
    const { page, reply } = await ask('Do you sell a kayak?');
    await expectWayOn(page, reply, "I couldn't find anything like that in our shop.");
  });

  it('gives a clear sentence and the email form when the model is rate-limited, and takes the email', async () => {
    model.script('socks', [{ status: 429 }]);
    const { page, reply } = await ask('Any wool socks?');
    await expectWayOn(page, reply, "Sorry, I can't answer right now, so I won't guess.");
    await page.getByRole('textbox', { name: 'Email address' }).fill('visitor@example.com');
    await page.getByRole('button', { name: 'Send email address' }).click();
    await page.getByText("Thanks! We'll reply to you by email.").waitFor();
  });

  it('gives a clear sentence and the email form when the model is too slow', async () => {
    model.script('umbrellas', [{ hang: true }]);
    const { page, reply } = await ask('Do you sell umbrellas?');
    await expectWayOn(page, reply, "Sorry, I can't answer right now, so I won't guess.");
  });

  it('gives a clear sentence and the email form when the model answers nonsense', async () => {
    model.script('belts', [{ nonsense: '<html><body>502 Bad Gateway</body></html>' }]);
    const { page, reply } = await ask('Do you have belts?');
    await expectWayOn(page, reply, "Sorry, I can't answer right now, so I won't guess.");
  });

  it("gives a clear sentence and the email form when the store's UCP endpoint refuses a tool call", async () => {
    model.script('hats', [
      { call: { name: 'search_catalog', arguments: { meta, catalog: { query: 'hats' } } } },
      { say: 'We have the Harbor Sun Hat.' },
    ]);
    shop.mode = 'refuse-tools';
    try {
      const { page, reply } = await ask('Do you sell hats?');
      await expectWayOn(page, reply, "Sorry, I can't reach our catalogue right now, so I won't guess.");
    } finally {
      shop.mode = 'normal';
    }
  });

  // The store's UCP endpoint unreachable as a whole: the workflow checks it (an MCP initialize, within
  // storeCheckTimeoutSeconds) before the agent starts, so the visitor is not left waiting on it. The visitor's
  // first message ("Ask a question" sends a greeting) already meets the failure, as on a store that is down.
  const unreachable: [string, UcpMode][] = [
    ['refuses every request with 503', 'refuse-all'],
    ['drops the connection', 'drop'],
    ['never answers', 'silent'],
  ];
  it.each(unreachable)(
    "gives a clear sentence and the email form, without asking the model, when the store's UCP endpoint %s",
    async (_, mode) => {
      const asked = model.requests.length;
      shop.mode = mode;
      try {
        const { page } = await suite.openChat('/');
        await page.getByRole('button', { name: 'Ask a question' }).click();
        const reply = await suite.botReply(page, 0);
        await expectWayOn(page, reply, "Sorry, I can't reach our store right now, so I won't guess.");
        expect(reply).toContain('help@harbor.example');
      } finally {
        shop.mode = 'normal';
      }
      expect(model.requests.length).toBe(asked);
    },
  );
});
