import { useEffect, useId, useRef, useState } from 'react';
import type { Product } from '../../chat/replies/products';
import { cardIndex, cardKey } from '../../commerce/commerce-state';
import { useActions, useAssistant, useAssistantState, type useStrings } from '../context';
import { Icon } from '../icon';
import { CartButton } from './cart-button';
import { usePriceFormat } from './price-format';

/**
 * The product's picture on a neutral square, or the same square with a package mark when there is no
 * picture or it fails to load (an offline CDN, a 404): never an empty grey box.
 */
function ProductImage({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  // No picture, one the image rule refused (the product has none then), or one that failed to load.
  const shown = src !== undefined && failed !== src;
  return (
    <div className={`product-media${shown ? '' : ' product-image-placeholder'}`}>
      {shown ? (
        <img
          className="product-image"
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      ) : (
        <Icon name="package" />
      )}
    </div>
  );
}

/**
 * One card. The whole card is the link (the "View product" button's hit area covers it), so it is one
 * stop for the keyboard; further actions (add to cart) sit above that area in the actions row, and a
 * status (sold out) in the media's corner. `card` keys the card's own cart state.
 */
function ProductCard({
  product,
  messageId,
  card,
  t,
}: {
  product: Product;
  messageId: string | undefined;
  card: string;
  t: ReturnType<typeof useStrings>;
}) {
  // The price as the cart strip and the proposals write theirs.
  const displayPrice = usePriceFormat();
  const actions = useActions();
  const opensHere = useOpensHere(product.url);
  return (
    <li className="product-card" part="product-card">
      <ProductImage src={product.image} />
      <div className="product-body">
        <h3 className="product-title" dir="auto">
          {product.title}
        </h3>
        {product.description && (
          <p className="product-description" dir="auto">
            {product.description}
          </p>
        )}
        {product.price && <p className="product-price">{displayPrice(product.price)}</p>}
        <div className="product-actions">
          {/* With a cart, "Add to cart" is the card's one clear button and "View product" a quiet link under it. */}
          <CartButton product={product} messageId={messageId} card={card} />
          {product.url && (
            <a
              className="product-link"
              href={product.url}
              {...(opensHere ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              onClick={() => actions.openProduct(product, cardIndex(card) ?? 0)}
            >
              {t('viewProduct')}
              <span className="sr-only">: {product.title}</span>
            </a>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * Whether `url` opens in this tab: during a call, a page of the store itself does, so the call follows
 * the visitor there (a new tab would leave the call behind); anything else opens in a new tab.
 */
function useOpensHere(url: string | undefined): boolean {
  const inCall = useAssistantState(
    (state) => state.voice.status === 'connected' || state.voice.status === 'reconnecting',
  );
  const origin = useAssistantState((state) => state.markdownOptions.pageOrigin);
  if (!inCall || !url) return false;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** How much of the first or last card must show for its end of the row to count as reached. */
const END_IN_VIEW = 0.95;

/**
 * Product cards under a bot message: a full-width row that snaps card by card, the next card peeking
 * in, with no visible scrollbar. On devices with a fine pointer, previous and next buttons scroll it
 * (hidden from assistive technology and the tab order: keyboard focus scrolls each card into view).
 * `messageId` is the message the cards belong to (a card of what a call added shows "Undo"); each card's
 * cart state is keyed by it and the card's place (by the row's own id for cards outside a message).
 */
export function ProductCards({
  products,
  messageId,
  t,
}: {
  products: Product[];
  messageId?: string;
  t: ReturnType<typeof useStrings>;
}) {
  const { environment } = useAssistant();
  const list = useRef<HTMLUListElement>(null);
  const rowId = useId();
  // Before the row has been drawn: at its start, with more to the right when it has more than one card.
  const [edges, setEdges] = useState({ start: true, end: products.length < 2 });

  // Which ends are in view, told by an observer once the row is drawn: nothing reads the layout while
  // React renders, so a conversation of many card rows opens without one forced layout per row.
  useEffect(() => {
    const row = list.current;
    const first = row?.firstElementChild;
    const last = row?.lastElementChild;
    if (!row || !first || !last || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const inView = entry.intersectionRatio >= END_IN_VIEW;
          setEdges((previous) => {
            const next = entry.target === first ? { ...previous, start: inView } : { ...previous, end: inView };
            return previous.start === next.start && previous.end === next.end ? previous : next;
          });
        }
      },
      { root: row, threshold: [END_IN_VIEW] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [products]);

  const scroll = (direction: 1 | -1) => {
    const row = list.current;
    const card = row?.firstElementChild as HTMLElement | null;
    if (!row || !card) return;
    const rtl = getComputedStyle(row).direction === 'rtl';
    const step = (card.offsetWidth + 12) * direction * (rtl ? -1 : 1);
    row.scrollBy({ left: step, behavior: environment.prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const arrow = (direction: 1 | -1, hidden: boolean) => (
    <button
      type="button"
      className={`carousel-button ${direction > 0 ? 'next' : 'previous'}`}
      tabIndex={-1}
      aria-hidden="true"
      hidden={hidden}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => scroll(direction)}
    >
      <Icon name="chevron" />
    </button>
  );

  return (
    <div className="carousel">
      <ul ref={list} className="product-cards" part="product-cards" aria-label={t('products')}>
        {products.map((product, index) => (
          <ProductCard
            key={`${index}-${product.title}`}
            product={product}
            messageId={messageId}
            card={cardKey(messageId ?? rowId, index)}
            t={t}
          />
        ))}
      </ul>
      {arrow(-1, edges.start)}
      {arrow(1, edges.end)}
    </div>
  );
}
