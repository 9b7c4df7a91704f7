import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../src/chat/replies/history';
import type { ProductContext } from '../../src/chat/replies/products';
import { parseReply, type ParsedReply } from '../../src/chat/replies/reply-parser';
import type { WebhookRequest } from '../../src/chat/replies/webhook-client';
import { el } from '../../src/i18n/languages/el';
import { he } from '../../src/i18n/languages/he';
import { ja } from '../../src/i18n/languages/ja';
import { pl } from '../../src/i18n/languages/pl';
import { englishStrings, type StringTable } from '../../src/i18n/strings';
import { cartIdFor } from '../../src/commerce/cart-adapter';
import { readReplyActions } from '../../src/commerce/reply-actions';
import { DEMO_ORDERS, DEMO_SECRET, DEMO_SHOPPER, signCustomerId } from '../../demo/orders.mjs';

// demo/n8n-workflow.json is what store owners import into n8n to answer the widget. These tests check
// that it imports as a working Webhook → Crypto → Code → Respond chain, and run its Crypto and Code
// nodes for real so the replies are checked against the widget's own parser rather than against what we
// think it accepts.

interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  notes?: string;
}

interface ConnectionTarget {
  node: string;
  type: string;
  index: number;
}

interface Workflow {
  name: string;
  nodes: WorkflowNode[];
  connections: Record<string, Record<string, ConnectionTarget[][]>>;
  settings: Record<string, unknown>;
  pinData?: Record<string, unknown>;
}

/** One n8n item as a Code node sees it: the Webhook node puts the parsed request body in `json.body`. */
interface N8nItem {
  json: Record<string, unknown>;
}

/** The part of n8n's `$input` a Code node in "run once for all items" mode uses. */
interface N8nInput {
  first(): N8nItem;
  last(): N8nItem;
  all(): N8nItem[];
}

const WEBHOOK = 'n8n-nodes-base.webhook';
const CRYPTO = 'n8n-nodes-base.crypto';
const CODE = 'n8n-nodes-base.code';
const REMOVE_DUPLICATES = 'n8n-nodes-base.removeDuplicates';
const RESPOND = 'n8n-nodes-base.respondToWebhook';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';

const workflowPath = path.resolve(__dirname, '../../demo/n8n-workflow.json');
const workflow = JSON.parse(readFileSync(workflowPath, 'utf8')) as Workflow;

/** The store's page: a different origin from the catalogue's, so only absolute https links pass. */
// The store the workflow's STORE_URL names: its product images are image files on its own origin.
const PAGE_CONTEXT: ProductContext = { storeUrl: null, pageOrigin: 'https://example.com', imageHosts: [] };

function nodeOfType(type: string): WorkflowNode {
  const matches = workflow.nodes.filter((node) => node.type === type);
  expect(matches, `exactly one ${type} node`).toHaveLength(1);
  return matches[0] as WorkflowNode;
}

function record(value: unknown): Record<string, unknown> {
  expect(
    typeof value === 'object' && value !== null && !Array.isArray(value),
    `${JSON.stringify(value)} is an object`,
  ).toBe(true);
  return value as Record<string, unknown>;
}

/** The nodes `source` feeds on its main output. */
function targetsOf(source: string): string[] {
  return (workflow.connections[source]?.main ?? []).flat().map((target) => target.node);
}

/** Every sticky note's text and every node's notes: where store owners read what to change. */
function allNotes(): string {
  return workflow.nodes
    .map((node) => (node.type === STICKY_NOTE ? String(node.parameters.content ?? '') : (node.notes ?? '')))
    .join('\n');
}

/** Evaluates a `={{ ... }}` parameter of a node with `$json` bound to the item's json. */
function evaluate(parameter: unknown, json: unknown): unknown {
  const expression = typeof parameter === 'string' ? /^=\{\{([\s\S]*)\}\}$/.exec(parameter.trim())?.[1] : undefined;
  if (!expression) throw new Error(`${JSON.stringify(parameter)} is not an n8n expression`);
  return (new Function('$json', `return (${expression});`) as ($json: unknown) => unknown)(json);
}

/**
 * What the Crypto node adds to the webhook's item: HMAC (of its type, in its encoding) of its value
 * expression with its secret, under its data property name, the rest of the item passed on as it was.
 */
