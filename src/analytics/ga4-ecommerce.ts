import { own } from '../common/own';

// Google Analytics 4's recommended ecommerce events, in the shape Google documents for a page's
// dataLayer (https://developers.google.com/analytics/devguides/collection/ga4/ecommerce and
// https://developers.google.com/tag-platform/tag-manager/datalayer#ecommerce): `{ event, ecommerce: {
// ...parameters, items: [...] } }`, each pushed after `{ ecommerce: null }` so a Tag Manager tag never
// reads the items of the event before. Item parameters: item_id, item_name, item_variant, price,
// quantity, index, item_list_id, item_list_name; add_to_cart adds currency (ISO 4217) and value.

/** The item list every product the widget shows belongs to: Tag Manager filters on its id. */
export const ASSISTANT_ITEM_LIST = { item_list_id: 'store_assistant', item_list_name: 'Store assistant' } as const;

/** What clears the previous ecommerce object in Tag Manager's data model, pushed before each event. */
export const ECOMMERCE_RESET = { ecommerce: null } as const;

type Ga4Item = Record<string, string | number>;
type Entry = Record<string, unknown> & { event?: string };

/** Signs that name one currency wherever they are written ("$" and "¥" name several, so they name none). */
const ONE_CURRENCY_SIGNS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '₹': 'INR' };

/** A text of at most 100 characters (GA4 truncates longer parameter values), or undefined. */
function shortText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The amount and currency of a card's written price (read here, not by the chat's price display, since
 * analytics stands beside the features and imports none of them) ("64.00 USD", "$64.00", "€29,90", "1.299,00 €"),
 * or null when it is not one amount ("from $20", "Free"). The currency is null when the price does
 * not name exactly one.
 */
export function readPrice(written: unknown): { amount: number; currency: string | null } | null {
  if (typeof written !== 'string') return null;
  const match = /^([^\d\s.,-]{0,4})\s?(\d[\d.,\s\u00a0\u202f']*\d|\d)\s?([^\d\s.,-]{0,4})$/u.exec(written.trim());
  if (!match) return null;
  const [, before = '', number = '', after = ''] = match;
  const decimal = /[.,](\d{1,2})$/.exec(number);
  const whole = decimal ? number.slice(0, decimal.index) : number;
  if (!/^\d+$|^\d{1,3}(?:[.,\s\u00a0\u202f']\d{3})+$/.test(whole)) return null;
  const sign = before || after;
  const currency = /^[A-Z]{3}$/.test(sign) ? sign : (ONE_CURRENCY_SIGNS[sign] ?? null);
  return { amount: Number(`${whole.replace(/\D/g, '')}.${decimal?.[1] ?? 0}`), currency };
}

/** A product card (or what a cart change carried) as a GA4 item: its ids, name and price; never visitor text. */
export function ga4Item(
  product: unknown,
  extra: { variantId?: unknown; index?: unknown; price?: number; name?: unknown } = {},
): Ga4Item {
  const variant = shortText(own(product, 'variantId')) ?? shortText(extra.variantId);
  const id = shortText(own(product, 'id')) ?? variant;
  const price = extra.price ?? readPrice(own(product, 'price'))?.amount;
  const item: Ga4Item = {};
  if (id !== undefined) item.item_id = id;
  const name = shortText(own(product, 'title')) ?? shortText(extra.name);
  if (name !== undefined) item.item_name = name;
  if (variant !== undefined && variant !== id) item.item_variant = variant;
  if (price !== undefined) item.price = price;
  const index = finite(extra.index);
  if (index !== undefined) item.index = index;
  return { ...item, ...ASSISTANT_ITEM_LIST };
}

/** `view_item_list` for a reply that showed product cards, one item per card in their order. */
function viewItemList(detail: unknown): Entry | null {
  const products = own(detail, 'products');
  if (own(detail, 'sender') !== 'bot' || !Array.isArray(products) || products.length === 0) return null;
  if (own(detail, 'status') !== undefined && own(detail, 'status') !== null) return null;
  return {
    event: 'view_item_list',
    ecommerce: { ...ASSISTANT_ITEM_LIST, items: products.map((product, index) => ga4Item(product, { index })) },
  };
}

/** `select_item` for a card the visitor opened ("View product"). */
function selectItem(detail: unknown): Entry {
  const item = ga4Item(own(detail, 'product'), { index: own(detail, 'index') });
  return { event: 'select_item', ecommerce: { ...ASSISTANT_ITEM_LIST, items: [item] } };
}

/**
 * `add_to_cart` for an add made through the widget. The unit price and currency are the platform's
 * (the cart's line after the add) when it reported them, else the card's written price; `value` is
 * price × quantity, sent only with a currency, as GA4 needs both to count revenue.
 */
function addToCart(detail: unknown): Entry | null {
  const quantity = finite(own(detail, 'quantity'));
  if (own(detail, 'action') !== 'add' || quantity === undefined) return null;
  const product = own(detail, 'product');
  const variantId = own(detail, 'variantId');
  const cart = own(detail, 'cart');
  const lines = own(cart, 'lines');
  const line = Array.isArray(lines)
    ? (lines as unknown[]).find((each) => String(own(each, 'variantId')) === String(variantId))
    : undefined;
  const written = readPrice(own(product, 'price'));
  const price = finite(own(line, 'price')) ?? written?.amount;
  const cartCurrency = own(cart, 'currency');
  const currency = typeof cartCurrency === 'string' ? cartCurrency : (written?.currency ?? undefined);
  const item = {
    ...ga4Item(product, { variantId, index: own(detail, 'index'), price, name: own(line, 'title') }),
    quantity,
  };
  const money =
    currency !== undefined && price !== undefined ? { currency, value: Math.round(price * quantity * 100) / 100 } : {};
  return { event: 'add_to_cart', ecommerce: { ...money, items: [item] } };
}

/** The widget events that stand for a GA4 ecommerce event, and how each is written. */
const ECOMMERCE_EVENTS: ReadonlyMap<string, (detail: unknown) => Entry | null> = new Map([
  ['message', viewItemList],
  ['product-open', selectItem],
  ['cart', addToCart],
]);

/**
 * The GA4 ecommerce entries a widget event makes, each after {@link ECOMMERCE_RESET}: `view_item_list`
 * (a reply with cards), `select_item` (a card opened), `add_to_cart` (an add through the widget); none
 * for any other event. They carry product facts only, never what the visitor wrote.
 */
export function ga4Entries(name: string, detail: unknown): Entry[] {
  const entry = ECOMMERCE_EVENTS.get(name)?.(detail) ?? null;
  return entry ? [{ ...ECOMMERCE_RESET }, entry] : [];
}
