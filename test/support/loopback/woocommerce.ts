import type { IncomingMessage } from 'node:http';
import { sendJson, startLoopback, type LoopbackServer } from './http';

// A WooCommerce store on loopback, as far as the store-assistant workflow uses it, following the documented
// contracts:
// - Store API, products (public, no key; `search` and `category` filters; `prices` as text in the
//   currency's minor units with `currency_code` and `currency_minor_unit`; `is_in_stock`):
//   https://github.com/woocommerce/woocommerce/blob/trunk/plugins/woocommerce/src/StoreApi/docs/products.md
// - REST API v3 orders (`GET /wp-json/wc/v3/orders?customer=`, `GET /wp-json/wc/v3/orders/<id>`), with the
//   consumer key and secret as HTTP Basic auth over HTTPS:
//   https://woocommerce.github.io/woocommerce-rest-api-docs/#list-all-orders and
//   https://woocommerce.github.io/woocommerce-rest-api-docs/#authentication-over-https
// - WordPress REST API pages by slug (WooCommerce's "Refund and Returns Policy" page is `refund_returns`):
//   https://developer.wordpress.org/rest-api/reference/pages/#list-pages

/** A simple product of the loopback store. */
export interface WooProduct {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  /** In the currency's minor units. */
  price: number;
  currency: string;
  category: string;
  inStock: boolean;
}

/** An order as the REST API returns it (the fields the workflow reads). */
export interface WooOrder {
  id: number;
  number: string;
  customer_id: number;
  status: string;
  date_created: string;
  total: string;
  currency: string;
  billing: { email: string };
  line_items: { name: string; quantity: number; image: { src: string } }[];
}

export interface WooStore extends LoopbackServer {
  products: WooProduct[];
  /** Page slug → its HTML content. */
  pages: Record<string, string>;
  orders: WooOrder[];
  consumerKey: string;
  consumerSecret: string;
  /** When true, the Store API answers 503 (the store is down or refusing). */
  refusing: boolean;
  searches: URLSearchParams[];
  orderRequests: string[];
}

function storeApiProduct(origin: string, product: WooProduct) {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    permalink: `https://wool-and-oak.example/product/${product.slug}/`,
    short_description: `<p>${product.description}</p>`,
    description: `<p>${product.description}</p>`,
    images: [{ id: product.id * 10, src: `${origin}/wp-content/uploads/${product.slug}.jpg`, alt: product.name }],
    categories: [{ id: 1, name: product.category, slug: product.category.toLowerCase() }],
    prices: {
      price: String(product.price),
      regular_price: String(product.price),
      sale_price: String(product.price),
      currency_code: product.currency,
      currency_symbol: product.currency === 'GBP' ? '£' : product.currency,
      currency_minor_unit: 2,
      currency_decimal_separator: '.',
      currency_thousand_separator: ',',
      currency_prefix: '£',
      currency_suffix: '',
    },
    is_in_stock: product.inStock,
    is_purchasable: true,
    stock_availability: {
      text: product.inStock ? 'In stock' : 'Out of stock',
      class: product.inStock ? 'in-stock' : 'out-of-stock',
    },
  };
}

function matches(product: WooProduct, search: string, category: string): boolean {
  const words = (search.toLowerCase().match(/[a-z]+/g) ?? []).map((word) => word.replace(/s$/, ''));
  const text = `${product.name} ${product.description}`.toLowerCase();
  const inCategory = !category || product.category.toLowerCase() === category.toLowerCase();
  return inCategory && (words.length === 0 || words.some((word) => text.includes(word)));
}

function basicAuth(request: IncomingMessage): [string, string] | null {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return [user ?? '', rest.join(':')];
}

/** Starts the loopback WooCommerce store. */
export async function startWooStore(options: {
  products: WooProduct[];
  pages: Record<string, string>;
  orders: WooOrder[];
  consumerKey: string;
  consumerSecret: string;
}): Promise<WooStore> {
  const state = { ...options, refusing: false, searches: [] as URLSearchParams[], orderRequests: [] as string[] };
  const server = await startLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    if (url.pathname === '/wp-json/wc/store/v1/products') {
      state.searches.push(url.searchParams);
      if (state.refusing)
        return sendJson(response, 503, { code: 'service_unavailable', message: 'Service Unavailable' });
      const search = url.searchParams.get('search') ?? '';
      const category = url.searchParams.get('category') ?? '';
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const found = state.products.filter((product) => matches(product, search, category)).slice(0, perPage);
      return sendJson(
        response,
        200,
        found.map((product) => storeApiProduct(server.origin, product)),
      );
    }
    if (url.pathname === '/wp-json/wp/v2/pages') {
      const slugs = (url.searchParams.get('slug') ?? '').split(',').filter(Boolean);
      const pages = slugs
        .filter((slug) => slug in state.pages)
        .map((slug) => ({
          title: { rendered: slug.replace(/_/g, ' ') },
          content: { rendered: state.pages[slug], protected: false },
        }));
      return sendJson(response, 200, pages);
    }
    const order = /^\/wp-json\/wc\/v3\/orders(?:\/(\d+))?$/.exec(url.pathname);
    if (order) {
      state.orderRequests.push(`${url.pathname}${url.search}`);
      const auth = basicAuth(request);
      if (!auth || auth[0] !== state.consumerKey || auth[1] !== state.consumerSecret)
        return sendJson(response, 401, {
          code: 'woocommerce_rest_cannot_view',
          message: 'Sorry, you cannot list resources.',
          data: { status: 401 },
        });
      if (order[1]) {
        const one = state.orders.find((each) => each.id === Number(order[1]));
        return one
          ? sendJson(response, 200, one)
          : sendJson(response, 404, {
              code: 'woocommerce_rest_shop_order_invalid_id',
              message: 'Invalid ID.',
              data: { status: 404 },
            });
      }
      const customer = Number(url.searchParams.get('customer'));
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      return sendJson(response, 200, state.orders.filter((each) => each.customer_id === customer).slice(0, perPage));
    }
    return sendJson(response, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
  });
  return Object.assign(state, server);
}