function afterCryptoNode(json: Record<string, unknown>): Record<string, unknown> {
  const { action, type, value, secret, encoding, dataPropertyName } = nodeOfType(CRYPTO).parameters;
  expect({ action, type, encoding }).toEqual({ action: 'hmac', type: 'SHA256', encoding: 'hex' });
  const text = evaluate(value, json);
  expect(typeof text).toBe('string');
  const digest = createHmac('sha256', String(secret)).update(String(text)).digest('hex');
  return { ...json, [String(dataPropertyName)]: digest };
}

/** `$input` holding one item with `json`. */
function inputOf(json: N8nItem['json']): N8nInput {
  const items: N8nItem[] = [{ json }];
  return { first: () => items[0] as N8nItem, last: () => items[items.length - 1] as N8nItem, all: () => items };
}

/**
 * Runs the Code node's JavaScript the way n8n does: as the body of an async function with `$input`
 * in scope, on the item `json`. Nothing else n8n offers (`$json`, `require`, credentials) is provided,
 * so using any of it fails here as it would be a dependency the store owner has to set up.
 */
async function runCodeOnItem(json: N8nItem['json']): Promise<unknown> {
  const { jsCode } = nodeOfType(CODE).parameters;
  if (typeof jsCode !== 'string') throw new Error('the Code node has no jsCode');
  const asyncBody = new Function('$input', `return (async () => {\n${jsCode}\n})();`) as (
    $input: N8nInput,
  ) => Promise<unknown>;
  return asyncBody(inputOf(json));
}

/** Runs the Code node on the item the Webhook and Crypto nodes make of a request with `body`. */
async function runCodeNode(body: unknown): Promise<unknown> {
  const webhook = { headers: { 'content-type': 'application/json' }, params: {}, query: {}, body };
  return runCodeOnItem(afterCryptoNode(webhook));
}

/**
 * What the Respond node sends for the Code node's output: its `={{ ... }}` response body evaluated
 * with `$json` bound to the item's json, then served as application/json.
 */
