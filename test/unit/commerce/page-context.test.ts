import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../../src/commerce/commerce-state';
import { MAX_PAGE_CONTEXT_BYTES, MAX_PAGE_TEXT, readPageContext } from '../../../src/commerce/page-context';
import { checkStoreContext, MAX_STORE_CONTEXT_BYTES } from '../../../src/commerce/store-context';

// What the webhook learns about the page: schema.org Product markup as stores publish it (Shopify's
// themes, WooCommerce's structured data, Yoast's @graph), Open Graph product tags as the fallback.

const URL = 'https://shop.example/products/linen-shirt';

function page(jsonLd: unknown[], meta: [string, string][] = [], title = 'Linen Shirt · Acme'): PageSnapshot {
  return {
    url: URL,
    title,
    jsonLd: jsonLd.map((block) => (typeof block === 'string' ? block : JSON.stringify(block))),
    meta,
  };
}

const SHIRT = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Linen Shirt',
  sku: 'LS-M',
  image: ['https://cdn.example/linen-1.jpg', 'https://cdn.example/linen-2.jpg'],
  url: '/products/linen-shirt',
  offers: [
    { '@type': 'Offer', price: '48.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', sku: 'LS-M' },
    {
      '@type': 'Offer',
      price: '52.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      sku: 'LS-XL',
    },
  ],
};

const EXPECTED_SHIRT = {
  name: 'Linen Shirt',
  sku: 'LS-M',
  price: '48.00',
  priceCurrency: 'USD',
  availability: 'InStock',
  url: 'https://shop.example/products/linen-shirt',
  image: 'https://cdn.example/linen-1.jpg',
};

describe('readPageContext: JSON-LD', () => {
  it.each<[string, unknown[], object]>([
    ['a Product with an array of offers (the first offer prices it)', [SHIRT], EXPECTED_SHIRT],
    [
      'a Product inside @graph (Yoast, WooCommerce)',
      [
        {
          '@context': 'https://schema.org',
          '@graph': [{ '@type': 'WebPage', name: 'Shop' }, { '@type': 'BreadcrumbList' }, SHIRT],
        },
      ],
      EXPECTED_SHIRT,
    ],
    ['a Product in a top-level array', [[{ '@type': 'Organization', name: 'Acme' }, SHIRT]], EXPECTED_SHIRT],
    ['a Product as a WebPage mainEntity', [{ '@type': 'ItemPage', mainEntity: SHIRT }], EXPECTED_SHIRT],
    ['the second block when the first has none', [{ '@type': 'Organization' }, SHIRT], EXPECTED_SHIRT],
    [
      '@type as a list and with a prefix',
      [
        {
          '@type': ['Thing', 'http://schema.org/Product'],
          name: 'Mug',
          offers: { price: 18, priceCurrency: 'EUR', availability: 'schema:InStock' },
        },
      ],
      { name: 'Mug', price: 18, priceCurrency: 'EUR', availability: 'InStock' },
    ],
    [
      'an AggregateOffer with its offers',
      [
        {
          '@type': 'Product',
          name: 'Tote',
          offers: { '@type': 'AggregateOffer', lowPrice: '20', offers: [{ price: '25', priceCurrency: 'GBP' }] },
        },
      ],
      { name: 'Tote', price: '25', priceCurrency: 'GBP' },
    ],
    [
      'an AggregateOffer without offers (its low price)',
      [
        {
          '@type': 'Product',
          name: 'Tote',
          offers: { '@type': 'AggregateOffer', lowPrice: '20', priceCurrency: 'GBP' },
        },
      ],
      { name: 'Tote', price: '20', priceCurrency: 'GBP' },
    ],
    [
      'a price in a priceSpecification',
      [{ '@type': 'Product', name: 'Cap', offers: { priceSpecification: { price: 12.5, priceCurrency: 'USD' } } }],
      { name: 'Cap', price: 12.5, priceCurrency: 'USD' },
    ],
    [
      'a ProductGroup priced by its first variant',
      [
        {
          '@type': 'ProductGroup',
          name: 'Sneakers',
          hasVariant: [{ '@type': 'Product', offers: { price: '89', priceCurrency: 'USD' } }],
        },
      ],
      { name: 'Sneakers', price: '89', priceCurrency: 'USD' },
    ],
    [
      'an image object',
      [{ '@type': 'Product', name: 'Cup', image: { '@type': 'ImageObject', url: 'https://cdn.example/cup.jpg' } }],
      { name: 'Cup', image: 'https://cdn.example/cup.jpg' },
    ],
  ])('reads %s', (_, blocks, product) => {
    expect(readPageContext(page(blocks))).toEqual({ url: URL, title: 'Linen Shirt · Acme', product });
  });

  it('sends the page alone when there is no product', () => {
    expect(readPageContext(page([{ '@type': 'Organization', name: 'Acme' }]))).toEqual({
      url: URL,
      title: 'Linen Shirt · Acme',
    });
  });
});

