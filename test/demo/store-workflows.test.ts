import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReply } from '../../src/chat/replies/reply-parser';
import { signCustomerId } from '../../demo/orders.mjs';

// The store workflows of workflows/ are what owners import into n8n. The real-n8n suite runs them in n8n
// (test/e2e/n8n/store-shopify.e2e.test.ts and store-woocommerce.e2e.test.ts); these tests check, without n8n, that each file hangs together and
// that its Code nodes answer in shapes the widget's own parser reads.

interface WorkflowNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, unknown>;
}

interface Workflow {
  nodes: WorkflowNode[];
  connections: Record<string, Record<string, { node: string }[][]>>;
}

const FOLDER = path.resolve(__dirname, '../../workflows');
const load = (file: string) => JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8')) as Workflow;

/** Node types and the versions n8n 1.123 has of them (checked in its packages). */
const KNOWN_NODES: Record<string, number[]> = {
  'n8n-nodes-base.stickyNote': [1],
  'n8n-nodes-base.webhook': [2],
  'n8n-nodes-base.removeDuplicates': [2],
  'n8n-nodes-base.if': [2.2],
  'n8n-nodes-base.set': [3.4],
  'n8n-nodes-base.crypto': [1],
  'n8n-nodes-base.code': [2],
  'n8n-nodes-base.switch': [3.2],
  'n8n-nodes-base.httpRequest': [4.2],
  'n8n-nodes-base.httpRequestTool': [4.2],
  'n8n-nodes-base.respondToWebhook': [1.1],
  '@n8n/n8n-nodes-langchain.agent': [3],
  '@n8n/n8n-nodes-langchain.lmChatOpenAi': [1.2],
  '@n8n/n8n-nodes-langchain.mcpClientTool': [1.2],
};

function node(workflow: Workflow, name: string): WorkflowNode {
  const found = workflow.nodes.find((each) => each.name === name);
  if (!found) throw new Error(`no node "${name}"`);
  return found;
}

/** Runs a Code node as n8n does in "run once for all items" mode, with `$input` and `$('Node')`. */
async function runCode(workflow: Workflow, name: string, input: unknown[], others: Record<string, unknown>) {
  const code = node(workflow, name).parameters.jsCode as string;
  const items = input.map((json) => ({ json }));
  const $input = { first: () => items[0], all: () => items };
  const $ = (other: string) => ({ first: () => ({ json: others[other] }) });
  const run = new Function('$input', '$', `return (async () => {\n${code}\n})();`) as (
    ...args: unknown[]
  ) => Promise<{ json: Record<string, unknown> }[]>;
  return (await run($input, $))[0]?.json ?? {};
}

const SETTINGS = { contactEmail: 'help@shop.example' };
const context = { storeUrl: null, pageOrigin: 'https://shop.example', imageHosts: ['cdn.shopify.com'] };

describe('the store workflows', () => {
  const files = readdirSync(FOLDER).filter((file) => /^(shopify|woocommerce|any-store)\.json$/.test(file));

  it.each(files)('%s uses only nodes n8n 1.123 has, and connects only nodes it has', (file) => {
    const workflow = load(file);
    for (const each of workflow.nodes)
      expect(KNOWN_NODES[each.type], `${each.name}: ${each.type}`).toContain(each.typeVersion);
    const names = new Set(workflow.nodes.map((each) => each.name));
    for (const [from, outputs] of Object.entries(workflow.connections)) {
      expect(names.has(from), from).toBe(true);
      for (const target of Object.values(outputs).flat(2)) expect(names.has(target.node), target.node).toBe(true);
    }
  });

  it.each(files)('%s asks the agent for its tool results and drops a repeated messageId', (file) => {
    const workflow = load(file);
    const agent = node(workflow, 'AI Agent').parameters.options as Record<string, unknown>;
    expect(agent.returnIntermediateSteps).toBe(true);
    const once = node(workflow, 'Once per message').parameters;
    expect(once.operation).toBe('removeItemsSeenInPreviousExecutions');
    expect(once.dedupeValue).toContain('messageId');
  });
});

