import { describe, expect, it } from 'vitest';
import { mobilePage } from '../../bench/mobile-pages.mjs';

// The two pages the Lighthouse group compares (test/bench/mobile-pages.mjs) must differ by the widget alone,
// or the difference measured would be partly the page's.

const SCRIPT = '<script src="/store-assistant.js" defer></script>';
const ELEMENT = /<store-assistant mode="floating"[^>]*><\/store-assistant>/;

describe('the Lighthouse group’s pages', () => {
  it('the product page with the widget is the page without it plus the deferred script and the element', () => {
    const without = mobilePage('product', { bare: true });
    const withWidget = mobilePage('ours-product-deferred', { bare: true });
    expect(withWidget).toContain(SCRIPT);
    expect(withWidget).toMatch(ELEMENT);
    expect(withWidget?.replace(SCRIPT, '').replace(ELEMENT, '')).toBe(without);
  });

  it('a bare page carries none of the benchmark’s instrumentation', () => {
    for (const subject of ['product', 'ours-product-deferred']) {
      const page = mobilePage(subject, { bare: true });
      expect(page).not.toContain('mobile-instrument.js');
      expect(page).not.toContain('__bench');
    }
    expect(mobilePage('product')).toContain('__bench.paintedWhen');
  });
});
