// The "Connect your store" check's rules (demo/configurator/store-check-rules.ts): what one call of the
// store's webhook came back as, in the owner's words. Each case is one a store owner meets.
import { describe, expect, it } from 'vitest';
import { classifyCheck, type CheckOutcome } from '../../demo/configurator/store-check-rules';

const FACTS = {
  pageOrigin: 'https://configure.example',
  productContext: { imageHosts: [], pageOrigin: 'https://configure.example', storeUrl: null },
};

const json = (body: unknown): CheckOutcome => ({
  kind: 'reply',
  reply: { streamed: false, body: JSON.stringify(body), contentType: 'application/json; charset=utf-8' },
});

const card = (title: string) => ({
  title,
  url: 'https://harbor.example/products/x',
  price: '€59.00',
  variantId: 'gid://shopify/ProductVariant/1',
});

describe('the check of a store webhook', () => {
  it('counts the product cards of a reply in the widget shape', () => {
    const result = classifyCheck(
      json({ output: 'We sell linen.', products: [card('Linen Shirt'), card('Linen Scarf')] }),
      FACTS,
    );
    expect(result).toEqual({ verdict: 'success', sentence: 'Your store answered with 2 products.', products: 2 });
    expect(classifyCheck(json({ output: 'One.', products: [card('Linen Shirt')] }), FACTS).sentence).toBe(
      'Your store answered with 1 product.',
    );
  });

  it('reads a streamed reply as the widget does', () => {
    const result = classifyCheck(
      { kind: 'reply', reply: { streamed: true, text: 'Here.', parts: [{ products: [card('Raincoat')] }] } },
      FACTS,
    );
    expect(result.verdict).toBe('success');
  });

  it('says when a valid reply holds no products, quoting it', () => {
    const result = classifyCheck(json({ output: "I couldn't find anything like that in our shop." }), FACTS);
    expect(result.verdict).toBe('no-products');
    expect(result.sentence).toContain('with no products: "I couldn\'t find anything like that in our shop."');
  });

  it.each([
    ['an object without text or products', json({ ok: true, count: 3 })],
    ['an empty body', { kind: 'reply', reply: { streamed: false, body: '', contentType: 'text/plain' } }],
    ['an HTML page', { kind: 'failed', failure: 'html' }],
  ] satisfies [string, CheckOutcome][])('calls %s the wrong reply shape', (_name, outcome) => {
    const result = classifyCheck(outcome, FACTS);
    expect(result.verdict).toBe('wrong-shape');
    expect(result.sentence).toContain('{ "output": "…", "products": [ … ] }');
  });

  it("recognises n8n's answer of a webhook that does not wait for its Respond node", () => {
    const result = classifyCheck(json({ message: 'Workflow was started' }), FACTS);
    expect(result.verdict).toBe('wrong-shape');
    expect(result.sentence).toContain("Using 'Respond to Webhook' Node");
  });

  it('tells a server that is not there from one whose reply the browser withheld (CORS)', () => {
    const unreachable = classifyCheck({ kind: 'failed', failure: 'network', answeredWithoutCors: false }, FACTS);
    expect(unreachable.verdict).toBe('unreachable');
    expect(unreachable.sentence).toMatch(/^The webhook could not be reached\./);
    const cors = classifyCheck({ kind: 'failed', failure: 'network', answeredWithoutCors: true }, FACTS);
    expect(cors.verdict).toBe('cors');
    expect(cors.sentence).toContain("put this page's origin (https://configure.example)");
  });

  it('says which HTTP failure it was', () => {
    expect(classifyCheck({ kind: 'failed', failure: 'http', status: 404 }, FACTS)).toMatchObject({
      verdict: 'not-found',
      sentence: expect.stringContaining('Production URL'),
    });
    expect(classifyCheck({ kind: 'failed', failure: 'http', status: 500 }, FACTS)).toMatchObject({
      verdict: 'failed-status',
      sentence: expect.stringContaining('(HTTP 500)'),
    });
    expect(classifyCheck({ kind: 'failed', failure: 'timeout' }, FACTS).verdict).toBe('timeout');
  });

  it('quotes a long reply cut short, on one line', () => {
    const result = classifyCheck(json({ output: `Nothing\n\nhere. ${'x'.repeat(400)}` }), FACTS);
    expect(result.sentence).toContain('"Nothing here. xxx');
    expect(result.sentence).toContain('…"');
    expect(result.sentence.length).toBeLessThan(400);
  });
});
