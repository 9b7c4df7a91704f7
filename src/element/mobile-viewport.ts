/**
 * Floating mode on a phone: the open card covers the screen. These are the element's side effects for
 * that: the page behind must not scroll, and the card must fit the visual viewport, which shrinks when
 * the on-screen keyboard opens (the layout viewport does not, so `100%` alone would hide the input
 * behind the keyboard).
 */

/** Where the open card becomes full screen; the same breakpoint as the stylesheet's. */
export const FULL_SCREEN_QUERY = '(max-width: 480px)';

/** Inline styles the lock changes, saved so exactly what the page had is put back. */
interface SavedStyle {
  element: HTMLElement;
  value: string;
  priority: string;
}

let locks = 0;
let saved: SavedStyle[] = [];

/**
 * Stops the page from scrolling (overflow hidden on its scrolling element) until the returned function is
 * called. Several widgets may lock at once; the page's own styles come back when the last one unlocks.
 */
export function lockPageScroll(doc: Document = document): () => void {
  if (locks === 0) {
    // The root element scrolls the page. The body only when a page made it the scroller (height 100% and
    // overflow auto): hiding a body that does not scroll would drop its margin into the scroll position.
    const scrollers = [doc.documentElement];
    const body = doc.body as HTMLElement | null;
    const bodyStyle = body ? doc.defaultView?.getComputedStyle(body) : undefined;
    // overflowY is what browsers report; the shorthand covers engines that do not expand it.
    if (body && /auto|scroll/.test(bodyStyle?.overflowY || bodyStyle?.overflow || '')) scrollers.push(body);
    saved = scrollers.map((element) => ({
      element,
      value: element.style.getPropertyValue('overflow'),
      priority: element.style.getPropertyPriority('overflow'),
    }));
    // Important, so a page rule like `html { overflow: auto !important }` cannot keep the page scrolling.
    for (const { element } of saved) element.style.setProperty('overflow', 'hidden', 'important');
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks > 0) return;
    for (const { element, value, priority } of saved) {
      if (value) element.style.setProperty('overflow', value, priority);
      else element.style.removeProperty('overflow');
    }
    saved = [];
  };
}

/** The parts of `window` this module uses, so tests can pass their own. */
export interface ViewportWindow {
  document: Document;
  matchMedia(query: string): MediaQueryList;
  visualViewport: VisualViewport | null;
}

/**
 * Sets `--sa-viewport-height` and `--sa-viewport-top` on `host` to the visual viewport now. The element
 * does this once in idle time while its card is closed, and the values stay after the card closes: a
 * custom property set on the host restyles the whole card, so opening it on an unchanged viewport (the
 * usual case) then changes nothing, and the tap that opens it restyles nothing but the card's own box.
 */
export function measureViewport(host: HTMLElement, viewport: VisualViewport | null = window.visualViewport): void {
  if (!viewport) return;
  host.style.setProperty('--sa-viewport-height', `${Math.round(viewport.height)}px`);
  host.style.setProperty('--sa-viewport-top', `${Math.round(viewport.offsetTop)}px`);
}

/**
 * While the card is open: keeps `--sa-viewport-height` and `--sa-viewport-top` on `host` equal to the
 * visual viewport, and locks page scrolling while the card is full screen. Returns the cleanup, which
 * unlocks the page and stops following the viewport (the last values stay, see {@link measureViewport}).
 */
export function coverViewport(host: HTMLElement, win: ViewportWindow = window): () => void {
  const media = win.matchMedia(FULL_SCREEN_QUERY);
  const viewport = win.visualViewport;
  let unlock: (() => void) | null = null;

  const update = () => {
    measureViewport(host, viewport);
    if (media.matches && !unlock) unlock = lockPageScroll(win.document);
    else if (!media.matches && unlock) {
      unlock();
      unlock = null;
    }
  };

  update();
  viewport?.addEventListener('resize', update);
  viewport?.addEventListener('scroll', update);
  media.addEventListener('change', update);
  return () => {
    viewport?.removeEventListener('resize', update);
    viewport?.removeEventListener('scroll', update);
    media.removeEventListener('change', update);
    unlock?.();
  };
}
