import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, normaliseProduct } from '../../../../src/chat/replies/products';

// The cards' images come from cdn.example, which the store lists in image-hosts.
const CONTEXT = {
  storeUrl: 'https://shop.example/store/',
  pageOrigin: 'https://shop.example',
  imageHosts: ['cdn.example'],
};

describe('normaliseProduct', () => {
  it.each([
    [
      'title naming',
      {
        title: 'Shirt',
        description: 'Soft',
        url: 'https://shop.example/p/1',
        image: 'https://cdn.example/1.jpg',
        price: '$20',
      },
      {
        title: 'Shirt',
        description: 'Soft',
        url: 'https://shop.example/p/1',
        image: 'https://cdn.example/1.jpg',
        price: '$20',
      },
    ],
    [
      'name naming',
      {
        name: 'Tote',
        description: 'Big',
        productUrl: 'https://shop.example/p/2',
        imageUrl: 'https://cdn.example/2.jpg',
      },
      { title: 'Tote', description: 'Big', url: 'https://shop.example/p/2', image: 'https://cdn.example/2.jpg' },
    ],
    [
      'a relative link resolves against store-url',
      { title: 'A', url: 'p/3' },
      { title: 'A', description: '', url: 'https://shop.example/store/p/3' },
    ],
    ['a numeric price gets two decimals', { title: 'A', price: 19.5 }, { title: 'A', description: '', price: '19.50' }],
    [
      'a numeric price with a currency is formatted',
      { title: 'A', price: 19.5, currency: 'EUR' },
      { title: 'A', description: '', price: expect.stringContaining('19.50') },
    ],
    [
      'a data:image picture is kept',
      { title: 'A', image: 'data:image/png;base64,iVBORw0KGgo=' },
      { title: 'A', description: '', image: 'data:image/png;base64,iVBORw0KGgo=' },
    ],
    [
      'a cart id as variantId, a number as variant_id, an id and availability',
      { title: 'A', variantId: ' 111 ', available: false },
      { title: 'A', description: '', variantId: '111', available: false },
    ],
    [
      'variant_id and a WooCommerce id as numbers',
      { title: 'A', variant_id: 222, id: 16, available: true },
      { title: 'A', description: '', variantId: '222', id: '16', available: true },
    ],
    [
      'an id too long to be real is dropped, not cut; availability must be a boolean',
      { title: 'A', id: 'x'.repeat(101), available: 'no' },
      { title: 'A', description: '' },
    ],
    [
      'whitespace and control characters are folded',
      { title: '  Big\n\u0000 Shirt ', description: 'a\tb' },
      { title: 'Big Shirt', description: 'a b' },
    ],
  ])('%s', (_, raw, expected) => {
    expect(normaliseProduct(raw, CONTEXT)).toEqual(expected);
  });

  it.each([
    ['javascript: link', { url: 'javascript:alert(1)' }],
    ['JaVaScRiPt: with spaces', { url: ' JaVaScRiPt:alert(1)' }],
    ['data: link', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['vbscript: link', { url: 'vbscript:msgbox(1)' }],
    ['plain http to another host', { url: 'http://evil.example/p' }],
    ['protocol-relative http', { url: '//evil.example/p' }],
  ])('drops an unsafe link: %s', (_, fields) => {
    const product = normaliseProduct(
      { title: 'A', ...fields },
      { storeUrl: null, pageOrigin: 'http://shop.example', imageHosts: [] },
    );
    expect(product).toEqual({ title: 'A', description: '' });
  });

  it.each([
    ['javascript: image', 'javascript:alert(1)'],
    ['svg data image', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['data:text', 'data:text/html,hi'],
    ['http image on another host', 'http://evil.example/pixel.gif'],
  ])('drops an unsafe image: %s', (_, image) => {
    expect(normaliseProduct({ title: 'A', image }, CONTEXT)).toEqual({ title: 'A', description: '' });
  });

  it("keeps a link and a picture on an http store's own origin when the card is shown again, as it resolved them", () => {
    const context = { storeUrl: null, pageOrigin: 'http://127.0.0.1:8080', imageHosts: [] };
    const first = normaliseProduct({ title: 'A', url: '/p/1', image: '/img/a.png' }, context);
    expect(first).toEqual({
      title: 'A',
      description: '',
      url: 'http://127.0.0.1:8080/p/1',
      image: 'http://127.0.0.1:8080/img/a.png',
    });
    expect(normaliseProduct(first, context)).toEqual(first);
    // Another port is another origin: still plain http elsewhere, dropped.
    expect(normaliseProduct({ title: 'A', url: 'http://127.0.0.1:9090/p/1' }, context)).toEqual({
      title: 'A',
      description: '',
    });
  });

  it('caps text fields', () => {
    const product = normaliseProduct(
      { title: 'T'.repeat(1000), description: 'D'.repeat(5000), price: 'P'.repeat(500) },
      CONTEXT,
    );
    expect(product?.title.length).toBe(MAX_TITLE_LENGTH);
    expect(product?.description.length).toBe(MAX_DESCRIPTION_LENGTH);
    expect(product?.price?.length).toBeLessThanOrEqual(40);
  });

  it.each([null, 'Shirt', 42, [], { description: 'no title' }, { title: '   ' }])('refuses %j', (raw) => {
    expect(normaliseProduct(raw, CONTEXT)).toBeNull();
  });
});
