/**
 * Runs in the page (its source is sent to the browser, so it uses nothing from around it): whether the cart
 * strip's "·" before the total can be seen (the point in the middle of the gap before the total belongs to
 * the "·" only where the count's clip lets it through), and whether the total has wrapped below the count.
 * The strip is first given `maxWidth` ("none", or a narrow column's width, as a store's layout could).
 */
export function cartSeparatorState(maxWidth: string): { wrapped: boolean; shown: boolean } {
  const root = document.querySelector('store-assistant')?.shadowRoot as ShadowRoot;
  const strip = root.querySelector('.sa-cart-strip') as HTMLElement;
  strip.style.maxWidth = maxWidth;
  const items = (strip.querySelector('.sa-cart-items') as HTMLElement).getBoundingClientRect();
  const totalElement = strip.querySelector('.sa-cart-total') as HTMLElement;
  const total = totalElement.getBoundingClientRect();
  const gap = parseFloat(getComputedStyle(totalElement.parentElement as HTMLElement).columnGap);
  const x = getComputedStyle(strip).direction === 'rtl' ? total.right + gap / 2 : total.left - gap / 2;
  const hit = root.elementFromPoint(x, total.top + total.height / 2);
  return { wrapped: total.top >= items.bottom - 1, shown: hit === totalElement };
}
