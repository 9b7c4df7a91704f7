import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { replyJson, type FixtureServer } from '../fixture-server';

// A WooCommerce store as the widget meets it, on the loopback fixture server: product pages with the
// JSON-LD @graph WooCommerce publishes, the Store API cart contract
// (https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart): GET
// /wp-json/wc/store/v1/cart answering with a `Nonce` header, POST cart/add-item { id, quantity } that
// needs that nonce (401 woocommerce_rest_missing_nonce without, 403 woocommerce_rest_invalid_nonce when
// stale, https://developer.woocommerce.com/docs/apis/store-api/nonce-tokens), 400 errors { code, message,
// data } for a product out of stock or unknown; a session cookie; a /cart page; and a store webhook.
// POST cart/extensions { namespace, data } runs the callback registered for `namespace` with
// woocommerce_store_api_register_update_callback
// (https://developer.woocommerce.com/docs/apis/store-api/extending-store-api/extend-store-api-update-cart):
// here the store-assistant snippet of docs/selling.md, which keeps `data` in the session for the order;
// an unregistered namespace answers 400 woocommerce_rest_cart_extensions_error, as WooCommerce does.

export interface WooProduct {
  id: number;
  slug: string;
  name: string;
  /** In cents. */
  price: number;
  inStock: boolean;
}

export const WOO_PRODUCTS: WooProduct[] = [
  { id: 16, slug: 'beanie', name: 'Beanie', price: 1800, inStock: true },
  { id: 17, slug: 'hoodie', name: 'Hoodie', price: 4500, inStock: false },
  { id: 18, slug: 'cap', name: 'Cap', price: 1600, inStock: true },
];

interface Session {
  nonce: string;
  lines: Map<number, { key: string; quantity: number }>;
  /** What the snippet kept from cart/extensions for the order: the assisted cart's mark. */
  mark: unknown;
}

/** A request the store received. */
export interface StoreRequest {
  method: string;
  path: string;
  nonce: string | null;
  body: unknown;
}

function cartJson(session: Session | undefined) {
  const items = [...(session?.lines ?? [])].map(([id, line]) => {
    const product = WOO_PRODUCTS.find((candidate) => candidate.id === id) as WooProduct;
    return {
      key: line.key,
      id,
      quantity: line.quantity,
      name: product.name,
      prices: { price: String(product.price), currency_code: 'USD', currency_minor_unit: 2 },
    };
  });
  const total = items.reduce((sum, item) => sum + Number(item.prices.price) * item.quantity, 0);
  return {
    items,
    items_count: items.reduce((sum, item) => sum + item.quantity, 0),
    totals: { total_price: String(total), currency_code: 'USD', currency_minor_unit: 2 },
    errors: [],
  };
}

const wooError = (response: ServerResponse, status: number, code: string, message: string) =>
  replyJson(response, { code, message, data: { status } }, status);

