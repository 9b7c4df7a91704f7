import { useId, type ReactNode } from 'react';
import { ORDER_STEPS, orderStep, type Order, type OrderItem, type OrderStatus } from '../../chat/replies/orders';
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

/** Where the order is, as a screen reader reads it: "Order 1042: Shipped, step 3 of 5." */
function statusSentence(order: Order, t: Translate): string {
  const status = t(STATUS_LABELS[order.status]);
  const step = orderStep(order.status);
  return step === 0
    ? t('orderEnded', { number: order.number, status })
    : t('orderProgress', { number: order.number, status, step, steps: ORDER_STEPS.length });
}

/**
 * Where the order is, drawn as the steps of a delivery (or the one way it ended) and read by a screen
 * reader as one sentence: the steps themselves are hidden from it.
 */
function StatusTrack({ order, t }: { order: Order; t: Translate }) {
  const status = t(STATUS_LABELS[order.status]);
  const step = orderStep(order.status);
  const sentence = statusSentence(order, t);
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

/** The links the store allows for `order`, each opened apart and named with the order for a screen reader. */
function OrderLinks({ order, links, t }: { order: Order; links: { href: string; label: string }[]; t: Translate }) {
  if (links.length === 0) return null;
  return (
    <p className="order-actions">
      {links.map((link) => (
        <a key={link.href} className="order-link" href={link.href} target="_blank" rel="noopener noreferrer">
          {link.label}
          <span className="sr-only">: {t('orderTitle', { number: order.number })}</span>
        </a>
      ))}
    </p>
  );
}

/** One order, in full: its track, lines, total, tracking and the links the store allows. */
function OrderCard({ order, t }: { order: Order; t: Translate }) {
  const lang = useAssistantState((state) => state.config.lang);
  // The total as the product cards and the cart strip write prices.
  const displayPrice = usePriceFormat();
  const headingId = useId();
  const links = [
    order.url ? { href: order.url, label: t('viewOrder') } : null,
    order.returnUrl ? { href: order.returnUrl, label: t('returnOrder') } : null,
    order.cancelUrl ? { href: order.cancelUrl, label: t('cancelOrder') } : null,
  ].flatMap((link) => link ?? []);
  return (
    <article className="order-card" part="order-card" aria-labelledby={headingId}>
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
      <OrderItems order={order} t={t} />
      {order.total && <p className="order-total">{t('orderTotal', { total: displayPrice(order.total) })}</p>}
      <OrderTracking order={order} t={t} />
      <OrderLinks order={order} links={links} t={t} />
    </article>
  );
}

/** Lines a card in a list names; the rest are counted ("+ 3 more"). */
const LIST_CARD_ITEMS = 2;

/** The first line's picture, or a parcel where the store sent none. */
function OrderPicture({ item }: { item: OrderItem | undefined }) {
  if (item?.image)
    return <img className="order-picture" src={item.image} alt="" loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <span className="order-picture placeholder">
      <Icon name="package" />
    </span>
  );
}

/** The first lines as the language lists them ("Trail shoe × 1, Socks × 2"), then how many more there are. */
function ItemsSummary({ items, t, lang }: { items: OrderItem[]; t: Translate; lang: string }) {
  const named = items.slice(0, LIST_CARD_ITEMS);
  const more = items.length - named.length;
  const line = (item: OrderItem) => (
    <span className="order-summary-item">
      <bdi>{item.title}</bdi> {t('orderQuantity', { quantity: item.quantity })}
    </span>
  );
  let parts: { type: string; value: string }[];
  try {
    parts = new Intl.ListFormat(lang, { type: 'unit', style: 'short' }).formatToParts(named.map((_, i) => `${i}`));
  } catch {
    parts = named.flatMap((_, i) => [
      ...(i > 0 ? [{ type: 'literal', value: ', ' }] : []),
      { type: 'element', value: `${i}` },
    ]);
  }
  const shown: ReactNode[] = parts.map((part, index) => {
    const item = part.type === 'element' ? named[Number(part.value)] : undefined;
    return <span key={index}>{item ? line(item) : part.value}</span>;
  });
  return (
    <p className="order-summary">
      {shown}
      {more > 0 && <span className="order-summary-more"> {t('orderMoreItems', { count: more })}</span>}
    </p>
  );
}

/** Where an order is, as one word in a badge; a screen reader reads the track's sentence. */
function StatusBadge({ order, t }: { order: Order; t: Translate }) {
  const step = orderStep(order.status);
  const tone = step === 0 ? 'ended' : order.status === 'delivered' ? 'done' : 'moving';
  return (
    <span className={`order-status ${tone}`} role="img" aria-label={statusSentence(order, t)}>
      <span aria-hidden="true">{t(STATUS_LABELS[order.status])}</span>
    </span>
  );
}

/**
 * One order of several, led by its first line's picture and where it is, as a shop's inbox shows an order:
 * its lines in short, its total and date, the order's page in the account and the parcel's tracking.
 */
function OrderListCard({ order, t }: { order: Order; t: Translate }) {
  const lang = useAssistantState((state) => state.config.lang);
  const displayPrice = usePriceFormat();
  const headingId = useId();
  // A parcel on its way says when it comes; otherwise, when it was ordered.
  const arriving = order.expectedDelivery && orderStep(order.status) > 2 && order.status !== 'delivered';
  const date = arriving
    ? t('orderExpected', { date: shownDate(order.expectedDelivery ?? '', lang) })
    : order.date && t('orderPlaced', { date: shownDate(order.date, lang) });
  const links = [
    order.url ? { href: order.url, label: t('viewOrder') } : null,
    order.tracking?.url ? { href: order.tracking.url, label: t('trackPackage') } : null,
  ].flatMap((link) => link ?? []);
  return (
    <article className="order-card compact" part="order-card" aria-labelledby={headingId}>
      <OrderPicture item={order.items[0]} />
      <div className="order-body">
        <header className="order-head">
          <h3 className="order-title" id={headingId}>
            {t('orderTitle', { number: order.number })}
          </h3>
          <StatusBadge order={order} t={t} />
        </header>
        {order.items.length > 0 && <ItemsSummary items={order.items} t={t} lang={lang} />}
        {(order.total || date) && (
          <p className="order-meta">
            {order.total && <span className="order-list-total">{displayPrice(order.total)}</span>}
            {order.total && date && ' · '}
            {date}
          </p>
        )}
        <OrderLinks order={order} links={links} t={t} />
      </div>
    </article>
  );
}

/** The orders a reply showed: one as a full card, several as a short list of compact ones. */
export function OrderCards({ orders, t }: { orders: Order[]; t: Translate }) {
  const [first] = orders;
  if (!first) return null;
  if (orders.length === 1) return <OrderCard order={first} t={t} />;
  return (
    <ul className="order-list" part="order-list" aria-label={t('orders')}>
      {orders.map((order, index) => (
        <li key={`${index}-${order.number}`}>
          <OrderListCard order={order} t={t} />
        </li>
      ))}
    </ul>
  );
}
