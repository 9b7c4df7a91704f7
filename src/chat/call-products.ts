import type { ChatDeps, ChatStore } from './chat-state';
import type { Message } from './message';
import type { MessageLog } from './message-log';
import { ordersFrom } from './replies/orders';
import { MAX_PRODUCTS, normaliseProduct } from './replies/products';

/**
 * The voice assistant's `show_products` tool: the products (the same shape and sanitising as a webhook
 * reply's) show as cards in the thread at once. Returns the message that shows them, or null when none
 * could be shown.
 */
export function showCallProducts(
  store: ChatStore,
  deps: Pick<ChatDeps, 'pageOrigin'>,
  log: MessageLog,
  raw: unknown,
): Message | null {
  const { config, markdownOptions } = store.getState();
  const context = { ...markdownOptions, storeUrl: config.storeUrl };
  const list = Array.isArray(raw) ? raw : [raw];
  const products = list
    .slice(0, MAX_PRODUCTS * 2)
    .flatMap((item) => normaliseProduct(item, context) ?? [])
    .slice(0, MAX_PRODUCTS);
  if (products.length === 0) return null;
  const message = log.create('bot', '', { products, source: 'voice' });
  log.add(message);
  return message;
}

/**
 * The voice assistant's `lookup_order` tool: the orders (the shape, sanitising and cap of a webhook
 * reply's `orders`) show as order cards in the thread at once. Returns the message that shows them, or
 * null when none could be shown.
 */
export function showCallOrders(store: ChatStore, log: MessageLog, raw: unknown): Message | null {
  const { config, markdownOptions } = store.getState();
  const orders = ordersFrom(raw, { ...markdownOptions, storeUrl: config.storeUrl });
  if (orders.length === 0) return null;
  const message = log.create('bot', '', { orders, source: 'voice' });
  log.add(message);
  return message;
}
