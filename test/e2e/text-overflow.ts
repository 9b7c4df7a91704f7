// What a browser test reads of the card's layout: texts cut off or sticking out of their box. Passed to
// page.evaluate, so it stands alone: it runs in the page and imports nothing.

/**
 * Texts of the card that are cut off or stick out: an element whose own text is wider than its box and
 * clipped, or a line of text outside the box that clips it (the card, or an ancestor hiding overflow).
 * A strip made to scroll sideways (the product cards, wide tables) may be wider than its box.
 */
export function overflowingTexts(): string[] {
  const root = document.querySelector('store-assistant')?.shadowRoot;
  const card = root?.querySelector('.card');
  if (!root || !card) return ['no card'];
  const problems: string[] = [];
  const sideways = (element: Element) => element.matches('.product-cards, [role="region"]');
  // Content (a conversation's title and preview, marked dir="auto") keeps to its line, cut with an ellipsis.
  const givesWay = (element: Element) => element.closest('.list-action [dir="auto"]') !== null;
  const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    const element = node.parentElement;
    if (!text || !element || element.closest('.sr-only, [aria-hidden="true"]') || givesWay(element)) continue;
    if (element.getClientRects().length === 0) continue;
    let box: Element = card;
    let scrolled = false;
    for (let at: Element | null = element; at && at !== card; at = at.parentElement) {
      if (sideways(at)) scrolled = true;
      const style = getComputedStyle(at);
      if (style.overflowX !== 'visible') {
        box = at;
        break;
      }
    }
    if (scrolled) continue;
    const style = getComputedStyle(element);
    if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1)
      problems.push(`cut: ${text.slice(0, 60)} (${element.className})`);
    const limits = box.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const line of range.getClientRects())
      if (line.width > 0 && (line.left < limits.left - 1 || line.right > limits.right + 1)) {
        problems.push(`outside: ${text.slice(0, 60)} (${element.className})`);
        break;
      }
  }
  for (const element of card.querySelectorAll('*')) {
    if (sideways(element) || element.closest('.product-cards, [role="region"]')) continue;
    const style = getComputedStyle(element);
    if (/auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
      problems.push(`scrolls sideways: ${element.className}`);
  }
  return problems;
}