function respondBody(json: unknown): string {
  const value = evaluate(nodeOfType(RESPOND).parameters.responseBody, json);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Request → Code node → Respond node → the widget's parser: what the visitor would see. */
async function visitorSees(request: WebhookRequest): Promise<ParsedReply> {
  const output = await runCodeNode(request);
  expect(Array.isArray(output), 'the Code node returns an array of items').toBe(true);
  const items = output as unknown[];
  expect(items).toHaveLength(1);
  const json = record(record(items[0]).json);
  return parseReply(respondBody(json), PAGE_CONTEXT, { servedAsJson: true });
}

function request(message: string, history: HistoryItem[] = []): WebhookRequest {
  return { message, history, sessionId: '0b7c1b1e-6a0e-4a55-9d1f-5f5d2f8f6c11' };
}

describe('demo/n8n-workflow.json: structure n8n imports', () => {
  it('has a name, nodes, connections and settings', () => {
    expect(workflow.name).toEqual(expect.any(String));
    expect(workflow.nodes.length).toBeGreaterThanOrEqual(4);
    expect(record(workflow.connections)).toBeDefined();
    expect(record(workflow.settings)).toBeDefined();
  });

  it('gives every node an id, name, type, version, position and parameters', () => {
    for (const node of workflow.nodes) {
      expect(node.id, JSON.stringify(node.name)).toMatch(/\S/);
      expect(node.name).toMatch(/\S/);
      expect(node.type).toMatch(/^n8n-nodes-base\.[a-zA-Z]+$/);
      expect(node.typeVersion).toBeGreaterThan(0);
      expect(node.position).toEqual([expect.any(Number), expect.any(Number)]);
      record(node.parameters);
    }
  });

  it('has unique node names and ids (connections refer to nodes by name)', () => {
    const names = workflow.nodes.map((node) => node.name);
    const ids = workflow.nodes.map((node) => node.id);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('connects only nodes that exist', () => {
    const names = new Set(workflow.nodes.map((node) => node.name));
    for (const [source, outputs] of Object.entries(workflow.connections)) {
      expect(names, `connection source ${source}`).toContain(source);
      for (const target of Object.values(outputs).flat(2)) {
        expect(names, `connection target ${target.node}`).toContain(target.node);
        expect(target.type).toBe('main');
        expect(target.index).toBe(0);
      }
    }
  });

  it('chains Webhook → Remove Duplicates → Crypto → Code → Respond to Webhook', () => {
    expect(targetsOf(nodeOfType(WEBHOOK).name)).toEqual([nodeOfType(REMOVE_DUPLICATES).name]);
    expect(targetsOf(nodeOfType(REMOVE_DUPLICATES).name)).toEqual([nodeOfType(CRYPTO).name]);
    expect(targetsOf(nodeOfType(CRYPTO).name)).toEqual([nodeOfType(CODE).name]);
    expect(targetsOf(nodeOfType(CODE).name)).toEqual([nodeOfType(RESPOND).name]);
    expect(targetsOf(nodeOfType(RESPOND).name)).toEqual([]);
  });

  it('listens for POST on store-assistant, answers from the Respond node and allows cross-origin calls', () => {
    const webhook = nodeOfType(WEBHOOK);
    expect(webhook.typeVersion).toBe(2);
    expect(webhook.parameters).toMatchObject({
      httpMethod: 'POST',
      path: 'store-assistant',
      responseMode: 'responseNode',
    });
    // n8n answers the preflight and adds Access-Control-Allow-Origin from this option.
    expect(record(webhook.parameters.options).allowedOrigins).toBe('*');
  });

  it('drops a repeat of a message by its messageId, across executions, and answers it without doing anything again', async () => {
    const dedupe = nodeOfType(REMOVE_DUPLICATES);
    expect(dedupe.typeVersion).toBe(2);
    expect(dedupe.parameters).toMatchObject({
      operation: 'removeItemsSeenInPreviousExecutions',
      dedupeValue: '={{ $json.body?.messageId || $execution.id }}',
    });
    // A repeat goes on as n8n's empty item, so the visitor still gets an answer rather than none.
    expect((dedupe as WorkflowNode & { alwaysOutputData?: boolean }).alwaysOutputData).toBe(true);
    expect(await runCodeOnItem({})).toEqual([
      { json: { output: expect.stringMatching(/answered this message already/) } },
    ]);
  });

  it('runs the Code node as JavaScript once for all items', () => {
    const code = nodeOfType(CODE);
    expect(code.typeVersion).toBe(2);
    expect(code.parameters).toMatchObject({ mode: 'runOnceForAllItems', language: 'javaScript' });
    expect(code.parameters.jsCode).toContain('$input.first().json');
    expect(code.parameters.jsCode).toContain('readRequest(item.body)');
  });

  it('keeps the Code node free of modules and credentials', () => {
    const jsCode = String(nodeOfType(CODE).parameters.jsCode);
    expect(jsCode).not.toMatch(/\brequire\s*\(|^\s*import\b|\bimport\s*\(|\$env\b|getCredentials|\bfetch\s*\(/m);
  });

  it('responds with JSON that is not cached', () => {
    const respond = nodeOfType(RESPOND);
    expect(respond.typeVersion).toBeGreaterThanOrEqual(1.1);
    expect(respond.parameters.respondWith).toBe('json');
    expect(respond.parameters.responseBody).toMatch(/^=\{\{.*\$json.*\}\}$/);
    const headers = record(record(record(respond.parameters.options).responseHeaders)).entries;
    expect(headers).toEqual(
      expect.arrayContaining([
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Cache-Control', value: 'no-store' },
      ]),
    );
  });

  it('tells the store owner to set its own origin and how to swap in an AI Agent', () => {
    const notes = allNotes();
    expect(workflow.nodes.some((node) => node.type === STICKY_NOTE)).toBe(true);
    expect(notes).toMatch(/Allowed Origins/);
    expect(notes).toMatch(/your store's origin/i);
    expect(notes).toMatch(/AI Agent/);
    expect(notes).toContain('{ "output":');
  });

  it('lists several origins the way n8n reads them: split on commas, nothing trimmed', () => {
    // n8n matches the request's Origin against allowedOrigins.split(','), so "a, b" never matches b.
    const notes = allNotes();
    expect(notes).toMatch(/commas and no spaces/);
    const example = /`(https:\/\/[^`\s]+,https:\/\/[^`\s]+)`/.exec(notes)?.[1];
    expect(example?.split(',')).toEqual(['https://shop.example.com', 'https://www.shop.example.com']);
  });
});

describe('demo/n8n-workflow.json: Code node replies as the widget shows them', () => {
  const ATTACHED_PHOTO =
    '![image](data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==)';
  const EARLIER_TURNS: HistoryItem[] = [
    { role: 'user', content: 'Do you sell ceramic mugs?' },
    { role: 'assistant', content: 'Yes! Our **Ceramic Mug** is hand-glazed.' },
  ];

  it.each<{ name: string; body: WebhookRequest; text: RegExp; cards: string[] }>([
    { name: 'a greeting', body: request('Hi'), text: /hello/i, cards: [] },
    {
      name: 'new arrivals',
      body: request('Shop new arrivals'),
      text: /new arrivals/i,
      cards: ['Linen Shirt', 'Canvas Tote', 'Ceramic Mug', 'Trail Sneakers'],
    },
    {
      name: 'a product keyword',
      body: request('Do you have linen shirts?'),
      text: /Linen Shirt/,
      cards: ['Linen Shirt'],
    },
    {
      name: 'a plural keyword',
      body: request('Any running shoes?'),
      text: /Trail Sneakers/,
      cards: ['Trail Sneakers'],
    },
    { name: 'an order question', body: request('where is my order'), text: /track/i, cards: [] },
    {
      name: 'an attached image',
      body: request(`Do you have this in blue?\n\n${ATTACHED_PHOTO}`),
      text: /photo/i,
      cards: [],
    },
    { name: 'an attached image alone', body: request(ATTACHED_PHOTO), text: /photo/i, cards: [] },
    {
      name: 'an unknown question after earlier turns',
      body: request('Can I pay with gift vouchers?', EARLIER_TURNS),
      text: /ceramic mugs/,
      cards: [],
    },
    {
      name: 'an unknown question in a new chat',
      body: request('Can I pay with gift vouchers?'),
      text: /new arrivals/,
      cards: [],
    },
  ])('$name', async ({ body, text, cards }) => {
    const reply = await visitorSees(body);
    const empty = reply.text === '' && reply.products.length === 0;
    expect(empty ? englishStrings.replyNotUnderstood : reply.text).not.toBe(englishStrings.replyNotUnderstood);
    expect(reply.text).toMatch(text);
    expect(reply.text).not.toMatch(/undefined|\[object Object\]|data:image/);
    expect(reply.truncated).toBeUndefined();
    expect(reply.products.map((product) => product.title)).toEqual(cards);
    for (const product of reply.products) {
      // A link or image the widget found unsafe would be missing here, and the card would be broken.
      expect(product.url).toMatch(/^https:\/\/example\.com\/products\/[a-z-]+$/);
      expect(product.image).toMatch(/^https:\/\/example\.com\/.+\.jpg$/);
      expect(product.description).not.toBe('');
      expect(product.price).toMatch(/^\$\d+\.\d\d$/);
    }
  });

  it.each<[string, WebhookRequest, string[]]>([
    [
      'an order question ({output} with suggestions)',
      request('where is my order'),
      ['Show new arrivals', 'Find a linen shirt'],
    ],
    [
      'new arrivals (suggestions nested in output)',
      request('Shop new arrivals'),
      ['Find a tote bag', 'Track my order'],
    ],
    ['an unknown question', request('Can I pay with gift vouchers?'), ['Show new arrivals', 'Track my order']],
  ])('%s offers suggestions, each answered as a question of its own', async (_, body, expected) => {
    const reply = await visitorSees(body);
    expect(reply.suggestions).toEqual(expected);
    for (const suggestion of expected) {
      // A suggestion comes back as the visitor's message: it must not land in "I'm not sure I can help".
      const answer = await visitorSees(request(suggestion));
      expect(answer.text, suggestion).not.toContain("I'm not sure");
      expect(answer.text, suggestion).toMatch(/\S/);
    }
  });

  it('quotes the earlier topic without the markdown the visitor typed', async () => {
    const reply = await visitorSees(
      request('Tell me a joke', [{ role: 'user', content: 'Do you sell **bold** [links](https://evil.test)?' }]),
    );
    expect(reply.text).toContain('bold links');
    expect(reply.text).not.toContain('evil.test');
  });

  it('echoes the caption of an attached image but not its data', async () => {
    const reply = await visitorSees(request(`Do you have this in blue?\n\n${ATTACHED_PHOTO}`));
    expect(reply.text).toContain('Do you have this in blue?');
  });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['a body sent as plain text', 'Hi'],
    ['a body of the wrong types', { message: 42, history: 'none' }],
    [
      'history turns of the wrong shape',
      { message: 'Anything else?', history: [null, { role: 'system', content: 'x' }, { role: 'user' }] },
    ],
  ])('still answers helpfully with %s', async (_, body) => {
    const output = await runCodeNode(body);
    const json = record(record((output as unknown[])[0]).json);
    const reply = parseReply(respondBody(json), PAGE_CONTEXT, { servedAsJson: true });
    expect(reply.text).toMatch(/\S/);
    expect(reply.products).toEqual([]);
  });
});

describe('demo/n8n-workflow.json: answers about the page the visitor is on (context.page)', () => {
  const onPage = (message: string, product: Record<string, unknown> | null): WebhookRequest => ({
    ...request(message),
    context: { page: { url: 'https://example.com/products/x', title: 'A product', ...(product ? { product } : {}) } },
  });

  it.each<{ name: string; body: WebhookRequest; text: RegExp; cards: [string, string, boolean | undefined][] }>([
    {
      name: 'is this in stock? (JSON-LD sku)',
      body: onPage('Is this in stock?', { sku: 'LS-01', name: 'Linen Shirt' }),
      text: /Yes! The \*\*Linen Shirt\*\* is in stock/,
      cards: [['Linen Shirt', '40100000000101', true]],
    },
    {
      name: 'is this in stock? (name only)',
      body: onPage('is it available?', { name: 'Ceramic Mug' }),
      text: /in stock/,
      cards: [['Ceramic Mug', '40100000000103', true]],
    },
    {
      name: 'a sold-out product',
      body: onPage('Is this in stock?', { sku: 'MB-01' }),
      text: /sold out/,
      cards: [['Merino Beanie', '40100000000105', false]],
    },
    {
      name: 'no product on the page',
      body: onPage('Is this in stock?', null),
      text: /Which product do you mean/,
      cards: [],
    },
  ])('$name', async ({ body, text, cards }) => {
    const reply = await visitorSees(body);
    expect(reply.text).toMatch(text);
    expect(reply.products.map((product) => [product.title, product.variantId, product.available])).toEqual(cards);
    expect(reply.actions).toBeUndefined();
  });

  it.each<[string, number]>([
    ['add this one', 1],
    ['Please add 3 of these to my cart', 3],
    ['add 40 to my cart', 10],
  ])('"%s" proposes a cart action the widget accepts (quantity %d), with the card', async (message, quantity) => {
    const reply = await visitorSees(onPage(message, { sku: 'TS-01' }));
    expect(reply.text).toContain(`${quantity} × Trail Sneakers`);
    expect(reply.products.map((product) => product.variantId)).toEqual(['40100000000104']);
    const proposals = readReplyActions(reply.actions ?? [], reply.products, (product) => cartIdFor('shopify', product));
    expect(proposals.map(({ variantId, quantity: amount, title }) => ({ variantId, quantity: amount, title }))).toEqual(
      [{ variantId: '40100000000104', quantity, title: 'Trail Sneakers' }],
    );
  });

  it('does not offer to add a sold-out product', async () => {
    const reply = await visitorSees(onPage('add this one', { sku: 'MB-01' }));
    expect(reply.text).toMatch(/sold out/);
    expect(reply.actions).toBeUndefined();
  });

  it('every card carries the cart id', async () => {
    const reply = await visitorSees(request('Shop new arrivals'));
    expect(reply.products.every((product) => /^\d+$/.test(product.variantId ?? ''))).toBe(true);
  });
});

describe('demo/n8n-workflow.json: orders only after the signature checks out', () => {
  const signed = { ...DEMO_SHOPPER, signature: signCustomerId(DEMO_SHOPPER.id) };
  const asShopper = (message: string, customer: Record<string, unknown>): WebhookRequest => ({
    ...request(message),
    context: { customer },
  });
  const numbers = (reply: ParsedReply) => (reply.orders ?? []).map((order) => order.number);

  it("signs with the demo's secret, read from the Crypto node only, which the store owner is told to change", () => {
    expect(nodeOfType(CRYPTO).parameters.secret).toBe(DEMO_SECRET);
    const jsCode = String(nodeOfType(CODE).parameters.jsCode);
    expect(jsCode).not.toContain(DEMO_SECRET);
    expect(allNotes()).toMatch(/store's secret/);
  });

  it('shows a signed shopper their recent orders, the same demo orders as the mock webhook', async () => {
    const recent = await visitorSees(asShopper('Where is my order?', signed));
    expect(recent.text).toContain(`Here are your recent orders, ${DEMO_SHOPPER.name}`);
    expect(numbers(recent)).toEqual(DEMO_ORDERS.slice(0, 3).map((order) => order.number));
    const all = await visitorSees(asShopper('Show all my orders', signed));
    expect(numbers(all)).toEqual(DEMO_ORDERS.slice(0, 5).map((order) => order.number));
    const codeOrders = await Promise.all(
      DEMO_ORDERS.map(async (order) => {
        const reply = await runCodeNode(asShopper(`Where is order ${order.number}?`, signed));
        return (record(record((reply as unknown[])[0]).json).orders as unknown[])[0];
      }),
    );
    expect(codeOrders).toEqual(DEMO_ORDERS);
  });

  it.each([
    ['a forged signature', { ...signed, signature: 'f'.repeat(64) }],
    ["another shopper's signature", { ...signed, id: '7002' }],
    ['an empty signature', { ...signed, signature: '' }],
    ['no signature', { id: DEMO_SHOPPER.id }],
    ['an id that is not text', { id: 7001, signature: signed.signature }],
  ])('answers %s helpfully, without any order data', async (_, customer) => {
    const reply = await visitorSees(asShopper('Where is order 1048?', customer));
    expect(reply.text).toMatch(/couldn't confirm that you're signed in/);
    expect(reply.orders).toBeUndefined();
    expect(JSON.stringify(reply)).not.toMatch(/1048|JD0146/);
  });

  it("answers a guest's order question as before, and a guest's number and email pair only when both match", async () => {
    expect((await visitorSees(request('Where is my order?'))).orders).toBeUndefined();
    const lookup = (number: string, email: string) =>
      visitorSees({ ...request(`Where is order ${number}?`), context: { orderLookup: { number, email } } });
    expect(numbers(await lookup('1047', DEMO_SHOPPER.email))).toEqual(['1047']);
    const wrong = await lookup('1047', 'eve@example.com');
    const unknown = await lookup('9999', DEMO_SHOPPER.email);
    expect(wrong.orders).toBeUndefined();
    expect(wrong.text).toBe(unknown.text);
  });
});

describe("demo/n8n-workflow.json: the widget's quick actions in any language", () => {
  // A chip sends its label in the visitor's language and the quick action's id; the id says what is asked.
  const ids = ['new-course', 'track-order', 'size-guide', 'contact-support'];
  const english = englishStrings.defaultQuickActions.split('|');

  it.each<[string, StringTable]>([
    ['pl', pl],
    ['ja', ja],
    ['he', he],
    ['el', el],
  ])('%s: each default quick action gets the answer its English label gets', async (_, table) => {
    const labels = table.defaultQuickActions.split('|');
    for (const [index, id] of ids.entries()) {
      const inEnglish = await visitorSees({ ...request(english[index]!), quickAction: id });
      const translated = await visitorSees({ ...request(labels[index]!), quickAction: id });
      expect({ id, reply: translated }).toEqual({ id, reply: inEnglish });
    }
    const newCourse = await visitorSees({ ...request(labels[0]!), quickAction: 'new-course' });
    expect(newCourse.products.length).toBeGreaterThan(0);
    const tracking = await visitorSees({ ...request(labels[1]!), quickAction: 'track-order' });
    expect(tracking.text).toMatch(/Tracking an order/);
  });
});
