/** The name of the widget's Trusted Types policy, for a page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'store-assistant';

/** The parts of a Trusted Types policy the widget uses. */
export interface WidgetPolicy {
  createHTML(input: string): unknown;
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createHTML(input: string): string; createScriptURL(input: string): string },
  ): WidgetPolicy;
}

/** A part of the widget beside its script (see parts.ts), with the widget's version: the only script it loads. */
const PART_ADDRESS = /\/store-assistant\.[a-z0-9-]+\.js\?v=[^&#]+$/;

/** The policy once made; null where the browser has no Trusted Types or the page refused the name. */
let policy: WidgetPolicy | null | undefined;

/**
 * The widget's one Trusted Types policy, made on first use (a second copy of the script, which does
 * nothing, never asks for the name again). HTML passes through unchanged because only the widget's
 * `trustedHtml` reaches it, and every caller of that hands it HTML the widget made safe itself (the
 * markdown renderer's DOMPurify output, or escaped text). Script addresses pass only when they name a
 * part of the widget.
 */
export function widgetPolicy(): WidgetPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (window as unknown as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  try {
    policy = factory
      ? factory.createPolicy(TRUSTED_TYPES_POLICY, {
          createHTML: (input) => input,
          createScriptURL: (input) => {
            if (!PART_ADDRESS.test(input)) throw new TypeError(`[store-assistant] not a part of the widget: ${input}`);
            return input;
          },
        })
      : null;
  } catch (error) {
    // The page's CSP does not list the name: each sink reports its own violation, which names the cause.
    console.warn(`[store-assistant] could not create the Trusted Types policy "${TRUSTED_TYPES_POLICY}"`, error);
    policy = null;
  }
  return policy;
}
