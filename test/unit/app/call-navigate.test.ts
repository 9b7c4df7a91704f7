import { describe, expect, it, vi } from 'vitest';
import { navigateTool, type PageNavigation } from '../../../src/app/calls/call-navigate';

// The voice call's `navigate` tool against the rule for store requests shared with replies' links: an
// address that changes the cart or signs the visitor out is never opened, however it is spelled.

const ORIGIN = 'https://shop.example';

function tool() {
  const open = vi.fn<(url: string) => void>();
  const page: PageNavigation = {
    origin: ORIGIN,
    links: () => ({ cart: `${ORIGIN}/cart`, checkout: `${ORIGIN}/checkout` }),
    open,
    later: (then) => then(),
  };
  return { navigate: navigateTool(page), open };
}

describe('navigate refuses store requests', () => {
  it.each([
    ['/cart/clear', /change the visitor's cart or sign them out/],
    ['/CART/CLEAR', /change the visitor's cart/],
    ['/cart%2Fclear', /change the visitor's cart/],
    ['/cart%252Fclear', /change the visitor's cart/],
    ['/cart//clear/', /change the visitor's cart/],
    [`${ORIGIN}//cart/clear`, /change the visitor's cart/],
    ['//cart/clear', /Only pages of this store/],
    ['/cart/./clear', /change the visitor's cart/],
    ['/products/../cart/clear', /change the visitor's cart/],
    ['/cart%5cclear', /change the visitor's cart/],
    ['/cart/clear.js', /change the visitor's cart/],
    ['/cart/change?line=1&quantity=0', /change the visitor's cart/],
    ['/cart/4242:7', /Call add_to_cart instead/],
    ['/cart/4242%3A7,99:1/', /Call add_to_cart instead/],
    ['/cart/add?id=4242&quantity=99', /Call add_to_cart instead/],
    ['/fr/Cart/Add.js?id=1', /Call add_to_cart instead/],
    ['/cart/add', /change the visitor's cart/],
    ['/?add-to-cart=42', /Call add_to_cart instead/],
    ['/shop/?ADD-TO-CART=42&quantity=3', /Call add_to_cart instead/],
    ['/product/mug/?add-to-cart=42', /Call add_to_cart instead/],
    ['/cart/?remove_item=abc&_wpnonce=1', /change the visitor's cart/],
    ['/cart/?empty-cart', /change the visitor's cart/],
    ['/account/logout', /sign them out/],
    ['/Account/Logout/', /sign them out/],
    ['/account%2flogout', /sign them out/],
    ['/my-account/customer-logout/', /sign them out/],
    ['/my-account/?customer-logout', /sign them out/],
    ['/wp-login.php?action=LOGOUT&_wpnonce=1', /sign them out/],
    [`${ORIGIN}/account/logout`, /sign them out/],
  ])('%s', (url, error) => {
    const { navigate, open } = tool();
    expect(navigate({ destination: 'product', url })).toEqual({ ok: false, error: expect.stringMatching(error) });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('navigate still opens pages to look at', () => {
  it.each([
    ['/products/linen-shirt', `${ORIGIN}/products/linen-shirt`],
    ['/products/linen-shirt?variant=4242', `${ORIGIN}/products/linen-shirt?variant=4242`],
    ['/product/linen-shirt/', `${ORIGIN}/product/linen-shirt/`],
    ['/collections/summer', `${ORIGIN}/collections/summer`],
    ['/pages/shipping', `${ORIGIN}/pages/shipping`],
    ['/blog/how-to-add-to-cart', `${ORIGIN}/blog/how-to-add-to-cart`],
    ['/products/clear', `${ORIGIN}/products/clear`],
    ['/account/login', `${ORIGIN}/account/login`],
    [`${ORIGIN}/products/mug`, `${ORIGIN}/products/mug`],
  ])('%s', (url, opening) => {
    const { navigate, open } = tool();
    expect(navigate({ destination: 'product', url })).toMatchObject({ ok: true, opening });
    expect(open).toHaveBeenCalledWith(opening);
  });

  it('the cart and the checkout pages themselves', () => {
    const { navigate, open } = tool();
    expect(navigate({ destination: 'cart' })).toMatchObject({ ok: true, opening: `${ORIGIN}/cart` });
    expect(navigate({ destination: 'checkout' })).toMatchObject({ ok: true, opening: `${ORIGIN}/checkout` });
    expect(open).toHaveBeenCalledTimes(2);
  });
});
