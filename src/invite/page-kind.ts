import type { PageKind } from './invite-state';

/** Cart pages: Shopify's `/cart`, WooCommerce's `/cart/`, and the same under a language folder. */
const CART_PATH = /\/cart\/?$/i;
/** Checkout pages: Shopify's `/checkout` and `/checkouts/…`, WooCommerce's `/checkout/…` (order received too). */
const CHECKOUT_PATH = /\/checkouts?(?:\/|$)/i;
/** WooCommerce's body classes on its cart and checkout pages, wherever the store put them. */
const WOO_CART_CLASS = 'woocommerce-cart';
const WOO_CHECKOUT_CLASSES = ['woocommerce-checkout', 'woocommerce-order-received'];

/** What a page is, from its path, its body's classes and whether it describes a product. */
export function pageKind(page: { path: string; bodyClasses: readonly string[]; hasProduct: boolean }): PageKind {
  if (CHECKOUT_PATH.test(page.path) || WOO_CHECKOUT_CLASSES.some((name) => page.bodyClasses.includes(name)))
    return 'checkout';
  if (CART_PATH.test(page.path) || page.bodyClasses.includes(WOO_CART_CLASS)) return 'cart';
  return page.hasProduct ? 'product' : 'other';
}

/** Whether a form's action posts to the store's own cart: Shopify's `/cart/add`, or WooCommerce's add-to-cart. */
export function addsToCart(action: string, fieldNames: readonly string[]): boolean {
  return (
    /\/cart\/add(?:\.js)?(?:[?#]|$)/i.test(action) ||
    /[?&]add-to-cart=/i.test(action) ||
    fieldNames.includes('add-to-cart')
  );
}
