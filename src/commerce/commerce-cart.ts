import type { Product } from '../chat/replies/products';
import type { StringTable } from '../i18n/strings';
import { createAssistedMarks } from './assisted-marks';
import { CartError, cartIdFor, cartSender, type CartAdapter } from './cart-adapter';
import type { CartSummary, CommerceConfig, CommerceDeps, CommerceState, CommerceStore } from './commerce-state';
import { customCartAdapter } from './custom-cart';
import { MAX_ACTION_QUANTITY } from './reply-actions';
import { shopifyCartAdapter } from './shopify-cart';
import { wooCommerceCartAdapter } from './woocommerce-cart';

/** The platform's cart at `base`, or null without `commerce`. */
function createAdapter(config: CommerceConfig, deps: CommerceDeps, base: string): CartAdapter | null {
  if (config.platform === 'custom') return customCartAdapter(deps);
  const send = cartSender(deps, base);
  if (config.platform === 'shopify') return shopifyCartAdapter(send);
  return config.platform === 'woocommerce' ? wooCommerceCartAdapter(send) : null;
}

/** What the visitor reads when a change failed: the platform's words, or ours. */
export function cartErrorText(error: unknown, strings: StringTable): string {
  if (error instanceof CartError && error.message) return error.message;
  return error instanceof CartError && error.reason === 'unavailable' ? strings.cartUnavailable : strings.cartFailed;
}

/** Writes part of the commerce slice. */
export function patchCommerce(store: CommerceStore, update: (commerce: CommerceState) => Partial<CommerceState>): void {
  store.setState((state) => ({ commerce: { ...state.commerce, ...update(state.commerce) } }));
}

/** One change of the cart: adding `quantity` of `variantId`, or setting its line to `quantity`; `index` is the card's place. */
type CartChange = (
  action: 'add' | 'update',
  variantId: string,
  quantity: number,
  product: Product | null,
  index?: number,
) => Promise<CartSummary | null>;

/** Adds `quantity` (1 to 10) of `variantId` through `change`, once the platform takes that id and quantity. */
function addChecked(
  store: CommerceStore,
  change: CartChange,
  variantId: string,
  quantity: number,
  product: Product | null,
  index?: number,
): Promise<CartSummary | null> {
  const platform = store.getState().config.commerce.platform;
  const id = platform && cartIdFor(platform, { variantId });
  if (!id || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ACTION_QUANTITY)
    return Promise.reject(new CartError('unavailable', '', `cannot add ${quantity} of "${variantId}"`));
  return change('add', id, quantity, product, index);
}

/**
 * The configured platform's cart, for every feature: each change updates the cart in the state, fires
 * `store-assistant:cart`, logs a failure that is not the platform's refusal, and throws a {@link CartError}.
 * Every add marks the cart as assisted (once per conversation, see createAssistedMarks).
 */
export function createCommerceCart(store: CommerceStore, deps: CommerceDeps) {
  let adapter: CartAdapter | null = null;
  let adapterKey = '';
  const markAfterAdd = createAssistedMarks(store, deps);

  /** One change through the adapter: the state and the event on success, the console on failure. */
  const change: CartChange = async (action, variantId, quantity, product, index) => {
    try {
      const platform = adapter;
      if (!platform) throw new CartError('unavailable', '', 'the commerce attribute is not set');
      const cart =
        action === 'add'
          ? await platform.add(variantId, quantity, product)
          : await platform.setQuantity(variantId, quantity);
      if (cart) patchCommerce(store, () => ({ cart }));
      if (action === 'add') markAfterAdd(platform);
      deps.emit('cart', { action, product, variantId, quantity, cart, ...(index === undefined ? {} : { index }) });
      return cart;
    } catch (error) {
      const failure = error instanceof CartError ? error : new CartError('network', '', String(error));
      if (failure.reason !== 'platform') deps.warn(`commerce: ${failure.detail}`);
      throw failure;
    }
  };

  return {
    change,

    /** Whether a cart is configured. */
    get available(): boolean {
      return adapter !== null;
    },

    /** Adds `quantity` (1 to 10) of `variantId` at once; who asked for it shows the progress (card `index`, if any). */
    add: (
      variantId: string,
      quantity: number,
      product: Product | null = null,
      index?: number,
    ): Promise<CartSummary | null> => addChecked(store, change, variantId, quantity, product, index),

    /** Sets the quantity of the line holding `variantId` (0 removes it): an Undo. */
    setQuantity: (variantId: string, quantity: number) =>
      change('update', variantId, Math.max(0, Math.floor(quantity)), null),

    /** Reads the cart (the strip shows it); null without commerce or when the platform did not answer. */
    async read(): Promise<CartSummary | null> {
      const summary = await adapter?.read().catch((error: unknown) => {
        if (error instanceof CartError) deps.warn(`commerce: ${error.detail}`);
        return null;
      });
      if (summary) patchCommerce(store, () => ({ cart: summary }));
      return summary ?? null;
    },

    /** Applies the commerce attributes: the platform's cart (kept while they stay the same, with its session) and the strip's links. */
    configure(config: CommerceConfig): void {
      const root = config.platform === 'shopify' ? (deps.shopifyRoot() ?? '/') : '/';
      const base = config.cartBaseUrl ?? new URL(root, deps.pageOrigin).href;
      if (`${config.platform}|${base}` !== adapterKey) {
        adapterKey = `${config.platform}|${base}`;
        adapter = createAdapter(config, deps, base);
      }
      const links = config.platform
        ? {
            cart: config.cartUrl ?? new URL('cart', base).href,
            checkout: config.checkoutUrl ?? new URL('checkout', base).href,
          }
        : null;
      const current = store.getState().commerce.links;
      if (links?.cart !== current?.cart || links?.checkout !== current?.checkout)
        patchCommerce(store, () => ({ links, ...(links ? {} : { cart: null }) }));
    },
  };
}

/** The cart other features use (the voice assistant's tools). */
export type CommerceCart = Omit<ReturnType<typeof createCommerceCart>, 'change' | 'configure'>;
