import { widgetPolicy } from '../../common/trusted-types';

/**
 * HTML the widget made safe (sanitised markdown or escaped text) as a value every HTML sink accepts
 * under `require-trusted-types-for 'script'`: a TrustedHTML where the browser enforces Trusted Types,
 * the string itself elsewhere. Typed as a string because that is what the DOM's declarations take.
 */
export function trustedHtml(safeHtml: string): string {
  const made = widgetPolicy();
  return made ? (made.createHTML(safeHtml) as string) : safeHtml;
}

/** Parses HTML the widget made safe into an inert fragment (a template's content runs no script and loads nothing). */
export function safeHtmlFragment(safeHtml: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = trustedHtml(safeHtml);
  return template.content;
}
