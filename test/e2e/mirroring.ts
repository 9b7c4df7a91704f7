/**
 * How a card shown right to left is mirrored, read in the page (pass it to `locator('.card').evaluate`):
 * whether the icons that point (back, send) are flipped, and whether the row of product cards starts at its
 * right edge, its first card there. Null for an icon the card does not show.
 */
export function cardMirroring(card: Element): { back: boolean | null; send: boolean | null; rowStartsRight: boolean } {
  const flipped = (selector: string) => {
    const icon = card.querySelector(selector);
    return icon ? new DOMMatrix(getComputedStyle(icon).transform).a < 0 : null;
  };
  const row = card.querySelector('.product-cards') as HTMLElement;
  const first = row.querySelector('.product-card') as HTMLElement;
  return {
    back: flipped('.icon-back'),
    send: flipped('.icon-send'),
    rowStartsRight: Math.abs(first.getBoundingClientRect().right - row.getBoundingClientRect().right) < 24,
  };
}

/** What {@link cardMirroring} reads of a card mirrored as right to left asks. */
export const MIRRORED = { back: true, send: true, rowStartsRight: true };
