import type { CartSummary } from '../../commerce/commerce-state';
import type { PageFacts, PageProduct } from '../../commerce/page-context';
import { isJsonObject, own } from '../../common/own';
import { safeStringify } from '../../common/safe-json';

/** An amount as a store shows it: two decimals, with the currency code when known. */
function money(amount: number | undefined, currency: string | undefined): string {
  if (amount === undefined) return '';
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;
}

/** Readable availability: "InStock" becomes "in stock". */
const availabilityText = (value: string) => value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** The product on the page as one line: "Linen Shirt, 64.00 USD, in stock, sku linen-shirt". */
export function pageProductText(product: PageProduct): string {
  const price =
    product.price === undefined ? '' : `${product.price}${product.priceCurrency ? ` ${product.priceCurrency}` : ''}`;
  const parts = [
    product.name ?? '',
    price,
    product.availability ? availabilityText(product.availability) : '',
    product.sku ? `sku ${product.sku}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * The cart as one line for a voice assistant: "3 items, total 142.00 USD: 2 × Linen Shirt (variant
 * 4401, 64.00 each); 1 × Tote (variant 4402)", or "The cart is empty."
 */
export function cartSummaryText(cart: CartSummary): string {
  if (cart.itemCount <= 0) return 'The cart is empty.';
  const total = cart.total === undefined ? '' : `, total ${money(cart.total, cart.currency)}`;
  const lines = cart.lines.map((line) => {
    const facts = [
      line.variantId ? `variant ${line.variantId}` : '',
      line.price === undefined ? '' : `${money(line.price, cart.currency)} each`,
    ].filter(Boolean);
    return `${line.quantity} × ${line.title || 'an item'}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  });
  return `${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'}${total}${lines.length > 0 ? `: ${lines.join('; ')}` : ''}`;
}

/** The page's variables: where the visitor is and the product the page shows. */
function pageVariables(page: PageFacts): Record<string, string> {
  const variables: Record<string, string> = {};
  if (page.url) variables.page_url = page.url;
  if (page.title) variables.page_title = page.title;
  if (page.product) {
    variables.page_product = pageProductText(page.product);
    variables.page_product_json = safeStringify(page.product);
  }
  return variables;
}

/**
 * The verified shopper's variables: `customer_id`, `customer_signature` (for the store's tools to check
 * before they tell anything of the shopper's), and `customer_name` and `customer_email` when given.
 */
function customerVariables(customer: Record<string, unknown>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const key of ['id', 'email', 'name', 'signature']) {
    const value = own(customer, key);
    if (typeof value === 'string' && value) variables[`customer_${key}`] = value;
  }
  return variables;
}

/**
 * The call's variables from the `context` a chat message would carry (already checked and capped by the
 * commerce feature): `page_url`, `page_title`, `page_product` and `page_product_json` (unless
 * `page-context="off"`), `cart_summary` (with `commerce`, once the cart is known) and
 * `store_context_json` (the facts given to `setContext()`) and the verified shopper's `customer_*`. Absent
 * facts set no variable.
 */
export function callContextVariables(context: Record<string, unknown>): Record<string, string> {
  const page = own(context, 'page');
  const store = own(context, 'store');
  const cart = own(context, 'cart');
  const customer = own(context, 'customer');
  return {
    ...(isJsonObject(page) ? pageVariables(page as unknown as PageFacts) : {}),
    ...(isJsonObject(cart) ? { cart_summary: cartSummaryText(cart as unknown as CartSummary) } : {}),
    ...(isJsonObject(store) ? { store_context_json: safeStringify(store) } : {}),
    ...(isJsonObject(customer) ? customerVariables(customer) : {}),
  };
}

/**
 * What a call rejoined on a new page is told, as a system line: the page the visitor landed on, its
 * product and the cart, from the `context` a chat message would carry now. Empty when nothing is known.
 */
export function landingText(context: Record<string, unknown>): string {
  const variables = callContextVariables(context);
  const facts = [
    variables.page_title || variables.page_url
      ? `Page: ${[variables.page_title, variables.page_url && `(${variables.page_url})`].filter(Boolean).join(' ')}`
      : '',
    variables.page_product ? `Product on this page: ${variables.page_product}` : '',
    variables.page_product_json ? `Product on this page as JSON: ${variables.page_product_json}` : '',
    variables.cart_summary ? `Cart: ${variables.cart_summary}` : '',
  ].filter(Boolean);
  if (facts.length === 0) return '';
  return [
    'The visitor has opened another page of the store; the call goes on. "This one" now means what this page shows.',
    ...facts,
  ].join('\n');
}
