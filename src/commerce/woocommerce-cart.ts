import { own } from '../common/own';
import {
  amount,
  CartError,
  platformText,
  summary,
  type CartAdapter,
  type CartResponse,
  type CartSend,
} from './cart-adapter';
import type { CartSummary } from './commerce-state';

// WooCommerce's Store API (https://developer.woocommerce.com/docs/apis/store-api/resources-endpoints/cart):
// GET /wp-json/wc/store/v1/cart answers with the cart and a `Nonce` header
// (https://developer.woocommerce.com/docs/apis/store-api/nonce-tokens), which every POST to
// cart/add-item ({ id, quantity }), cart/update-item ({ key, quantity }) and cart/remove-item ({ key })
// must carry. Amounts are strings in the currency's minor unit; errors answer { code, message, data }.
// POST cart/extensions ({ namespace, data }) hands `data` to the callback the store registered for that
// namespace with woocommerce_store_api_register_update_callback
// (https://developer.woocommerce.com/docs/apis/store-api/extending-store-api/extend-store-api-update-cart):
// an assisted cart's mark goes there, and the store's snippet keeps it with the order (docs/selling.md);
// without the snippet the Store API answers 400 and the cart stays unmarked.

/** The Store API namespace an assisted cart's mark is posted under; the store's snippet registers it. */
export const MARK_NAMESPACE = 'store-assistant';

const CART = 'wp-json/wc/store/v1/cart';

/** The cart of a Store API cart answer. */
function wooCart(body: unknown): CartSummary {
  const totals = own(body, 'totals');
  const money = (prices: unknown, key: string) => {
    const value = amount(own(prices, key));
    const unit = amount(own(prices, 'currency_minor_unit')) ?? 2;
    return value === undefined ? undefined : value / 10 ** Math.min(Math.max(unit, 0), 4);
  };
  return summary(
    own(body, 'items_count'),
    money(totals, 'total_price'),
    own(totals, 'currency_code'),
    own(body, 'items'),
    (item) => {
      const quantity = amount(own(item, 'quantity'));
      const id = amount(own(item, 'id'));
      if (quantity === undefined || id === undefined) return null;
      return {
        variantId: String(id),
        title: platformText(own(item, 'name')),
        quantity,
        price: money(own(item, 'prices'), 'price'),
      };
    },
  );
}

/** The Store API's refusal: its `message` for the visitor when it is about the product (400, 409); anything else is ours to word. */
function refusal(response: CartResponse, what: string): CartError {
  const message = platformText(own(response.body, 'message'));
  const reason = (response.status === 400 || response.status === 409) && message ? 'platform' : 'network';
  return new CartError(
    reason,
    reason === 'platform' ? message : '',
    `${what} answered ${response.status}${message ? `: ${message}` : ''}`,
  );
}

/** The WooCommerce cart at `send`'s base (the WordPress site's root). The nonce is kept for the page's life. */
export function wooCommerceCartAdapter(send: CartSend): CartAdapter {
  let nonce: string | null = null;
  const remember = (response: CartResponse) => {
    nonce = response.headers.get('Nonce') ?? response.headers.get('X-WC-Store-API-Nonce') ?? nonce;
  };
  const fetchCart = async () => {
    const response = await send('GET', CART);
    remember(response);
    if (!response.ok) throw refusal(response, CART);
    return response.body;
  };
  /** A cart change: with the nonce, fetched first when there is none and once more when it has expired (401/403). */
  const change = async (path: string, body: unknown): Promise<CartSummary> => {
    if (nonce === null) await fetchCart();
    const post = () => send('POST', `${CART}/${path}`, body, nonce === null ? [] : [['Nonce', nonce]]);
    let response = await post();
    if (response.status === 401 || response.status === 403) {
      nonce = null;
      await fetchCart();
      response = await post();
    }
    remember(response);
    if (!response.ok) throw refusal(response, `${CART}/${path}`);
    return wooCart(response.body);
  };
  return {
    read: async () => wooCart(await fetchCart()),
    add: (variantId, quantity) => change('add-item', { id: Number(variantId), quantity }),
    async setQuantity(variantId, quantity) {
      const items = own(await fetchCart(), 'items');
      const line = (Array.isArray(items) ? items : []).find((item) => String(own(item, 'id')) === variantId);
      const key = own(line, 'key');
      if (typeof key !== 'string')
        return quantity > 0 ? change('add-item', { id: Number(variantId), quantity }) : wooCart(await fetchCart());
      return quantity > 0 ? change('update-item', { key, quantity }) : change('remove-item', { key });
    },
    async markAssisted(mark) {
      await change('extensions', { namespace: MARK_NAMESPACE, data: { ...mark } });
    },
  };
}
