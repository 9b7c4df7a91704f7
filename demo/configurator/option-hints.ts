/**
 * Help text that follows a select's chosen option: each option of "Track my order" does something else,
 * so its hint says what the chosen one does, not what the other would.
 */
export const ORDER_TRACKING_HINTS: Readonly<Record<string, string>> = {
  page: "The home view's Track my order opens the store page (store-url), where shoppers follow their orders.",
  chat: 'In the chat, a signed-in shopper gets their orders; a guest gives the order number and email.',
};

/** Keeps `hint` saying what `select`'s chosen option does, from now on and on every change. */
export function wireOptionHint(
  select: HTMLSelectElement,
  hint: HTMLElement,
  hints: Readonly<Record<string, string>>,
): void {
  const show = () => {
    hint.textContent = hints[select.value] ?? '';
  };
  select.addEventListener('change', show);
  select.addEventListener('input', show);
  show();
}
