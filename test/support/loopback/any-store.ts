import { sendJson, startLoopback, type LoopbackServer } from './http';

// A store's own product search endpoint, in the shape docs/any-store.md documents field by field:
// GET <searchUrl>?q=<words> answers { "products": [ { id, title, description, url, image, price,
// currency, variantId, available } ] }.

/** A product as the endpoint answers it. */
export interface AnyStoreProduct {
  id: string;
  title: string;
  description: string;
  url: string;
  image: string;
  price: number;
  currency: string;
  variantId: string;
  available: boolean;
}

export interface AnyStore extends LoopbackServer {
  searchUrl: string;
  queries: string[];
}

/** Starts the search endpoint at `/search.json` over `products`. */
export async function startAnyStore(products: AnyStoreProduct[]): Promise<AnyStore> {
  const queries: string[] = [];
  const server = await startLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    if (url.pathname !== '/search.json') return sendJson(response, 404, { error: 'not found' });
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    queries.push(query);
    const words = query.match(/[a-z]+/g) ?? [];
    const found = products.filter((product) => words.some((word) => product.title.toLowerCase().includes(word)));
    return sendJson(response, 200, { products: found });
  });
  return Object.assign(server, { searchUrl: `${server.origin}/search.json`, queries });
}