describe('readPageContext: Open Graph fallback', () => {
  const OG: [string, string][] = [
    ['og:type', 'product'],
    ['og:title', 'Canvas Tote'],
    ['og:url', 'https://shop.example/products/canvas-tote'],
    ['og:image', 'https://cdn.example/tote.jpg'],
    ['product:price:amount', '29.00'],
    ['product:price:currency', 'USD'],
    ['product:availability', 'in stock'],
    ['product:retailer_item_id', 'TOTE-1'],
  ];

  it('reads og:type product with product: tags', () => {
    expect(readPageContext(page([], OG)).product).toEqual({
      name: 'Canvas Tote',
      sku: 'TOTE-1',
      price: '29.00',
      priceCurrency: 'USD',
      availability: 'in stock',
      url: 'https://shop.example/products/canvas-tote',
      image: 'https://cdn.example/tote.jpg',
    });
  });

  it("reads Shopify themes' og:price tags", () => {
    const meta: [string, string][] = [
      ['og:title', 'Mug'],
      ['og:price:amount', '18.00'],
      ['og:price:currency', 'CAD'],
    ];
    expect(readPageContext(page([], meta)).product).toEqual({ name: 'Mug', price: '18.00', priceCurrency: 'CAD' });
  });

  it('prefers JSON-LD over meta tags, and ignores pages that are not products', () => {
    expect(readPageContext(page([SHIRT], OG)).product?.name).toBe('Linen Shirt');
    expect(
      readPageContext(
        page(
          [],
          [
            ['og:type', 'article'],
            ['og:title', 'Blog post'],
          ],
        ),
      ).product,
    ).toBeUndefined();
  });
});

