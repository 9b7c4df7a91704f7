import type { ServerResponse } from 'node:http';
import { parseJson, sendJson, startLoopback, type LoopbackServer } from './http';

// A Shopify store on loopback: its public Universal Commerce Protocol endpoint (`/api/ucp/mcp`) and its
// GraphQL Admin API (`/admin/api/<version>/graphql.json`), each as far as the store-assistant workflow
// uses it, following Shopify's documented contracts:
// - Migrate from Storefront MCP (the catalogue and policy tools moved from /api/mcp to /api/ucp/mcp, and
//   every request carries meta["ucp-agent"].profile): https://shopify.dev/docs/apps/build/storefront-mcp
// - Storefront Catalog MCP (search_catalog, lookup_catalog, get_product; prices in minor units, media,
//   variants): https://shopify.dev/docs/agents/catalog/storefront-catalog and the UCP catalog binding it
//   conforms to, https://ucp.dev/latest/specification/catalog/mcp/
// - Ask MCP (ask_business with `ask.query`; the answer in result.structuredContent.answer.plain):
//   https://shopify.dev/docs/agents/ask
// - MCP's Streamable HTTP transport (JSON-RPC 2.0 over POST; initialize, notifications/initialized,
//   tools/list, tools/call; a GET stream the server may refuse with 405):
//   https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http
// - GraphQL Admin API, authenticated with the X-Shopify-Access-Token header:
//   https://shopify.dev/docs/api/admin-graphql (queries `customer.orders` and `orders(query:)`)

/** A product of the loopback store, with one variant. */
export interface ShopProduct {
  id: string;
  handle: string;
  title: string;
  description: string;
  image: string;
  /** In the currency's minor units (cents), as UCP gives prices. */
  price: number;
  currency: string;
  variantId: string;
  available: boolean;
}

/** An order as the Admin API returns it (the fields the workflow asks for). */
export interface ShopOrder {
  customerId: string;
  name: string;
  email: string;
  createdAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  lineItems: { nodes: { title: string; quantity: number; image: { url: string } | null }[] };
  fulfillments: {
    displayStatus: string;
    estimatedDeliveryAt: string | null;
    trackingInfo: { number: string; company: string; url: string }[];
  }[];
}

/**
 * How the store's UCP endpoint behaves in a test: answering; refusing every request with 503; refusing
 * only tool calls; closing the connection without a word (a dropped or refused connection); or holding
 * every request without ever answering (an endpoint that hangs).
 */
export type UcpMode = 'normal' | 'refuse-all' | 'refuse-tools' | 'drop' | 'silent';

/** One tools/call the endpoint received. */
export interface UcpCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ShopifyStore extends LoopbackServer {
  catalogue: ShopProduct[];
  policies: string;
  orders: ShopOrder[];
  accessToken: string;
  mode: UcpMode;
  calls: UcpCall[];
  adminRequests: { token: string | undefined; variables: Record<string, unknown> }[];
}

const PROTOCOL_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'];
const UCP = { version: '2026-04-08', capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] } };

const META_SCHEMA = {
  type: 'object',
  description: 'UCP request metadata.',
  properties: {
    'ucp-agent': {
      type: 'object',
      properties: { profile: { type: 'string', description: "URL of the agent's UCP profile." } },
      required: ['profile'],
    },
  },
  required: ['ucp-agent'],
};

function catalogTool(name: string, description: string, catalog: Record<string, unknown>, required: string[]) {
  return {
    name,
    description,
    inputSchema: {
      type: 'object',
      properties: { meta: META_SCHEMA, catalog: { type: 'object', properties: catalog, required } },
      required: ['meta', 'catalog'],
    },
  };
}

const TOOLS = [
  catalogTool('search_catalog', "Search the store's product catalog.", { query: { type: 'string' } }, ['query']),
  catalogTool(
    'lookup_catalog',
    'Batch lookup products or variants by identifier.',
    { ids: { type: 'array', items: { type: 'string' } } },
    ['ids'],
  ),
  catalogTool('get_product', 'Get full product details with variant selection.', { id: { type: 'string' } }, ['id']),
  {
    name: 'ask_business',
    description: "Answer a buyer's question about the store's policies and services.",
    inputSchema: {
      type: 'object',
      properties: {
        meta: META_SCHEMA,
        ask: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
      required: ['meta', 'ask'],
    },
  },
  {
    name: 'create_cart',
    description: 'Create a cart with line items.',
    inputSchema: { type: 'object', properties: { meta: META_SCHEMA, cart: { type: 'object' } }, required: ['meta'] },
  },
];

/** A product in UCP's catalogue shape. */
function ucpProduct(product: ShopProduct) {
  const money = { amount: product.price, currency: product.currency };
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: { plain: product.description },
    url: `https://harbor-goods.example/products/${product.handle}`,
    media: [{ type: 'image', url: product.image, alt_text: product.title }],
    price_range: { min: money, max: money },
    variants: [
      { id: product.variantId, title: 'Default', price: money, availability: { available: product.available } },
    ],
  };
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).flatMap((word) => [word, word.replace(/s$/, '')]);
}

function search(catalogue: ShopProduct[], query: string): ShopProduct[] {
  const wanted = new Set(words(query));
  return catalogue.filter((product) => words(`${product.title} ${product.description}`).some((w) => wanted.has(w)));
}

