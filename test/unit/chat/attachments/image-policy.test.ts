import { describe, expect, it, vi } from 'vitest';
import {
  COMMERCE_IMAGE_HOSTS,
  allowedImageUrl,
  storeRequestOf,
  type ImagePolicy,
} from '../../../../src/chat/attachments/image-policy';
import { storeAddActions } from '../../../../src/chat/markdown/markdown-links';
import { normaliseProduct } from '../../../../src/chat/replies/products';

const PAGE = 'https://shop.example';
const policy = (
  imageHosts: readonly string[] = COMMERCE_IMAGE_HOSTS,
  onRefused?: ImagePolicy['onRefused'],
): ImagePolicy => ({ imageHosts, pageOrigin: PAGE, onRefused });

describe('the image rule for replies', () => {
  it.each([
    [
      'a same-origin path ending in an image extension',
      '/files/shirt.jpg',
      undefined,
      'https://shop.example/files/shirt.jpg',
    ],
    [
      'a same-origin image with a query (a resized variant)',
      '/cdn/shop/files/shirt.webp?v=12&width=400',
      undefined,
      'https://shop.example/cdn/shop/files/shirt.webp?v=12&width=400',
    ],
    ['every raster extension and svg, in any case', '/a.PNG', undefined, 'https://shop.example/a.PNG'],
    [
      "Shopify's CDN by default",
      'https://cdn.shopify.com/s/files/1/0001/shirt.jpg',
      undefined,
      'https://cdn.shopify.com/s/files/1/0001/shirt.jpg',
    ],
    ['a configured host, any path', 'https://img.example/p/1', ['img.example'], 'https://img.example/p/1'],
    ['a configured wildcard', 'https://a.b.images.example/x', ['*.images.example'], 'https://a.b.images.example/x'],
    [
      'a same-origin path under a configured prefix',
      '/media/catalog/1',
      ['shop.example/media/'],
      'https://shop.example/media/catalog/1',
    ],
    [
      'a prefix written without its trailing slash',
      '/media/catalog/1',
      ['shop.example/media'],
      'https://shop.example/media/catalog/1',
    ],
    [
      'another host under a configured prefix',
      'https://cdn.example/acme/1',
      ['cdn.example/acme/'],
      'https://cdn.example/acme/1',
    ],
  ])('allows %s', (_, src, hosts, expected) => {
    expect(allowedImageUrl(src, policy(hosts))).toBe(expected);
  });

  it.each([
    ['an image on an unlisted host', 'https://attacker.example/x.png?d=secret'],
    ['an unlisted host, protocol-relative', '//attacker.example/x.png'],
    ['a same-origin path that is not an image: add to cart', '/cart/add?id=123&quantity=10'],
    ['a same-origin path that is not an image: log out', '/account/logout'],
    ['a same-origin path that only looks like an image in its query', '/account/logout?x=.png'],
    ['a path that climbs out of a prefix', '/media/../cart/add'],
    ['a path that climbs out of a prefix, encoded', '/media/%2e%2e/cart/add'],
    ['a look-alike of a prefix', '/media-evil/x'],
    ['plain http on a listed host', 'http://cdn.shopify.com/x.jpg'],
    ['a look-alike of a listed host', 'https://cdn.shopify.com.attacker.example/x.jpg'],
    ['a data URL in markdown', 'data:image/png;base64,iVBORw0KGgo='],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s', (_, src) => {
    expect(allowedImageUrl(src, policy(['shop.example/media/']))).toBeNull();
  });

  it("a bare entry for the page's own host does not open every path of the store", () => {
    expect(allowedImageUrl('/cart/add?id=1', policy(['shop.example']))).toBeNull();
  });

  it('names the host of each refused image', () => {
    const onRefused = vi.fn();
    allowedImageUrl('https://attacker.example/x.png', policy(undefined, onRefused));
    allowedImageUrl('/account/logout', policy(undefined, onRefused));
    expect(onRefused.mock.calls).toEqual([
      ['attacker.example', false],
      ['shop.example', true],
    ]);
  });

  it('holds for card images too: a refused card image is dropped, an allowed one kept', () => {
    const context = { storeUrl: null, ...policy() };
    expect(
      normaliseProduct({ title: 'A', image: 'https://attacker.example/x.png?d=4111111111111111' }, context)?.image,
    ).toBeUndefined();
    expect(normaliseProduct({ title: 'A', image: '/account/logout' }, context)?.image).toBeUndefined();
    expect(normaliseProduct({ title: 'A', image: '/files/a.png' }, context)?.image).toBe(
      'https://shop.example/files/a.png',
    );
    expect(normaliseProduct({ title: 'A', image: 'https://cdn.shopify.com/a.png' }, context)?.image).toBe(
      'https://cdn.shopify.com/a.png',
    );
    expect(normaliseProduct({ title: 'A', image: 'data:image/png;base64,iVBORw0KGgo=' }, context)?.image).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });
});

