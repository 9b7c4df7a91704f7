import { afterNextPaint, onIdle } from '../common/next-task';
import { addsToCart, pageKind } from './page-kind';
import type { InvitePage, InvitePageFacts } from './invite-state';

/** Fields a visitor types into. */
const TYPING_FIELD =
  'input:not([type=button],[type=submit],[type=reset],[type=checkbox],[type=radio]), textarea, select';

/** Runs `callback` once the page's `load` event has passed. */
function afterLoad(callback: () => void): () => void {
  if (document.readyState === 'complete') {
    callback();
    return () => undefined;
  }
  window.addEventListener('load', callback, { once: true });
  return () => window.removeEventListener('load', callback);
}

/** Listens to `type` on `target` until the returned function is called. */
function listen<E extends Event>(
  target: EventTarget,
  type: string,
  listener: (event: E) => void,
  options: AddEventListenerOptions = {},
): () => void {
  const handler = listener as EventListener;
  target.addEventListener(type, handler, options);
  return () => target.removeEventListener(type, handler, options);
}

/**
 * The browser page the invitation lives on. `readFacts` reads what the page shows (the product and
 * its type); this adds what kind of page it is, and watches the visitor: scrolling, leaving, adding to
 * the page's own cart, typing in its fields. Passive listeners only: none of it delays the page.
 */
export function browserInvitePage(readFacts: () => Omit<InvitePageFacts, 'kind'>): InvitePage {
  return {
    read() {
      const facts = readFacts();
      const bodyClasses = Array.from(document.body?.classList ?? []);
      return { ...facts, kind: pageKind({ path: location.pathname, bodyClasses, hasProduct: Boolean(facts.product) }) };
    },
    afterLoadIdle(callback) {
      let cancelIdle: () => void = () => undefined;
      let cancelled = false;
      const stopLoad = afterLoad(() => {
        // Never before the page's first paint, and only when the page has nothing better to do.
        void afterNextPaint().then(() => {
          if (!cancelled) cancelIdle = onIdle(() => callback());
        });
      });
      return () => {
        cancelled = true;
        stopLoad();
        cancelIdle();
      };
    },
    watchScroll(percent, callback) {
      return listen(
        window,
        'scroll',
        () => {
          const room = document.documentElement.scrollHeight - window.innerHeight;
          if (room > 0 && (window.scrollY / room) * 100 >= percent - 0.5) callback();
        },
        { passive: true },
      );
    },
    watchExit(callback) {
      // Desktop only: a touch screen has no pointer to leave with.
      if (!window.matchMedia?.('(pointer: fine)').matches) return () => undefined;
      return listen<MouseEvent>(document, 'mouseout', (event) => {
        if (event.relatedTarget === null && event.clientY <= 0) callback();
      });
    },
    watchAddToCart(callback) {
      return listen<SubmitEvent>(
        document,
        'submit',
        (event) => {
          const form = event.target;
          if (!(form instanceof HTMLFormElement)) return;
          const names = Array.from(form.elements, (field) => field.getAttribute('name') ?? '');
          if (event.submitter?.getAttribute('name')) names.push(event.submitter.getAttribute('name') ?? '');
          if (addsToCart(form.action, names)) callback();
        },
        { capture: true, passive: true },
      );
    },
    typing() {
      // Focus inside a widget's shadow root shows as its host element here: never a field of the page.
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement)) return false;
      return focused.isContentEditable || focused.matches(TYPING_FIELD);
    },
    afterTyping(callback) {
      // Focus has moved on once the focusout is over: checked in the task after it.
      return listen(document, 'focusout', () => window.setTimeout(callback, 0), { once: true });
    },
  };
}
