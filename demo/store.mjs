// The demo store's shop: product pages with JSON-LD, and a real cart behind Shopify's Ajax Cart API
// contract (https://shopify.dev/docs/api/ajax/reference/cart), so `commerce="shopify"` works here as on a
// Shopify store: POST /cart/add.js, POST /cart/change.js, POST /cart/update.js (cart attributes, which
// an order keeps as its note attributes), GET /cart.js, the /cart page listing the lines and the
// attributes, and /checkout, one cart per visitor in a `cart` cookie.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LANGUAGE_PICKER_SLOT, withPageLanguage } from './page-language.mjs';

export const catalogue = JSON.parse(readFileSync(new URL('./catalogue.json', import.meta.url), 'utf8'));

/** Carts by session token: variant id to quantity. The oldest give way past MAX_CARTS. */
const carts = new Map();
/** Each cart's attributes (name to text), beside its lines. */
const cartAttributes = new WeakMap();
const MAX_ATTRIBUTES = 20;
const MAX_ATTRIBUTE_LENGTH = 500;
const MAX_CARTS = 1_000;
const MAX_QUANTITY = 99;

const escapeHtml = (text) => String(text).replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
const money = (amount) => `$${amount.toFixed(2)}`;
const byVariant = (id) => catalogue.products.find((product) => String(product.variantId) === String(id));

/** The visitor's cart token from the `cart` cookie, if any. */
function tokenOf(request) {
  const match = /(?:^|;\s*)cart=([\w-]{1,64})/.exec(request.headers.cookie ?? '');
  return match?.[1] ?? null;
}

/** The visitor's cart, created (with its cookie) when `create` is set. */
function cartOf(request, response, create = false) {
  let token = tokenOf(request);
  if (token && carts.has(token)) return carts.get(token);
  if (!create) return new Map();
  token = randomUUID();
  if (carts.size >= MAX_CARTS) carts.delete(carts.keys().next().value);
  carts.set(token, new Map());
  response.setHeader('Set-Cookie', `cart=${token}; Path=/; HttpOnly; SameSite=Lax`);
  return carts.get(token);
}

/** A cart line in the Ajax API's shape (prices in cents). */
function lineJson(product, quantity) {
  const cents = Math.round(product.price * 100);
  return {
    id: product.variantId,
    variant_id: product.variantId,
    key: `${product.variantId}:demo`,
    quantity,
    title: product.name,
    product_title: product.name,
    handle: product.id,
    url: `/products/${product.id}`,
    image: `/assets/products/${product.id}.svg`,
    price: cents,
    final_price: cents,
    line_price: cents * quantity,
    final_line_price: cents * quantity,
  };
}

/** The whole cart in the shape of /cart.js. */
export function cartJson(lines) {
  const items = [...lines].map(([id, quantity]) => lineJson(byVariant(id), quantity));
  const total = items.reduce((sum, item) => sum + item.line_price, 0);
  return {
    token: 'demo',
    note: null,
    attributes: { ...(cartAttributes.get(lines) ?? {}) },
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    items,
    total_price: total,
    original_total_price: total,
    items_subtotal_price: total,
    total_discount: 0,
    requires_shipping: true,
    currency: catalogue.currency,
  };
}

async function readJson(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function sendJson(response, status, value) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(value));
}

const cartError = (response, status, description) =>
  sendJson(response, status, { status, message: 'Cart Error', description });

/** POST /cart/add.js: `{ items: [{ id, quantity }] }` (or one `{ id, quantity }`). */
async function addToCart(request, response) {
  const body = await readJson(request);
  const items = Array.isArray(body?.items) ? body.items : [body];
  const added = [];
  for (const item of items) {
    const product = byVariant(item?.id);
    const quantity = item?.quantity === undefined ? 1 : Number(item.quantity);
    if (!product) return cartError(response, 404, 'Cannot find variant');
    if (product.soldOut) return cartError(response, 422, `The product '${product.name}' is already sold out.`);
    if (!Number.isInteger(quantity) || quantity < 1)
      return cartError(response, 422, 'Quantity must be a positive whole number.');
    added.push([product, quantity]);
  }
  const lines = cartOf(request, response, true);
  for (const [product, quantity] of added)
    lines.set(
      String(product.variantId),
      Math.min(MAX_QUANTITY, (lines.get(String(product.variantId)) ?? 0) + quantity),
    );
  sendJson(response, 200, { items: added.map(([product]) => lineJson(product, lines.get(String(product.variantId)))) });
}

/** POST /cart/change.js: `{ id, quantity }`; 0 removes the line. */
async function changeCart(request, response) {
  const body = await readJson(request);
  const id = String(body?.id ?? '').split(':')[0];
  const quantity = Number(body?.quantity);
  const lines = cartOf(request, response, true);
  if (!lines.has(id)) return cartError(response, 400, 'Cannot find the line to change.');
  if (!Number.isInteger(quantity) || quantity < 0) return cartError(response, 422, 'Quantity must be a whole number.');
  if (quantity === 0) lines.delete(id);
  else lines.set(id, Math.min(MAX_QUANTITY, quantity));
  sendJson(response, 200, cartJson(lines));
}

/**
 * POST /cart/update.js: `{ attributes }` merged into the cart's attributes, a blank value removing one,
 * as Shopify's Ajax Cart API does; answers with the cart.
 */