describe('store URLs that change the cart or the session (one rule for images and links)', () => {
  it.each([
    ['/cart/add?id=4242&quantity=3', { kind: 'add', items: [{ variantId: '4242', quantity: 3 }] }],
    ['/fr/cart/add.js?id=7', { kind: 'add', items: [{ variantId: '7', quantity: 1 }] }],
    [
      '/cart/4242:7,99:1',
      {
        kind: 'add',
        items: [
          { variantId: '4242', quantity: 7 },
          { variantId: '99', quantity: 1 },
        ],
      },
    ],
    ['/?add-to-cart=99', { kind: 'add', items: [{ variantId: '99', quantity: 1 }] }],
    ['/shop/?add-to-cart=99&quantity=abc', { kind: 'change' }],
    ['/cart/add', { kind: 'change' }],
    ['/cart/clear', { kind: 'change' }],
    ['/cart/change.js?line=1&quantity=0', { kind: 'change' }],
    ['/cart/update?updates[]=0', { kind: 'change' }],
    ['/account/logout', { kind: 'change' }],
    ['/cart/?remove_item=abc', { kind: 'change' }],
    ['/?empty-cart', { kind: 'change' }],
    ['/my-account/customer-logout/?_wpnonce=1', { kind: 'change' }],
    ['/wp-login.php?action=logout', { kind: 'change' }],
    ['https://other.example/cart/clear', { kind: 'change' }],
    ['/CART/Clear/', { kind: 'change' }],
    ['/cart%2Fclear', { kind: 'change' }],
    ['/cart%252fclear', { kind: 'change' }],
    ['/cart//clear', { kind: 'change' }],
    ['/products/../cart/./clear', { kind: 'change' }],
    ['/account%5Clogout', { kind: 'change' }],
    ['/cart/4242%3A7', { kind: 'add', items: [{ variantId: '4242', quantity: 7 }] }],
    ['/?Add-To-Cart=99&Quantity=2', { kind: 'add', items: [{ variantId: '99', quantity: 2 }] }],
    ['/wp-login.php?ACTION=LogOut', { kind: 'change' }],
    ['/products/clear', null],
    ['/products/mug', null],
    ['/cart', null],
    ['/account/login', null],
    ['/blog/how-we-add-to-cart', null],
    ['mailto:help@shop.example', null],
  ])('%s', (href, expected) => {
    expect(storeRequestOf(href, PAGE)).toEqual(expected);
  });

  it('refuses images from them, even under an allowed folder or with an image extension', () => {
    const policy = { imageHosts: ['shop.example/cart/'], pageOrigin: PAGE };
    expect(allowedImageUrl('/cart/clear', policy)).toBeNull();
    expect(allowedImageUrl('/photo.png?add-to-cart=99', policy)).toBeNull();
    expect(allowedImageUrl('/cart/photo.png', policy)).toBe(`${PAGE}/cart/photo.png`);
  });
});

describe("the adds a reply's links name", () => {
  it('one action per cart id, from links, autolinks, bare URLs and references', () => {
    const markdown =
      '[a](/cart/add?id=1&quantity=2) <https://shop.example/?add-to-cart=2> https://shop.example/cart/3:4 [a again](/cart/1:9)\n\n[ref]: /cart/add?id=5';
    expect(storeAddActions(markdown, 'https://shop.example')).toEqual([
      { type: 'add-to-cart', variantId: '1', quantity: 2 },
      { type: 'add-to-cart', variantId: '2', quantity: 1 },
      { type: 'add-to-cart', variantId: '3', quantity: 4 },
      { type: 'add-to-cart', variantId: '5', quantity: 1 },
    ]);
    expect(storeAddActions('[clear](/cart/clear) and [mug](/products/mug)', 'https://shop.example')).toEqual([]);
  });
});
