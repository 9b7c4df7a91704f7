import { own, isJsonObject } from '../../common/own';
import { formatPrice, linkField, safeProductImage, textField, type ProductContext } from './products';

/** A step of a delivery. */
export type OrderStep = 'placed' | 'paid' | 'shipped' | 'out_for_delivery' | 'delivered';
/** Where an order is: a step of its delivery, or the way it ended without one. */
export type OrderStatus = OrderStep | 'cancelled' | 'refunded' | 'returned';

/** The steps of a delivery in order, then the ways an order ends without one. */
export const ORDER_STEPS: readonly OrderStep[] = ['placed', 'paid', 'shipped', 'out_for_delivery', 'delivered'];
export const ORDER_ENDINGS: readonly Exclude<OrderStatus, OrderStep>[] = ['cancelled', 'refunded', 'returned'];

/** One line of an order: what was bought and how many. */
export interface OrderItem {
  title: string;
  /** Absent when the reply's image was unsafe. */
  image?: string;
  quantity: number;
}

/** How the parcel travels; each part absent when the reply had none (or an unsafe link). */
export interface OrderTracking {
  number?: string;
  carrier?: string;
  url?: string;
}

/** An order card, normalised from a reply's `orders` entry. */
export interface Order {
  number: string;
  status: OrderStatus;
  /** When it was placed, as the reply wrote it (an ISO date is shown in the visitor's language). */
  date?: string;
  items: OrderItem[];
  /** The total as shown, currency included. */
  total?: string;
  tracking?: OrderTracking;
  /** When it should arrive, as the reply wrote it. */
  expectedDelivery?: string;
  /** Where the store lets the shopper return it, if it does. */
  returnUrl?: string;
  /** Where the store lets the shopper cancel it, if it does. */
  cancelUrl?: string;
  /** The order's page in the shopper's account. */
  url?: string;
}

/** More orders than this are not shown: a reply answers about recent orders, not the whole history. */
export const MAX_ORDERS = 5;
/** Lines shown of one order; the card says how many more there are not. */
export const MAX_ORDER_ITEMS = 10;
export const MAX_ORDER_NUMBER_LENGTH = 40;
export const MAX_ORDER_DATE_LENGTH = 40;
export const MAX_ITEM_TITLE_LENGTH = 120;
export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 60;
/** A quantity above this is no real order line. */
export const MAX_ITEM_QUANTITY = 999;

const STATUSES: readonly string[] = [...ORDER_STEPS, ...ORDER_ENDINGS];

function isStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && STATUSES.includes(value);
}

function normaliseItem(raw: unknown, context: ProductContext): OrderItem | null {
  if (!isJsonObject(raw)) return null;
  const title = textField(raw, ['title', 'name'], MAX_ITEM_TITLE_LENGTH);
  if (!title) return null;
  const quantity = own(raw, 'quantity');
  const item: OrderItem = {
    title,
    image: undefined,
    quantity:
      typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_ITEM_QUANTITY
        ? quantity
        : 1,
  };
  const image = linkField(raw, ['image'], context, safeProductImage);
  if (image) item.image = image;
  return item;
}

function normaliseTracking(raw: unknown, context: ProductContext): OrderTracking | undefined {
  if (!isJsonObject(raw)) return undefined;
  const tracking: OrderTracking = {
    number: textField(raw, ['number'], MAX_TRACKING_NUMBER_LENGTH),
    carrier: textField(raw, ['carrier'], MAX_CARRIER_LENGTH),
    url: linkField(raw, ['url'], context),
  };
  return tracking.number || tracking.carrier || tracking.url ? tracking : undefined;
}

/**
 * Normalises an order from a reply: `{ number, status, date?, items?, total?, currency?, tracking?,
 * expectedDelivery?, returnUrl?, cancelUrl?, url? }`. Text as shown and capped like a product's, links and
 * images by the product rules, at most {@link MAX_ORDER_ITEMS} lines. Null without a number or with a
 * status not among {@link ORDER_STEPS} and {@link ORDER_ENDINGS}: a card must not guess where an order is.
 */
export function normaliseOrder(raw: unknown, context: ProductContext): Order | null {
  if (!isJsonObject(raw)) return null;
  const number = textField(raw, ['number'], MAX_ORDER_NUMBER_LENGTH);
  const status = own(raw, 'status');
  if (!number || !isStatus(status)) return null;
  const items = own(raw, 'items');
  // Optional fields present as undefined, so they shadow anything a page added to Object.prototype.
  return {
    number,
    status,
    date: textField(raw, ['date'], MAX_ORDER_DATE_LENGTH),
    items: Array.isArray(items)
      ? items
          .slice(0, MAX_ORDER_ITEMS * 2)
          .flatMap((item) => normaliseItem(item, context) ?? [])
          .slice(0, MAX_ORDER_ITEMS)
      : [],
    total: formatPrice(own(raw, 'total'), own(raw, 'currency')),
    tracking: normaliseTracking(own(raw, 'tracking'), context),
    expectedDelivery: textField(raw, ['expectedDelivery'], MAX_ORDER_DATE_LENGTH),
    returnUrl: linkField(raw, ['returnUrl'], context),
    cancelUrl: linkField(raw, ['cancelUrl'], context),
    url: linkField(raw, ['url'], context),
  };
}

/** A reply's `orders`: one order or a list, at most {@link MAX_ORDERS} valid ones. */
export function ordersFrom(value: unknown, context: ProductContext): Order[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .slice(0, MAX_ORDERS * 2)
    .flatMap((raw) => normaliseOrder(raw, context) ?? [])
    .slice(0, MAX_ORDERS);
}

/** How far along the delivery steps an order is (1-based); 0 for an order that ended without delivery. */
export function orderStep(status: OrderStatus): number {
  return (ORDER_STEPS as readonly string[]).indexOf(status) + 1;
}