function toolResult(structured: Record<string, unknown>) {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function callTool(store: ShopifyStore, name: string, args: Record<string, unknown>) {
  const meta = args.meta as { 'ucp-agent'?: { profile?: unknown } } | undefined;
  if (typeof meta?.['ucp-agent']?.profile !== 'string')
    return { error: { code: -32602, message: 'meta["ucp-agent"].profile is required' } };
  if (store.mode === 'refuse-tools') return { error: { code: -32603, message: 'Service temporarily unavailable' } };
  const catalog = (args.catalog ?? {}) as { query?: string; ids?: string[]; id?: string };
  switch (name) {
    case 'search_catalog':
      return {
        result: toolResult({ ucp: UCP, products: search(store.catalogue, catalog.query ?? '').map(ucpProduct) }),
      };
    case 'lookup_catalog': {
      const ids = new Set(catalog.ids ?? []);
      const found = store.catalogue.filter((product) => ids.has(product.id) || ids.has(product.variantId));
      return { result: toolResult({ ucp: UCP, products: found.map(ucpProduct) }) };
    }
    case 'get_product': {
      const product = store.catalogue.find((each) => each.id === catalog.id);
      return product
        ? { result: toolResult({ ucp: UCP, product: ucpProduct(product) }) }
        : { result: { content: [{ type: 'text', text: 'Product not found' }], isError: true } };
    }
    case 'ask_business':
      return { result: toolResult({ ucp: UCP, answer: { plain: store.policies } }) };
    default:
      return { error: { code: -32601, message: `Unknown tool: ${name}` } };
  }
}

function answerMcp(store: ShopifyStore, response: ServerResponse, body: string): void {
  const message = parseJson(body) as
    { id?: number | string; method?: string; params?: Record<string, unknown> } | undefined;
  if (!message?.method) {
    sendJson(response, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    return;
  }
  if (message.id === undefined) {
    response.writeHead(202).end();
    return;
  }
  const reply = (payload: object) => sendJson(response, 200, { jsonrpc: '2.0', id: message.id, ...payload });
  if (message.method === 'initialize') {
    const asked = String(message.params?.protocolVersion ?? '');
    reply({
      result: {
        protocolVersion: PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
        capabilities: { tools: {} },
        serverInfo: { name: 'loopback-shopify-ucp', version: '1.0.0' },
      },
    });
  } else if (message.method === 'tools/list') {
    reply({ result: { tools: TOOLS } });
  } else if (message.method === 'tools/call') {
    const name = String(message.params?.name ?? '');
    const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
    store.calls.push({ name, arguments: args });
    reply(callTool(store, name, args));
  } else if (message.method === 'ping') {
    reply({ result: {} });
  } else {
    reply({ error: { code: -32601, message: `Method not found: ${message.method}` } });
  }
}

function answerAdmin(store: ShopifyStore, token: string | undefined, response: ServerResponse, body: string): void {
  const request = parseJson(body) as { query?: string; variables?: Record<string, unknown> } | undefined;
  const variables = request?.variables ?? {};
  store.adminRequests.push({ token, variables });
  if (token !== store.accessToken) {
    sendJson(response, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    return;
  }
  const { orders } = store;
  if (typeof variables.customerId === 'string') {
    const id = variables.customerId.replace('gid://shopify/Customer/', '');
    const nodes = orders.filter((order) => order.customerId === id).map(({ customerId: _, ...order }) => order);
    sendJson(response, 200, { data: { customer: { orders: { nodes } } } });
  } else if (typeof variables.search === 'string') {
    const name = /name:(#?\S+)/.exec(variables.search)?.[1]?.replace(/^#?/, '#');
    const nodes = orders.filter((order) => order.name === name).map(({ customerId: _, ...order }) => order);
    sendJson(response, 200, { data: { orders: { nodes: nodes.slice(0, 1) } } });
  } else {
    sendJson(response, 200, { errors: [{ message: 'Variable $customerId or $search is required' }] });
  }
}

/** Starts the loopback Shopify store with `catalogue`, `policies` and `orders`. */
export async function startShopifyStore(options: {
  catalogue: ShopProduct[];
  policies: string;
  orders: ShopOrder[];
  accessToken: string;
}): Promise<ShopifyStore> {
  const state = {
    ...options,
    mode: 'normal' as UcpMode,
    calls: [] as UcpCall[],
    adminRequests: [] as ShopifyStore['adminRequests'],
  };
  const server = await startLoopback((request, response, body) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path === '/api/ucp/mcp') {
      if (state.mode === 'refuse-all') sendJson(response, 503, { error: 'Service Unavailable' });
      else if (state.mode === 'drop') request.socket.destroy();
      // Held until the client gives up or the server closes (close() ends held connections).
      else if (state.mode === 'silent') return;
      else if (request.method === 'POST') answerMcp(store, response, body);
      else response.writeHead(405, { Allow: 'POST' }).end();
    } else if (/^\/admin\/api\/[\w-]+\/graphql\.json$/.test(path) && request.method === 'POST') {
      const token = request.headers['x-shopify-access-token'];
      answerAdmin(store, Array.isArray(token) ? token[0] : token, response, body);
    } else {
      sendJson(response, 404, { errors: 'Not Found' });
    }
  });
  const store: ShopifyStore = Object.assign(state, server);
  return store;
}