describe('workflows/shopify.json', () => {
  const workflow = load('shopify.json');
  const ucpProduct = {
    id: 'gid://shopify/Product/41',
    title: 'Harbor Linen Shirt',
    description: { plain: 'Made in Porto.' },
    url: 'https://shop.example/products/harbor-linen-shirt',
    media: [{ type: 'image', url: 'https://cdn.shopify.com/s/files/1/41.jpg' }],
    variants: [
      {
        id: 'gid://shopify/ProductVariant/411',
        price: { amount: 5900, currency: 'EUR' },
        availability: { available: true },
      },
    ],
  };
  // As n8n 1.123's agent hands it over: the tool's items as JSON, the MCP text content inside.
  const step = (tool: string, structured: unknown) => ({
    action: { tool: 'Shopify_catalogue', toolInput: { tool } },
    observation: JSON.stringify([{ response: [{ type: 'text', text: JSON.stringify(structured) }] }]),
  });

  it('makes the cards from the catalogue tool, with the exact price, picture and variant id', async () => {
    const output = await runCode(
      workflow,
      'Reply with cards',
      [{ output: 'Here you go.', intermediateSteps: [step('search_catalog', { products: [ucpProduct] })] }],
      { 'Store settings': SETTINGS },
    );
    const reply = parseReply(output, context, { servedAsJson: true });
    expect(reply.text).toBe('Here you go.');
    expect(reply.products).toEqual([
      expect.objectContaining({
        title: 'Harbor Linen Shirt',
        price: '59.00 EUR',
        image: 'https://cdn.shopify.com/s/files/1/41.jpg',
        variantId: 'gid://shopify/ProductVariant/411',
        available: true,
      }),
    ]);
  });

  it("lets the agent run only after the store's UCP endpoint answered a time-limited check with a 2xx", async () => {
    const next = (from: string, output = 0) => workflow.connections[from]?.main?.[output]?.map((each) => each.node);
    const check = node(workflow, 'Can we reach the store (UCP)?');
    expect(next('Who answers', 2)).toEqual([check.name]);
    expect(check.parameters.url).toBe("={{ $('Store settings').first().json.shopUrl }}/api/ucp/mcp");
    expect(String(check.parameters.jsonBody)).toContain("method: 'initialize'");
    // An error must not stop the execution before the widget is answered: every failure goes on as an item.
    expect((check as WorkflowNode & { onError?: string }).onError).toBe('continueRegularOutput');
    expect(check.parameters.options).toEqual({
      timeout: "={{ Number($('Store settings').first().json.storeCheckTimeoutSeconds) * 1000 }}",
      response: { response: { fullResponse: true, neverError: true, responseFormat: 'text' } },
    });
    expect(next(check.name)).toEqual(['Store answered?']);
    expect(next('Store answered?', 0)).toEqual(['AI Agent']);
    expect(next('Store answered?', 1)).toEqual(['Store unreachable']);
    expect(next('Store unreachable')).toEqual(['Respond to widget']);
    // The agent's input is the check's answer, so it reads the visitor's prompt from the request.
    expect(node(workflow, 'AI Agent').parameters.text).toBe("={{ $('Read the request').first().json.prompt }}");
    const unreachable = await runCode(workflow, 'Store unreachable', [{ statusCode: 503 }], {
      'Store settings': SETTINGS,
    });
    expect(unreachable).toEqual({
      output:
        "Sorry, I can't reach our store right now, so I won't guess. Leave your email below and the team will answer you or write to help@shop.example.",
      handoff: 'timeout',
    });
    expect(parseReply(unreachable, context, { servedAsJson: true }).text).toContain("can't reach our store");
  });

  it('answers a failed agent, a refused tool or an empty search with a sentence and the email form', async () => {
    const answer = (json: unknown) => runCode(workflow, 'Reply with cards', [json], { 'Store settings': SETTINGS });
    expect(await answer({ error: 'Rate limit reached' })).toEqual({
      output:
        "Sorry, I can't answer right now, so I won't guess. Leave your email below and the team will answer you or write to help@shop.example.",
      handoff: 'timeout',
    });
    const refused = {
      output: 'We have a shirt.',
      intermediateSteps: [
        { action: { toolInput: { tool: 'search_catalog' } }, observation: '[{"error":"MCP error"}]' },
      ],
    };
    expect(((await answer(refused)) as { output: string }).output).toMatch(/^Sorry, I can't reach our catalogue/);
    const empty = { output: 'We have a kayak.', intermediateSteps: [step('search_catalog', { products: [] })] };
    expect(((await answer(empty)) as { output: string }).output).toMatch(/^I couldn't find anything like that/);
  });

  it('sends a verified shopper to the order API and a forged signature to a plain answer', async () => {
    const read = (signature: string) =>
      runCode(
        workflow,
        'Read the request',
        [
          {
            body: { message: 'Where is my order?', context: { customer: { id: '8801', signature, name: 'Mara' } } },
            expectedSignature: signCustomerId('8801', 'secret'),
          },
        ],
        { 'Store settings': SETTINGS },
      );
    expect(await read(signCustomerId('8801', 'secret'))).toMatchObject({
      route: 'orders',
      orderVariables: { customerId: 'gid://shopify/Customer/8801' },
    });
    const forged = await read('f'.repeat(64));
    expect(forged.route).toBe('reply');
    expect(JSON.stringify(forged)).not.toContain('8801');
  });
});

describe('workflows/woocommerce.json', () => {
  const workflow = load('woocommerce.json');

  it("makes the cards from the Store API's products, prices in minor units", async () => {
    const product = {
      id: 301,
      name: 'Oak Merino Beanie',
      short_description: '<p>Knitted in <b>Yorkshire</b>.</p>',
      permalink: 'https://shop.example/product/oak-merino-beanie/',
      images: [{ src: 'https://shop.example/wp-content/uploads/beanie.jpg' }],
      prices: { price: '2450', currency_code: 'GBP', currency_minor_unit: 2 },
      is_in_stock: false,
    };
    const output = await runCode(
      workflow,
      'Reply with cards',
      [
        {
          output: 'Our beanie:',
          intermediateSteps: [
            {
              action: { tool: 'search_products', toolInput: { search: 'beanie' } },
              observation: JSON.stringify([product]),
            },
          ],
        },
      ],
      { 'Store settings': SETTINGS },
    );
    const reply = parseReply(output, context, { servedAsJson: true });
    expect(reply.text).toContain('**Oak Merino Beanie** is sold out at the moment.');
    expect(reply.products).toEqual([
      expect.objectContaining({
        title: 'Oak Merino Beanie',
        description: 'Knitted in Yorkshire .',
        price: '24.50 GBP',
        variantId: '301',
        available: false,
      }),
    ]);
  });
});

describe('workflows/any-store.json', () => {
  it("copies the search endpoint's documented fields into the cards", async () => {
    const product = {
      id: 7,
      title: 'Walnut Board',
      description: 'Oiled walnut.',
      url: 'https://shop.example/p/walnut-board',
      image: 'https://shop.example/img/walnut.jpg',
      price: 42.5,
      currency: 'USD',
      variantId: 'wb-1',
      available: true,
    };
    const output = await runCode(
      load('any-store.json'),
      'Reply with cards',
      [
        {
          output: 'Found it:',
          intermediateSteps: [
            {
              action: { tool: 'search_products', toolInput: { search: 'walnut' } },
              observation: JSON.stringify([{ products: [product] }]),
            },
          ],
        },
      ],
      { 'Store settings': SETTINGS },
    );
    const reply = parseReply(output, context, { servedAsJson: true });
    expect(reply.products).toEqual([
      expect.objectContaining({
        title: 'Walnut Board',
        price: '42.50 USD',
        variantId: 'wb-1',
        url: 'https://shop.example/p/walnut-board',
      }),
    ]);
  });
});
