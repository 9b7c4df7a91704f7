/** The name of the widget's Trusted Types policy, for a page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'store-assistant';

/** The part of a Trusted Types policy the widget uses. */
interface HtmlPolicy {
  createHTML(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

/** The policy once made; null where the browser has no Trusted Types or the page refused the name. */
let policy: HtmlPolicy | null | undefined;

/**
 * The widget's one Trusted Types policy, made on first use (a second copy of the script, which does
 * nothing, never asks for the name again). It passes HTML through unchanged because only
 * {@link trustedHtml} reaches it, and every caller of that hands it HTML the widget made safe itself:
 * the markdown renderer's DOMPurify output, or text escaped by escapeHtml.
 */
function htmlPolicy(): HtmlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (window as unknown as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  try {
    policy = factory ? factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (input) => input }) : null;
  } catch (error) {
    // The page's CSP does not list the name: each sink reports its own violation, which names the cause.
    console.warn(`[store-assistant] could not create the Trusted Types policy "${TRUSTED_TYPES_POLICY}"`, error);
    policy = null;
  }
  return policy;
}

/**
 * HTML the widget made safe (sanitised markdown or escaped text) as a value every HTML sink accepts
 * under `require-trusted-types-for 'script'`: a TrustedHTML where the browser enforces Trusted Types,
 * the string itself elsewhere. Typed as a string because that is what the DOM's declarations take.
 */
export function trustedHtml(safeHtml: string): string {
  const made = htmlPolicy();
  return made ? (made.createHTML(safeHtml) as string) : safeHtml;
}

/** Parses HTML the widget made safe into an inert fragment (a template's content runs no script and loads nothing). */
export function safeHtmlFragment(safeHtml: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = trustedHtml(safeHtml);
  return template.content;
}
