import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_PRICE_LENGTH,
  MAX_PRODUCTS,
  MAX_TITLE_LENGTH,
  normaliseProduct,
  type Product,
  type ProductContext,
} from '../../../../src/chat/replies/products';
import { MAX_REPLY_TEXT, parseReply } from '../../../../src/chat/replies/reply-parser';
import { MAX_SUGGESTION_LENGTH, MAX_SUGGESTIONS } from '../../../../src/chat/replies/suggestions';
import { stripInvisible } from '../../../../src/common/invisible-characters';
import { markdownish, productish, replyBody } from '../../../support/arbitraries';
import { checkProperty, messyFixtures } from '../../../support/property';

const CONTEXT: ProductContext = {
  storeUrl: 'https://shop.example/store/',
  pageOrigin: 'https://shop.example',
  imageHosts: ['cdn.example'],
};

/** What every product card keeps to, whatever the reply held. */
function expectShowable(product: Product): void {
  for (const [field, max] of [
    ['title', MAX_TITLE_LENGTH],
    ['description', MAX_DESCRIPTION_LENGTH],
    ['price', MAX_PRICE_LENGTH],
  ] as const) {
    const text = product[field] ?? '';
    expect(text.length, field).toBeLessThanOrEqual(max);
    // Text as shown: no control, bidirectional or zero-width characters, no untrimmed or doubled spaces.
    expect(stripInvisible(text), field).toBe(text);
    expect(text, field).not.toMatch(/[\u0000-\u001f\u007f]|^\s|\s$|\s\s/);
  }
  expect(product.title).not.toBe('');
  if (product.url !== undefined) expect(product.url).toMatch(/^https:\/\/|^http:\/\/shop\.example\//);
  if (product.image !== undefined)
    expect(product.image).toMatch(
      /^https:\/\/|^http:\/\/shop\.example\/|^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=]*$/i,
    );
}

function expectParsed(body: unknown, servedAsJson?: boolean): void {
  const reply = parseReply(body, CONTEXT, { servedAsJson });
  expect(parseReply(body, CONTEXT, { servedAsJson }), 'the same body parses the same').toEqual(reply);
  expect(reply.text.length).toBeLessThanOrEqual(MAX_REPLY_TEXT + 1);
  expect(reply.products.length).toBeLessThanOrEqual(MAX_PRODUCTS);
  reply.products.forEach(expectShowable);
  const suggestions = reply.suggestions ?? [];
  expect(suggestions.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
  for (const suggestion of suggestions) {
    expect(suggestion.length).toBeLessThanOrEqual(MAX_SUGGESTION_LENGTH);
    expect(stripInvisible(suggestion)).toBe(suggestion);
    expect(suggestion).not.toMatch(/[\u0000-\u001f\u007f]|^\s|\s$/);
  }
}

function expectNormalised(raw: unknown): void {
  const product = normaliseProduct(raw, CONTEXT);
  expect(normaliseProduct(raw, CONTEXT), 'the same product normalises the same').toEqual(product);
  if (product) expectShowable(product);
}

describe('parseReply on generated bodies', () => {
  it('never throws, keeps text and cards within their limits, and parses the same body the same way', () => {
    checkProperty(fc.property(replyBody, fc.boolean(), (body, servedAsJson) => expectParsed(body, servedAsJson)));
  });

  it('reads any string body, served as text or as JSON', () => {
    checkProperty(
      fc.property(fc.oneof(markdownish, fc.json(), fc.string({ unit: 'binary' })), fc.boolean(), (body, servedAsJson) =>
        expectParsed(body, servedAsJson),
      ),
    );
  });

  it.each(messyFixtures.replies.map((fixture) => [fixture.note, fixture] as const))('regression: %s', (_, fixture) => {
    expectParsed(fixture.body, fixture.servedAsJson);
  });
});

describe('normaliseProduct on generated products', () => {
  it('never throws and gives a card with showable text and safe links, or null', () => {
    checkProperty(fc.property(fc.oneof(productish, fc.anything()), (raw) => expectNormalised(raw)));
  });

  it.each(messyFixtures.products.map((fixture) => [fixture.note, fixture.input] as const))(
    'regression: %s',
    (_, raw) => {
      expectNormalised(raw);
    },
  );
});
