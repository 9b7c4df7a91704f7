/** Small typed helpers for the configurator page's own markup (demo/pages/configurator.html). */

/** A form control that holds the text of one field. */
export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The element with `id`, which the page's markup must have. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the configurator page has no #${id}`);
  return element as T;
}

/** A form control of the page by id. */
export const controlById = (id: string): Control => byId<Control>(id);

/** An `<input>` of the page by id. */
export const inputById = (id: string): HTMLInputElement => byId<HTMLInputElement>(id);

/** How a status or message text is coloured; null (with an empty text) clears it. */
export type StatusLevel = 'ok' | 'warning' | 'error' | null;

/** Writes a status or message text and its level, which colours it. */
export function setStatus(element: HTMLElement, level: StatusLevel, text: string): void {
  if (level) element.dataset.level = level;
  else delete element.dataset.level;
  if (element.textContent !== text) element.textContent = text;
}

/** A form control with its label, in a `.field` wrapper. */
export function labelled(tag: 'input' | 'textarea', id: string, text: string, attributes: Record<string, string>) {
  const wrapper = document.createElement('div');
  wrapper.className = 'field';
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = text;
  const control = document.createElement(tag);
  control.id = id;
  for (const [name, value] of Object.entries(attributes)) control.setAttribute(name, value);
  wrapper.append(label, control);
  return { wrapper, control };
}