async function updateCart(request, response) {
  const body = await readJson(request);
  const attributes = body?.attributes;
  if (attributes !== undefined && (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)))
    return cartError(response, 422, 'Attributes must be an object.');
  const lines = cartOf(request, response, true);
  const merged = { ...(cartAttributes.get(lines) ?? {}) };
  for (const [name, value] of Object.entries(attributes ?? {})) {
    const text = value === null || value === undefined ? '' : String(value).slice(0, MAX_ATTRIBUTE_LENGTH);
    if (text === '') delete merged[name];
    else if (name in merged || Object.keys(merged).length < MAX_ATTRIBUTES) merged[name] = text;
  }
  cartAttributes.set(lines, merged);
  sendJson(response, 200, cartJson(lines));
}

/** The widget as the demo store's pages embed it: floating, selling through the Shopify cart. */
const WIDGET =
  '<store-assistant mode="floating" commerce="shopify" analytics="datalayer" webhook-url="/api/chat" events-url="/api/events" store-domain="lumen.shop" store-url="/" brand-name="Lumen" logo-url="/assets/images/logo.svg" voice-provider="demo"></store-assistant>';

/**
 * The product pages' invitation: eight seconds on the page, leaving it, or adding to its cart brings two
 * questions about the product, by its type.
 */
const PRODUCT_INVITE = ` invite="time:8 exit add-to-cart" invite-questions='${escapeHtml(
  JSON.stringify({
    apparel: ['Is the {product} in stock?', 'Does the {product} run true to size?'],
    '*': ['Is the {product} in stock?', 'Please add the {product} to my cart'],
  }),
)}'`;

function shopPage(title, main, count, invite = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Lumen</title><link rel="stylesheet" href="/assets/demo.css"><script src="/store-assistant.js" defer></script><script src="/assets/demo-cart.js" defer></script></head>
<body><header class="shop-header"><a href="/">Lumen demo store</a>${LANGUAGE_PICKER_SLOT}<a href="/cart" class="cart-link">Cart (<span id="cart-count">${count}</span>)</a></header>
<main class="product-page">${main}</main>
${invite ? WIDGET.replace('<store-assistant ', `<store-assistant${invite} `) : WIDGET}
</body></html>`;
}

/** A product page with its schema.org Product markup, as store themes publish it. */
export function productPage(id, request, response) {
  const product = catalogue.products.find((candidate) => candidate.id === id);
  if (!product) return null;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.id,
    category: product.category,
    description: product.description,
    image: `/assets/products/${product.id}.svg`,
    url: `/products/${product.id}`,
    offers: [
      {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: catalogue.currency,
        availability: `https://schema.org/${product.soldOut ? 'OutOfStock' : 'InStock'}`,
      },
    ],
  };
  const main = `<img src="/assets/products/${product.id}.svg" alt=""><h1>${escapeHtml(product.name)}</h1><p>${escapeHtml(product.description)}</p>
<p class="price">${money(product.price)}${product.soldOut ? ' · <strong>Sold out</strong>' : ''}</p><p class="hint">Ask the assistant "is this in stock?" or "add this one".</p>
<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`;
  return shopPage(product.name, main, cartJson(cartOf(request, response)).item_count, PRODUCT_INVITE);
}

/** The cart page: the visitor's lines and total. */
function cartPage(request, response) {
  const cart = cartJson(cartOf(request, response));
  const rows = cart.items.map(
    (item) =>
      `<li class="cart-line"><span class="cart-line-title">${escapeHtml(item.product_title)}</span> <span class="cart-line-quantity">× ${item.quantity}</span> <span>${money(item.final_line_price / 100)}</span></li>`,
  );
  // The attributes an order would keep as note attributes ("Additional details" in Shopify's admin).
  const attributes = Object.entries(cart.attributes).map(
    ([name, value]) => `<div class="cart-attribute"><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd></div>`,
  );
  const details = attributes.length
    ? `<h2>Additional details</h2><dl class="cart-attributes">${attributes.join('')}</dl>`
    : '';
  const main = `<h1>Your cart</h1>${rows.length ? `<ul class="cart-lines">${rows.join('')}</ul><p class="price">Total ${money(cart.total_price / 100)}</p>${details}<a href="/checkout">Checkout</a>` : '<p class="cart-empty">Your cart is empty.</p>'}`;
  return shopPage('Cart', main, cart.item_count);
}

/** Handles the shop's pages and cart endpoints; returns true when it answered. */
export async function handleStore(request, response, url) {
  const send = (html) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(withPageLanguage(html, url));
    return true;
  };
  const route = `${request.method} ${url.pathname}`;
  try {
    if (route === 'POST /cart/add.js') return (await addToCart(request, response), true);
    if (route === 'POST /cart/change.js') return (await changeCart(request, response), true);
    if (route === 'POST /cart/update.js') return (await updateCart(request, response), true);
  } catch {
    return (cartError(response, 400, 'The request must be JSON.'), true);
  }
  if (route === 'GET /cart.js') return (sendJson(response, 200, cartJson(cartOf(request, response))), true);
  if (route === 'GET /cart') return send(cartPage(request, response));
  if (route === 'GET /checkout')
    return send(
      shopPage(
        'Checkout',
        '<h1>Checkout</h1><p>This is a demo store: nothing is charged.</p>',
        cartJson(cartOf(request, response)).item_count,
      ),
    );
  const productMatch = request.method === 'GET' && /^\/products\/([a-z0-9-]+)$/.exec(url.pathname);
  const page = productMatch && productPage(productMatch[1], request, response);
  return page ? send(page) : false;
}
