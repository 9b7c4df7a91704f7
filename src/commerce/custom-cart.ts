import type { Timers } from '../common/timers';
import { CartError, platformText, readReportedCart, type CartAdapter } from './cart-adapter';
import type { CartSummary, CommerceDeps } from './commerce-state';

/** A page that took a cart request but has not answered in this long has failed. */
export const CUSTOM_CART_TIMEOUT_MS = 15_000;

/**
 * `commerce="custom"`: the page's own cart code does the work. Each change is a cancellable
 * `store-assistant:add-to-cart` (or `update-cart`) event; the page calls `preventDefault()` to take it
 * and then `detail.resolve(cart?)` or `detail.reject(message?)`. An event nobody took fails as
 * `unavailable`. The cart is whatever the page last reported. After an add from the widget, a
 * cancellable `store-assistant:mark-cart` hands the page the assisted cart's mark to keep with its order.
 */
export function customCartAdapter(deps: Pick<CommerceDeps, 'requestFromPage'> & { timers: Timers }): CartAdapter {
  let last: CartSummary | null = null;
  /** Asks the page through `store-assistant:<name>`; settles once, on its answer, its silence or nobody taking it. */
  const request = <T>(
    name: 'add-to-cart' | 'update-cart' | 'mark-cart',
    taken: (answer: { resolve: (value: unknown) => void; reject: (message: unknown) => void }) => boolean,
    done: (value: unknown) => T,
  ) =>
    new Promise<T>((resolve, reject) => {
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
      const answer = {
        resolve: (value: unknown) => settle(() => resolve(done(value))),
        reject: (message: unknown) =>
          settle(() =>
            reject(new CartError('platform', platformText(message), `the page refused store-assistant:${name}`)),
          ),
      };
      if (!taken(answer))
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
  const ask = (
    name: 'add-to-cart' | 'update-cart',
    variantId: string,
    quantity: number,
    product: Parameters<CartAdapter['add']>[2],
  ) =>
    request(
      name,
      ({ resolve, reject }) =>
        deps.requestFromPage(name, { product, variantId, quantity, resolve: (cart) => resolve(cart), reject }),
      (cart) => (last = readReportedCart(cart) ?? last),
    );
  return {
    add: (variantId, quantity, product) => ask('add-to-cart', variantId, quantity, product),
    setQuantity: (variantId, quantity) => ask('update-cart', variantId, quantity, null),
    read: async () => last,
    // A page that keeps no mark leaves the event alone: that is its choice, not a failure.
    markAssisted: (mark) =>
      request(
        'mark-cart',
        ({ resolve, reject }) => deps.requestFromPage('mark-cart', { ...mark, resolve: () => resolve(null), reject }),
        () => undefined,
      ).catch((error: unknown) => {
        if (!(error instanceof CartError && error.reason === 'unavailable')) throw error;
      }),
  };
}
