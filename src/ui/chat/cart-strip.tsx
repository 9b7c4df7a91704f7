import { useAssistantState, useStrings } from '../context';
import { useMoneyFormat } from './price-format';

/**
 * With `commerce` set and something in the cart: the item count and the total, which are the link to
 * the cart, and "Checkout". One line from a 320 px phone up where the language allows: the count is the
 * "View cart" link rather than a third item beside it; in a language too long for the line the count and
 * total wrap onto a second line, never cut (the words carry the count's plural form), and the second line
 * never starts with the "·" between them (styles.css).
 */
export function CartStrip() {
  const t = useStrings();
  const cart = useAssistantState((state) => state.commerce.cart);
  const links = useAssistantState((state) => state.commerce.links);
  const money = useMoneyFormat();
  if (!cart || !links || cart.itemCount <= 0) return null;
  const total = money(cart.total, cart.currency);
  return (
    <div className="sa-cart-strip" part="cart-strip" role="group" aria-label={t('cart')}>
      <a className="sa-cart-link sa-cart-summary" href={links.cart}>
        <span className="sa-cart-count" aria-live="polite" aria-atomic="true">
          <span className="sa-cart-items">{t('cartCount', { count: cart.itemCount })}</span>
          {total && (
            <span className="sa-cart-total">
              <span className="sr-only">, </span>
              {total}
            </span>
          )}
        </span>
        <span className="sr-only">: {t('viewCart')}</span>
      </a>
      <a className="sa-cart-link sa-checkout" href={links.checkout}>
        {t('checkout')}
      </a>
    </div>
  );
}
