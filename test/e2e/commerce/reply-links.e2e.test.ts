import type { Request } from 'playwright-core';
import { eventually } from '../../support/patience';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, type E2eSession } from '../harness';

// Links in replies and on cards that would change the visitor's cart or session: with `commerce` on the
// demo store (Shopify's cart API), each is shown as text, an add is offered as a proposal the visitor
// confirms, and nothing reaches the store's cart until they do.

let session: E2eSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

const MUG = '40100000000008';
const REPLY = {
  output: [
    `Try [the mug, two of them](/cart/add?id=${MUG}&quantity=2), [a bundle](/cart/40100000000005:1),`,
    '[the Woo way](/?add-to-cart=99), [a fresh start](/cart/clear), [fewer](/cart/change?line=1&quantity=0),',
    '[none](/cart/update?updates[]=0), [sign out](/account/logout), [remove](/cart?remove_item=abc_1),',
    '[empty](/?empty-cart), [leave](/my-account/customer-logout/?_wpnonce=1) or <https://shop.example/cart/clear.js>.',
    'Or just [see the mug](/products/stoneware-mug).',
  ].join('\n'),
  products: [{ title: 'Stoneware Mug', variantId: MUG, price: '28 USD', url: '/account/logout' }],
};

describe('reply links that would change the cart or sign the visitor out', () => {
  it('show as text, adds become proposals, and nothing reaches the cart until the visitor confirms', async () => {
    const { page, pageErrors } = await session.newPage({ viewport: { width: 1280, height: 800 } });
    const cartRequests: string[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (
        url.pathname !== '/cart.js' &&
        !url.pathname.startsWith('/assets/') &&
        // The widget's own parts beside the script (the markdown part, fetched once the chat is in view).
        !url.pathname.startsWith('/store-assistant.') &&
        (/cart|logout/.test(url.pathname) || url.search !== '')
      )
        cartRequests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.route(`${session.server.url}/api/chat`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(REPLY) }),
    );
    await page.goto(`${session.server.url}/products/linen-shirt`);
    const widget = page.locator('store-assistant');
    await widget.getByRole('button', { name: 'Open chat with Lumen' }).click();
    await widget.getByRole('button', { name: 'Ask a question' }).click();
    const reply = widget.locator('.message.bot', { hasText: 'see the mug' });
    await reply.waitFor();

    // Every link that changes something is plain text now; the product page link is still a link.
    const hrefs = await reply
      .locator('.markdown a[href]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(['/products/stoneware-mug']);
    for (const text of ['the mug, two of them', 'a fresh start', 'sign out', 'leave'])
      expect(await reply.getByText(text).count()).toBe(1);
    // The card keeps its button but loses the logout link.
    const card = widget.locator('.product-card', { hasText: 'Stoneware Mug' });
    expect(await card.locator('a[href]').count()).toBe(0);

    // The adds the links named wait for the visitor, as confirmations.
    const proposals = widget.locator('.sa-proposal');
    await proposals.first().waitFor();
    expect(await proposals.locator('.sa-proposal-text').allTextContents()).toEqual([
      'Stoneware Mug',
      '1 × #40100000000005',
      '1 × #99',
    ]);
    await reply.getByText('the mug, two of them').click();
    expect(cartRequests).toEqual([]);

    await proposals.first().getByRole('button', { name: 'Add to cart' }).click();
    await proposals.first().getByText('Added').waitFor();
    await widget.getByRole('group', { name: 'Cart' }).getByText('2 in your cart').waitFor();
    // The one add the visitor confirmed; after it, the cart is marked as assisted (its attributes only).
    await eventually(() => expect(cartRequests).toEqual(['POST /cart/add.js', 'POST /cart/update.js']));
    expect(pageErrors).toEqual([]);
  });
});
