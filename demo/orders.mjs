// The demo store's shopper and orders, and what its server does with them: it signs the signed-in
// shopper's id (HMAC-SHA256 with the store's secret, as a Shopify or WooCommerce template would), and the
// mock webhook checks that signature before it tells anything of theirs. The secret stays on the server.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The store's secret, shared by the store's server and its workflow only. DEMO_CUSTOMER_SECRET overrides. */
export const DEMO_SECRET = process.env.DEMO_CUSTOMER_SECRET ?? 'lumen-demo-secret';

export const DEMO_SHOPPER = { id: '7001', email: 'ada@lumen.shop', name: 'Ada' };

/** HMAC-SHA256 of the id with the secret, as lowercase hex. */
export function signCustomerId(id, secret = DEMO_SECRET) {
  return createHmac('sha256', secret).update(String(id)).digest('hex');
}

/** Whether `customer` (a message's `context.customer`) carries a valid signature of its id. */
export function verifiedCustomer(customer, secret = DEMO_SECRET) {
  if (!customer || typeof customer.id !== 'string' || typeof customer.signature !== 'string') return false;
  const expected = Buffer.from(signCustomerId(customer.id, secret), 'utf8');
  const given = Buffer.from(customer.signature.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const tracking = (number) => ({ number, carrier: 'DHL', url: `https://www.dhl.com/track?tracking-id=${number}` });
const item = (title, id, quantity = 1) => ({ title, image: `/assets/products/${id}.svg`, quantity });

/** The demo shopper's orders, newest first: one in each status. */
export const DEMO_ORDERS = [
  {
    number: '1048',
    url: '/account/orders/1048',
    date: '2026-11-24',
    status: 'out_for_delivery',
    items: [item('Linen Shirt', 'linen-shirt', 2)],
    total: 128,
    currency: 'USD',
    tracking: tracking('JD014600006281'),
    expectedDelivery: '2026-11-26',
  },
  {
    number: '1047',
    url: '/account/orders/1047',
    date: '2026-11-22',
    status: 'shipped',
    items: [item('Canvas Tote', 'canvas-tote')],
    total: 39,
    currency: 'USD',
    tracking: tracking('JD014600006275'),
    expectedDelivery: '2026-11-28',
  },
  {
    number: '1046',
    url: '/account/orders/1046',
    date: '2026-11-21',
    status: 'paid',
    items: [item('Organic Hoodie', 'organic-hoodie')],
    total: 89,
    currency: 'USD',
    cancelUrl: '/account/orders/1046/cancel',
  },
  {
    number: '1045',
    url: '/account/orders/1045',
    date: '2026-11-20',
    status: 'placed',
    items: [item('Wool Scarf', 'wool-scarf')],
    total: 45,
    currency: 'USD',
    cancelUrl: '/account/orders/1045/cancel',
  },
  {
    number: '1044',
    url: '/account/orders/1044',
    date: '2026-11-02',
    status: 'delivered',
    items: [item('Linen Shirt', 'linen-shirt')],
    total: 64,
    currency: 'USD',
    returnUrl: '/account/orders/1044/return',
  },
  {
    number: '1043',
    url: '/account/orders/1043',
    date: '2026-10-28',
    status: 'cancelled',
    items: [item('Canvas Tote', 'canvas-tote')],
    total: 39,
    currency: 'USD',
  },
  {
    number: '1042',
    url: '/account/orders/1042',
    date: '2026-10-12',
    status: 'refunded',
    items: [item('Wool Scarf', 'wool-scarf')],
    total: 45,
    currency: 'USD',
  },
  {
    number: '1041',
    url: '/account/orders/1041',
    date: '2026-09-30',
    status: 'returned',
    items: [item('Organic Hoodie', 'organic-hoodie')],
    total: 89,
    currency: 'USD',
  },
];

const ORDER_QUESTION = /\border|\btrack|where is my|parcel|package|deliver|bestellung|commande|pedido|طلب/i;

/** The order number a message names ("where is order 1047?"), if any. */
const namedOrder = (message) => DEMO_ORDERS.find((order) => new RegExp(`\\b${order.number}\\b`).test(message));

/**
 * The mock webhook's answer to an order question, or null when the message is about something else.
 * A signed-in shopper is believed only with a valid signature; a guest's order number must come with
 * the email it was placed with. A forged signature gets a helpful answer with no order data; a guest
 * (null) gets the demo's usual answer.
 */
export function answerOrders(message, context) {
  const lookup = context.orderLookup;
  if (lookup && typeof lookup === 'object') {
    const order = DEMO_ORDERS.find((each) => each.number === String(lookup.number));
    const emailMatches = String(lookup.email ?? '').toLowerCase() === DEMO_SHOPPER.email;
    if (order && emailMatches) return { json: { output: `Here is order ${order.number}:`, orders: [order] } };
    return { json: { output: "I couldn't find an order with that number and email." } };
  }
  if (!ORDER_QUESTION.test(message)) return null;
  if (context.customer && verifiedCustomer(context.customer)) {
    const named = namedOrder(message);
    const orders = named
      ? [named]
      : /\ball\b|history/i.test(message)
        ? DEMO_ORDERS.slice(0, 5)
        : DEMO_ORDERS.slice(0, 3);
    return { json: { output: `Here are your recent orders, ${DEMO_SHOPPER.name}:`, orders } };
  }
  if (context.customer) {
    return {
      json: {
        output:
          "I couldn't confirm that you're signed in, so I can't show order details here. Sign in again, or tap **Track my order** and give me your order number and email.",
      },
    };
  }
  // A guest's question is the demo's usual order answer (mock-webhook.mjs), with its suggestions.
  return null;
}

/** GET /api/demo-shopper: what the store's server puts into its page for the signed-in shopper, signed. */
export function handleShopper(request, response, url) {
  if (url.pathname !== '/api/demo-shopper') return false;
  const shopper = { ...DEMO_SHOPPER, signature: signCustomerId(DEMO_SHOPPER.id) };
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(shopper));
  return true;
}
