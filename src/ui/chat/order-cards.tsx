import { useId } from 'react';
import { ORDER_STEPS, orderStep, type Order, type OrderStatus } from '../../chat/replies/orders';
import type { StringKey } from '../../i18n/strings';
import { useAssistantState, type useStrings } from '../context';
import { Icon } from '../icon';
import { usePriceFormat } from './price-format';

type Translate = ReturnType<typeof useStrings>;

const STATUS_LABELS: Record<OrderStatus, StringKey> = {
  placed: 'orderStatusPlaced',
  paid: 'orderStatusPaid',
  shipped: 'orderStatusShipped',
  out_for_delivery: 'orderStatusOutForDelivery',
  delivered: 'orderStatusDelivered',
  cancelled: 'orderStatusCancelled',
  refunded: 'orderStatusRefunded',
  returned: 'orderStatusReturned',
};

/** A date as the reply wrote it; a plain ISO date (2026-11-24) in the visitor's language. */
function shownDate(value: string, lang: string): string {
  if (!/^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return value;
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  } catch {
    return value;
  }
}

/**
 * Where the order is, drawn as the steps of a delivery (or the one way it ended) and read by a screen
 * reader as one sentence: the steps themselves are hidden from it.
 */
function StatusTrack({ order, t }: { order: Order; t: Translate }) {
  const status = t(STATUS_LABELS[order.status]);
  const step = orderStep(order.status);
  const sentence =
    step === 0
      ? t('orderEnded', { number: order.number, status })
      : t('orderProgress', { number: order.number, status, step, steps: ORDER_STEPS.length });
  if (step === 0)
    return (
      <div className={`order-track ended ${order.status}`} role="img" aria-label={sentence}>
        <span aria-hidden="true">{status}</span>
      </div>
    );
  return (
    <div className="order-track" role="img" aria-label={sentence} data-step={step}>
      {ORDER_STEPS.map((each, index) => (
        <span
          key={each}
          className={`order-step${index < step ? ' reached' : ''}${index === step - 1 ? ' current' : ''}`}
          aria-hidden="true"
        >
          <span className="order-dot" />
          <span className="order-step-label">{t(STATUS_LABELS[each])}</span>
        </span>
      ))}
      {/* On a narrow card the steps' own labels give way to this one: where the order is, under the dots. */}
      <span className="order-track-now" aria-hidden="true">
        {status}
      </span>
    </div>
  );
}

function OrderItems({ order, t }: { order: Order; t: Translate }) {
  if (order.items.length === 0) return null;
  return (
    <ul className="order-items" aria-label={t('orderItems', { number: order.number })}>
      {order.items.map((item, index) => (
        <li key={`${index}-${item.title}`} className="order-item">
          {item.image ? (
            <img className="order-item-image" src={item.image} alt="" loading="lazy" referrerPolicy="no-referrer" />
          ) : (
            <span className="order-item-image placeholder">
              <Icon name="package" small />
            </span>
          )}
          <span className="order-item-title" dir="auto">
            {item.title}
          </span>
          <span className="order-item-quantity">{t('orderQuantity', { quantity: item.quantity })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The parcel's carrier and number, and the carrier's page for it. */
function OrderTracking({ order, t }: { order: Order; t: Translate }) {
  const { tracking } = order;
  if (!tracking) return null;
  return (
    <p className="order-tracking">
      {tracking.carrier && <span dir="auto">{tracking.carrier} </span>}
      {tracking.number && <span>{t('orderTrackingNumber', { number: tracking.number })}</span>}
      {tracking.url && (
        <a className="order-link" href={tracking.url} target="_blank" rel="noopener noreferrer">
          {t('trackPackage')}
          <span className="sr-only">: {t('orderTitle', { number: order.number })}</span>
        </a>
      )}
    </p>
  );
}

/** One order. In a list of several, the card keeps to where each is: no lines, no return or cancel links. */
function OrderCard({ order, t, compact }: { order: Order; t: Translate; compact: boolean }) {
  const lang = useAssistantState((state) => state.config.lang);
  // The total as the product cards and the cart strip write prices.
  const displayPrice = usePriceFormat();
  const headingId = useId();
  const links = [
    order.returnUrl ? { href: order.returnUrl, label: t('returnOrder') } : null,
    order.cancelUrl ? { href: order.cancelUrl, label: t('cancelOrder') } : null,
  ].flatMap((link) => link ?? []);
  return (
    <article className={`order-card${compact ? ' compact' : ''}`} part="order-card" aria-labelledby={headingId}>
      <header className="order-head">
        <h3 className="order-title" id={headingId}>
          {t('orderTitle', { number: order.number })}
        </h3>
        {order.date && <span className="order-meta">{t('orderPlaced', { date: shownDate(order.date, lang) })}</span>}
      </header>
      <StatusTrack order={order} t={t} />
      {order.expectedDelivery && (
        <p className="order-meta">{t('orderExpected', { date: shownDate(order.expectedDelivery, lang) })}</p>
      )}
      {!compact && <OrderItems order={order} t={t} />}
      {!compact && order.total && (
        <p className="order-total">{t('orderTotal', { total: displayPrice(order.total) })}</p>
      )}
      <OrderTracking order={order} t={t} />
      {!compact && links.length > 0 && (
        <p className="order-actions">
          {links.map((link) => (
            <a key={link.href} className="order-link" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="sr-only">: {t('orderTitle', { number: order.number })}</span>
            </a>
          ))}
        </p>
      )}
    </article>
  );
}

/** The orders a reply showed: one as a full card, several as a short list of compact ones. */
export function OrderCards({ orders, t }: { orders: Order[]; t: Translate }) {
  const [first] = orders;
  if (!first) return null;
  if (orders.length === 1) return <OrderCard order={first} t={t} compact={false} />;
  return (
    <ul className="order-list" part="order-list" aria-label={t('orders')}>
      {orders.map((order, index) => (
        <li key={`${index}-${order.number}`}>
          <OrderCard order={order} t={t} compact />
        </li>
      ))}
    </ul>
  );
}
