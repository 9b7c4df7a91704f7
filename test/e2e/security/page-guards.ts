import type { Page } from 'playwright-core';

/**
 * Installs tripwires before any page script runs: alert, confirm, prompt and print are replaced by
 * recorders, fetch records every call to a URL other than the widget's webhook (a canary for script
 * that phones home), and every resource the page requests from another host is recorded.
 */
export async function installTripwires(page: Page, allowedFetch: string): Promise<void> {
  await page.addInitScript((allowed) => {
    const tripped: string[] = [];
    (window as unknown as { __tripped: string[] }).__tripped = tripped;
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, {
        configurable: true,
        value: (...args: unknown[]) => void tripped.push(`${name}(${args.map(String).join(',')})`),
      });
    }
    const fetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(allowed)) tripped.push(`fetch(${url})`);
      return fetch(input, init);
    };
    window.addEventListener('securitypolicyviolation', (event) =>
      tripped.push(`csp(${event.violatedDirective} ${event.blockedURI})`),
    );
  }, allowedFetch);
}

/** What the tripwires caught. */
export function tripped(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __tripped: string[] }).__tripped);
}

/**
 * Everything in the widget's shadow root that could run script or carry unsafe markup: on* attributes,
 * javascript: or data:text URLs, style attributes, and form, iframe, object, embed, svg, math, script
 * or style elements.
 */
export function unsafeMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('store-assistant')].flatMap((host) => {
      const root = host.shadowRoot;
      if (!root) return [];
      return [...root.querySelectorAll('*')].flatMap((element) => {
        const found: string[] = [];
        const tag = element.tagName.toLowerCase();
        if (/^(form|iframe|object|embed|svg|math|script|style|frame|frameset|base|meta|link)$/.test(tag))
          found.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          const value = attribute.value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
          if (/^on/i.test(attribute.name)) found.push(`<${tag} ${attribute.name}>`);
          // The composer's own height, measured from its content, is the one style the widget writes.
          if (attribute.name === 'style' && !element.matches('textarea.composer-input, .input-bar textarea'))
            found.push(`<${tag} style>`);
          if (/^(javascript|vbscript):/.test(value) || /^data:text/.test(value))
            found.push(`<${tag} ${attribute.name}="${attribute.value.slice(0, 60)}">`);
        }
        return found;
      });
    }),
  );
}
