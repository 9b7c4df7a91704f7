import type { Timers } from '../common/timers';
import { CartError, platformText, readReportedCart, type CartAdapter } from './cart-adapter';
import type { CartSummary, CommerceDeps } from './commerce-state';

/** A page that took a cart request but has not answered in this long has failed. */
export const CUSTOM_CART_TIMEOUT_MS = 15_000;

/**
 * `commerce="custom"`: the page's own cart code does the work. Each change is a cancellable
 * `store-assistant:add-to-cart` (or `update-cart`) event; the page calls `preventDefault()` to take it
 * and then `detail.resolve(cart?)` or `detail.reject(message?)`. An event nobody took fails as
 * `unavailable`. The cart is whatever the page last reported.
 */
export function customCartAdapter(deps: Pick<CommerceDeps, 'requestFromPage'> & { timers: Timers }): CartAdapter {
  let last: CartSummary | null = null;
  const ask = (
    name: 'add-to-cart' | 'update-cart',
    variantId: string,
    quantity: number,
    product: Parameters<CartAdapter['add']>[2],
  ) =>
    new Promise<CartSummary | null>((resolve, reject) => {
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        deps.timers.clearTimeout(timer);
        finish();
      };
      const timer = deps.timers.setTimeout(
        () => settle(() => reject(new CartError('network', '', `the page did not answer store-assistant:${name}`))),
        CUSTOM_CART_TIMEOUT_MS,
      );
      const taken = deps.requestFromPage(name, {
        product,
        variantId,
        quantity,
        resolve: (cart) => settle(() => resolve((last = readReportedCart(cart) ?? last))),
        reject: (message) =>
          settle(() =>
            reject(new CartError('platform', platformText(message), `the page refused store-assistant:${name}`)),
          ),
      });
      if (!taken)
        settle(() =>
          reject(
            new CartError(
              'unavailable',
              '',
              `nothing on the page handled store-assistant:${name} (call event.preventDefault() to take it)`,
            ),
          ),
        );
    });
  return {
    add: (variantId, quantity, product) => ask('add-to-cart', variantId, quantity, product),
    setQuantity: (variantId, quantity) => ask('update-cart', variantId, quantity, null),
    read: async () => last,
  };
}