/** The product page: WooCommerce's structured data (a @graph with the Product), and the widget with `attributes`. */
export function wooProductPage(product: WooProduct, origin: string, attributes: string): string {
  const graph = {
    '@context': 'https://schema.org/',
    '@graph': [
      { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Shop' }] },
      {
        '@type': 'Product',
        '@id': `${origin}/product/${product.slug}/#product`,
        name: product.name,
        url: `${origin}/product/${product.slug}/`,
        sku: `woo-${product.slug}`,
        offers: [
          {
            '@type': 'Offer',
            price: (product.price / 100).toFixed(2),
            priceCurrency: 'USD',
            availability: `http://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
          },
        ],
      },
    ],
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${product.name} – Woo Shop</title><script src="/store-assistant.js"></script>
<script type="application/ld+json">${JSON.stringify(graph)}</script></head>
<body><main><h1>${product.name}</h1><store-assistant brand-name="Woo Shop" webhook-url="/api/chat" typing-speed="0" ${attributes}></store-assistant></main></body></html>`;
}

/** Installs the store's cart, cart page and webhook on `fixtures`. */
export function installWooStore(fixtures: FixtureServer) {
  const sessions = new Map<string, Session>();
  const requests: StoreRequest[] = [];
  const webhookBodies: Record<string, unknown>[] = [];
  let nextReply: unknown = null;

  const sessionOf = (request: IncomingMessage, response: ServerResponse, create: boolean): Session | undefined => {
    const token = /wp_woocommerce_session_test=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (token && sessions.has(token)) return sessions.get(token);
    if (!create) return undefined;
    const fresh = randomUUID();
    sessions.set(fresh, { nonce: randomUUID().slice(0, 10), lines: new Map(), mark: null });
    response.setHeader('Set-Cookie', `wp_woocommerce_session_test=${fresh}; Path=/; HttpOnly; SameSite=Lax`);
    return sessions.get(fresh);
  };
  const record = (request: IncomingMessage, body: string) =>
    requests.push({
      method: request.method ?? '',
      path: new URL(request.url ?? '/', 'http://x').pathname,
      nonce: (request.headers.nonce as string | undefined) ?? null,
      body: body ? (JSON.parse(body) as unknown) : null,
    });

  fixtures.handle('/wp-json/wc/store/v1/cart', (request, response, body) => {
    record(request, body);
    const session = sessionOf(request, response, true) as Session;
    response.setHeader('Nonce', session.nonce);
    replyJson(response, cartJson(session));
  });

  fixtures.handle('/wp-json/wc/store/v1/cart/add-item', (request, response, body) => {
    record(request, body);
    const session = sessionOf(request, response, false);
    const nonce = request.headers.nonce;
    if (!nonce)
      return wooError(
        response,
        401,
        'woocommerce_rest_missing_nonce',
        'Missing the Nonce header. This endpoint requires a valid nonce.',
      );
    if (!session || nonce !== session.nonce)
      return wooError(response, 403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
    const { id, quantity = 1 } = JSON.parse(body) as { id: number; quantity?: number };
    const product = WOO_PRODUCTS.find((candidate) => candidate.id === id);
    if (!product)
      return wooError(
        response,
        400,
        'woocommerce_rest_cart_invalid_product',
        'This product cannot be added to the cart.',
      );
    if (!product.inStock)
      return wooError(
        response,
        400,
        'woocommerce_rest_product_out_of_stock',
        `You cannot add &quot;${product.name}&quot; to the cart because the product is out of stock.`,
      );
    const line = session.lines.get(id) ?? { key: randomUUID().replace(/-/g, ''), quantity: 0 };
    session.lines.set(id, { ...line, quantity: line.quantity + quantity });
    response.setHeader('Nonce', session.nonce);
    replyJson(response, cartJson(session), 201);
  });

  /** Namespaces with a registered update callback: the snippet's, unless a test removes it. */
  const registered = new Set(['store-assistant']);
  fixtures.handle('/wp-json/wc/store/v1/cart/extensions', (request, response, body) => {
    record(request, body);
    const session = sessionOf(request, response, false);
    if (!request.headers.nonce || !session || request.headers.nonce !== session.nonce)
      return wooError(response, 403, 'woocommerce_rest_invalid_nonce', 'Nonce is invalid.');
    const { namespace, data } = JSON.parse(body) as { namespace?: string; data?: unknown };
    if (!namespace || !registered.has(namespace))
      return wooError(
        response,
        400,
        'woocommerce_rest_cart_extensions_error',
        `There is no such namespace registered: ${namespace ?? ''}.`,
      );
    session.mark = data ?? null;
    response.setHeader('Nonce', session.nonce);
    replyJson(response, cartJson(session));
  });

  fixtures.handle('/cart/', (request, response) => {
    const cart = cartJson(sessionOf(request, response, false));
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Cart</title><h1>Cart</h1><ul>${cart.items.map((item) => `<li class="cart-line">${item.name} × ${item.quantity}</li>`).join('')}</ul>`,
    );
  });

  // WordPress sends /cart to its canonical /cart/.
  fixtures.handle('/cart', (_request, response) => void response.writeHead(301, { Location: '/cart/' }).end());

  fixtures.handle('/api/chat', (_request, response, body) => {
    const request = JSON.parse(body) as { message: string; context?: { page?: { product?: { name?: string } } } };
    webhookBodies.push(request as unknown as Record<string, unknown>);
    if (nextReply !== null) return replyJson(response, nextReply);
    const onPage = WOO_PRODUCTS.find((product) => product.name === request.context?.page?.product?.name);
    if (!/stock/i.test(request.message) || !onPage) return replyJson(response, { output: 'How can I help?' });
    // WooCommerce naming: `name`, `permalink`, and the product `id` the Store API adds by.
    replyJson(response, {
      output: `The **${onPage.name}** is in stock.`,
      products: [
        {
          name: onPage.name,
          permalink: `/product/${onPage.slug}/`,
          productUrl: `/product/${onPage.slug}/`,
          id: onPage.id,
          price: `$${(onPage.price / 100).toFixed(2)}`,
        },
      ],
    });
  });

  return {
    requests,
    webhookBodies,
    /** The next webhook replies are `reply` (null: the store's own answers). */
    replyWith(reply: unknown) {
      nextReply = reply;
    },
    /** The marks the snippet kept, one per cart session that has one. */
    marks: () => [...sessions.values()].map((each) => each.mark).filter((mark) => mark !== null),
    /** Without the store-side snippet, no callback answers the widget's namespace. */
    withoutSnippet() {
      registered.clear();
    },
    withSnippet() {
      registered.add('store-assistant');
    },
    /** Every session's nonce changes, as when WordPress's nonce lifetime passes. */
    expireNonces() {
      for (const session of sessions.values()) session.nonce = randomUUID().slice(0, 10);
    },
  };
}
