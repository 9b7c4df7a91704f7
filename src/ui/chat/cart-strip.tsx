import { useAssistantState, useStrings } from '../context';

/** The cart's total in the visitor's language, or null when the platform gave none (or an unknown currency). */
function formatTotal(total: number | undefined, currency: string | undefined, lang: string): string | null {
  if (total === undefined || !currency) return null;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(total);
  } catch {
    return null;
  }
}

/** With `commerce` set and something in the cart: the item count, the total, "View cart" and "Checkout". */
export function CartStrip() {
  const t = useStrings();
  const cart = useAssistantState((state) => state.commerce.cart);
  const links = useAssistantState((state) => state.commerce.links);
  const lang = useAssistantState((state) => state.config.lang);
  if (!cart || !links || cart.itemCount <= 0) return null;
  const total = formatTotal(cart.total, cart.currency, lang);
  return (
    <div className="sa-cart-strip" part="cart-strip" role="group" aria-label={t('cart')}>
      <p className="sa-cart-count" aria-live="polite">
        {t('cartCount', { count: cart.itemCount })}
        {total && <span className="sa-cart-total"> · {total}</span>}
      </p>
      <a className="sa-cart-link" href={links.cart}>
        {t('viewCart')}
      </a>
      <a className="sa-cart-link sa-checkout" href={links.checkout}>
        {t('checkout')}
      </a>
    </div>
  );
}
