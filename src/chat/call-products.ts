import type { ChatDeps, ChatStore } from './chat-state';
import type { MessageLog } from './message-log';
import { MAX_PRODUCTS, normaliseProduct } from './products';

/**
 * The voice assistant's `show_products` tool: the products (the same shape and sanitising as a webhook
 * reply's) show as cards in the thread at once. Returns how many could be shown.
 */
export function showCallProducts(store: ChatStore, deps: Pick<ChatDeps, 'pageOrigin'>, log: MessageLog, raw: unknown): number {
  const { config, markdownOptions } = store.getState();
  const context = { ...markdownOptions, storeUrl: config.storeUrl };
  const list = Array.isArray(raw) ? raw : [raw];
  const products = list
    .slice(0, MAX_PRODUCTS * 2)
    .flatMap((item) => normaliseProduct(item, context) ?? [])
    .slice(0, MAX_PRODUCTS);
  if (products.length > 0) log.add(log.create('bot', '', { products, source: 'voice' }));
  return products.length;
}