describe('readPageContext: hostile pages', () => {
  it.each<[string, PageSnapshot]>([
    ['JSON-LD that does not parse', page(['{ "@type": "Product", name: oops'])],
    [
      'a Product with no usable field',
      page([
        {
          '@type': 'Product',
          name: { toString: 'x' },
          offers: 'free',
          image: 'javascript:alert(1)',
          url: 'data:text/html,hi',
        },
      ]),
    ],
    [
      'a JSON-LD block over the size limit',
      page([JSON.stringify({ '@type': 'Product', name: 'Big', padding: 'x'.repeat(300_000) })]),
    ],
    [
      'nesting deeper than anyone writes',
      page([JSON.parse(`${'{"a":'.repeat(50)}{"@type":"Product","name":"Deep"}${'}'.repeat(50)}`)]),
    ],
  ])('sends no product for %s', (_, snapshot) => {
    expect(readPageContext(snapshot)).toEqual({ url: URL, title: 'Linen Shirt · Acme' });
  });

  it('reads own properties only: a polluted Object.prototype adds nothing', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype['@type'] = 'Product';
    prototype.name = 'Polluted';
    prototype.offers = { price: '0.01' };
    try {
      expect(readPageContext(page([{ '@type': 'Organization' }, { '@graph': [] }]))).toEqual({
        url: URL,
        title: 'Linen Shirt · Acme',
      });
      expect(readPageContext(page([{ '@type': 'Product', sku: 'A1' }])).product).toEqual({ sku: 'A1' });
    } finally {
      delete prototype['@type'];
      delete prototype.name;
      delete prototype.offers;
    }
  });

  it('keeps a "__proto__" key of the page as plain data', () => {
    const facts = readPageContext(page(['{"@type":"Product","name":"Mug","__proto__":{"sku":"INJECTED"}}']));
    expect(facts.product).toEqual({ name: 'Mug' });
  });

  it('folds control characters and cuts long texts', () => {
    const facts = readPageContext(
      page(
        [{ '@type': 'Product', name: `A\u0000B\n\u2028C  ${'x'.repeat(1_000)}`, sku: 'S'.repeat(500) }],
        [],
        `T${'i'.repeat(1_000)}`,
      ),
    );
    expect(facts.product?.name?.startsWith('A B C x')).toBe(true);
    expect(facts.product?.name).toHaveLength(MAX_PAGE_TEXT);
    expect(facts.product?.sku).toHaveLength(100);
    expect(facts.title).toHaveLength(MAX_PAGE_TEXT);
  });

  it(`stays within ${MAX_PAGE_CONTEXT_BYTES} bytes of JSON even with long multi-byte texts`, () => {
    const wide = '😀'.repeat(400);
    const facts = readPageContext({
      ...page([
        {
          '@type': 'Product',
          name: wide,
          sku: wide,
          price: wide,
          priceCurrency: wide,
          availability: wide,
          image: `https://cdn.example/${'a'.repeat(3_000)}`,
        },
      ]),
      title: wide,
    });
    expect(new TextEncoder().encode(JSON.stringify(facts)).length).toBeLessThanOrEqual(MAX_PAGE_CONTEXT_BYTES);
    expect(facts.title.length).toBeGreaterThan(0);
  });

  it('looks at no more than 2,000 values however large the markup', () => {
    const huge = {
      '@graph': Array.from({ length: 100 }, () => ({
        items: Array.from({ length: 100 }, (_, index) => ({ index })),
      })).concat([SHIRT as never]),
    };
    const started = performance.now();
    expect(readPageContext(page([huge])).product).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('checkStoreContext (setContext)', () => {
  it.each<[string, unknown, Record<string, unknown> | null]>([
    ['an object', { tier: 'gold', locale: 'de-DE', orders: 3 }, { tier: 'gold', locale: 'de-DE', orders: 3 }],
    ['JSON text of an object', '{"tier":"gold"}', { tier: 'gold' }],
    ['an empty object (clears)', {}, null],
    ['null (clears)', null, null],
    ['functions and undefined left out', { tier: 'gold', hook: () => 1, none: undefined }, { tier: 'gold' }],
  ])('accepts %s', (_, input, facts) => {
    expect(checkStoreContext(input)).toEqual({ facts });
  });

  it.each<[string, unknown]>([
    ['a string that is not JSON', 'tier=gold'],
    ['an array', [1, 2]],
    ['a number', 42],
    ['JSON text of an array', '[1]'],
    [
      'an object that refers to itself',
      (() => {
        const a: Record<string, unknown> = {};
        a.self = a;
        a.again = a;
        return a;
      })(),
    ],
    [`more than ${MAX_STORE_CONTEXT_BYTES} bytes`, { notes: 'ü'.repeat(2_100) }],
  ])('refuses %s', (_, input) => {
    expect(checkStoreContext(input)).toEqual({ problem: expect.any(String) });
  });

  it('copies the facts: later changes to the page object do not leak into requests', () => {
    const facts = { tier: 'gold' };
    const checked = checkStoreContext(facts);
    facts.tier = 'changed';
    expect(checked).toEqual({ facts: { tier: 'gold' } });
  });
});
