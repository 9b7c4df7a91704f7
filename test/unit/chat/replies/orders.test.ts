import { describe, expect, it } from 'vitest';
import {
  MAX_ORDER_ITEMS,
  MAX_ORDERS,
  normaliseOrder,
  ordersFrom,
  orderStep,
} from '../../../../src/chat/replies/orders';
import type { ProductContext } from '../../../../src/chat/replies/products';
import { parseReply } from '../../../../src/chat/replies/reply-parser';

const context: ProductContext = {
  storeUrl: 'https://shop.example/',
  pageOrigin: 'https://shop.example',
  imageHosts: [],
};

const shipped = {
  number: '1042',
  date: '2026-11-20',
  status: 'shipped',
  items: [{ title: 'Linen Shirt', image: '/images/shirt.jpg', quantity: 2 }],
  total: 128,
  currency: 'USD',
  tracking: { number: '1Z999', carrier: 'UPS', url: 'https://ups.example/track/1Z999' },
  expectedDelivery: '2026-11-26',
  returnUrl: '/account/orders/1042/return',
  url: '/account/orders/1042',
};

describe('normaliseOrder', () => {
  it('keeps every documented field, links resolved against the store', () => {
    expect(normaliseOrder(shipped, context)).toEqual({
      number: '1042',
      status: 'shipped',
      date: '2026-11-20',
      items: [{ title: 'Linen Shirt', image: 'https://shop.example/images/shirt.jpg', quantity: 2 }],
      total: expect.stringContaining('128'),
      tracking: { number: '1Z999', carrier: 'UPS', url: 'https://ups.example/track/1Z999' },
      expectedDelivery: '2026-11-26',
      returnUrl: 'https://shop.example/account/orders/1042/return',
      cancelUrl: undefined,
      url: 'https://shop.example/account/orders/1042',
    });
  });

  it.each([
    ['no number', { ...shipped, number: '' }],
    ['a status it does not know', { ...shipped, status: 'lost_at_sea' }],
    ['no status', { ...shipped, status: undefined }],
    ['not an object', ['1042']],
  ])('drops an order with %s: a card never guesses where an order is', (_, raw) => {
    expect(normaliseOrder(raw, context)).toBeNull();
  });

  it('drops unsafe links and images, and reads markup as text', () => {
    const order = normaliseOrder(
      {
        number: '<b>7</b>',
        status: 'delivered',
        items: [{ title: '<img src=x onerror=alert(1)>', image: 'javascript:alert(1)' }],
        tracking: { url: 'javascript:alert(1)' },
        returnUrl: 'data:text/html,<script>alert(1)</script>',
        cancelUrl: 'http://elsewhere.example/cancel',
        url: 'javascript:alert(1)',
      },
      context,
    );
    expect(order?.number).toBe('<b>7</b>');
    expect(order?.items[0]).toEqual({ title: '<img src=x onerror=alert(1)>', image: undefined, quantity: 1 });
    expect(order?.tracking).toBeUndefined();
    expect(order?.returnUrl).toBeUndefined();
    expect(order?.cancelUrl).toBeUndefined();
    expect(order?.url).toBeUndefined();
  });

  it('caps every text and the lines of an order', () => {
    const order = normaliseOrder(
      {
        number: '9'.repeat(500),
        status: 'placed',
        items: Array.from({ length: 50 }, (_, index) => ({ title: `Item ${index}`, quantity: 1e9 })),
        tracking: { carrier: 'C'.repeat(1000) },
      },
      context,
    );
    expect(order?.number.length).toBeLessThanOrEqual(41);
    expect(order?.items).toHaveLength(MAX_ORDER_ITEMS);
    expect(order?.items[0]?.quantity).toBe(1);
    expect(order?.tracking?.carrier?.length).toBeLessThanOrEqual(61);
  });

  it('reads own fields only, never what a page put on Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.returnUrl = 'https://evil.example/';
    try {
      expect(normaliseOrder({ number: '1', status: 'paid' }, context)?.returnUrl).toBeUndefined();
    } finally {
      delete proto.returnUrl;
    }
  });
});

describe('orders in a reply', () => {
  it('sit beside products and text', () => {
    const reply = parseReply(
      { output: 'Here is your order', orders: [shipped], products: [{ title: 'Tote', url: '/tote' }] },
      context,
    );
    expect(reply.text).toBe('Here is your order');
    expect(reply.products).toHaveLength(1);
    expect(reply.orders?.map((order) => order.number)).toEqual(['1042']);
  });

  it('are read from n8n items and fenced JSON alike', () => {
    expect(parseReply([{ json: { orders: shipped } }], context).orders).toHaveLength(1);
    const fenced = 'Your order:\n```json\n{"orders":[{"number":"1","status":"paid"}]}\n```';
    expect(parseReply(fenced, context).orders?.[0]?.status).toBe('paid');
  });

  it(`shows at most ${MAX_ORDERS} orders`, () => {
    const many = Array.from({ length: 40 }, (_, index) => ({ number: String(index), status: 'placed' }));
    expect(ordersFrom(many, context)).toHaveLength(MAX_ORDERS);
    expect(parseReply({ orders: many }, context).orders).toHaveLength(MAX_ORDERS);
  });

  it('leave no orders field on a reply without any', () => {
    expect(parseReply({ output: 'Hi', orders: [{ number: '1', status: 'nope' }] }, context).orders).toBeUndefined();
  });
});

describe('orderStep', () => {
  it('counts the delivery steps from 1, and is 0 for an order that ended without delivery', () => {
    expect(['placed', 'paid', 'shipped', 'out_for_delivery', 'delivered'].map((s) => orderStep(s as never))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(orderStep('refunded')).toBe(0);
  });
});
