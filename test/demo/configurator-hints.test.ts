// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_TRACKING_HINTS, wireOptionHint } from '../../demo/configurator/option-hints';

// The configurator's "Track my order" help text says what the chosen option does, as the page ships it.
describe("the configurator's Track my order help", () => {
  it('follows the selected option, starting with the one the page selects', () => {
    const page = readFileSync(path.join(process.cwd(), 'demo/pages/configurator.html'), 'utf8');
    const field =
      /<div class="field">\s*<label for="field-order-tracking">[\s\S]*?<\/select>\s*<p class="hint"[^>]*>[\s\S]*?<\/p>/.exec(
        page,
      )?.[0];
    expect(field).toBeDefined();
    document.body.innerHTML = field ?? '';
    const select = document.getElementById('field-order-tracking') as HTMLSelectElement;
    const hint = document.getElementById('hint-order-tracking') as HTMLElement;
    // As served, before any script runs: the hint of the option the page selects.
    expect(hint.textContent?.replace(/\s+/g, ' ').trim()).toBe(ORDER_TRACKING_HINTS[select.value]);
    wireOptionHint(select, hint, ORDER_TRACKING_HINTS);
    expect(select.value).toBe('page');
    expect(hint.textContent).toBe(ORDER_TRACKING_HINTS.page);
    expect(hint.textContent).not.toMatch(/in the chat/i);
    select.value = 'chat';
    select.dispatchEvent(new Event('change'));
    expect(hint.textContent).toBe(ORDER_TRACKING_HINTS.chat);
    expect(Object.keys(ORDER_TRACKING_HINTS).sort()).toEqual([...select.options].map((option) => option.value).sort());
  });
});
