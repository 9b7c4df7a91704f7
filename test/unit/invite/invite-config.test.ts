import { describe, expect, it } from 'vitest';
import {
  parseInviteQuestions,
  parseInviteSnooze,
  parseInviteTriggers,
  storeQuestions,
} from '../../../src/invite/invite-config';
import { addsToCart, pageKind } from '../../../src/invite/page-kind';

/** Runs `parse` and collects what it reports. */
function parsed<T>(parse: (value: string, problem: (why: string, shown?: string) => void) => T, value: string) {
  const problems: string[] = [];
  const result = parse(value, (why, shown) => problems.push(shown === undefined ? why : `${shown}: ${why}`));
  return { result, problems };
}

describe('invite', () => {
  it('reads every trigger, separated by spaces or commas', () => {
    expect(parsed(parseInviteTriggers, 'time:20, scroll:50 exit,add-to-cart  RETURNING')).toEqual({
      result: [
        { kind: 'time', seconds: 20 },
        { kind: 'scroll', percent: 50 },
        { kind: 'exit' },
        { kind: 'add-to-cart' },
        { kind: 'returning' },
      ],
      problems: [],
    });
  });

  it.each(['time', 'time:', 'time:-1', 'time:4000', 'scroll:0', 'scroll:101', 'exit:3', 'hover', 'time:5:5'])(
    'reports %s and keeps the others',
    (word) => {
      const { result, problems } = parsed(parseInviteTriggers, `${word} exit`);
      expect(result).toEqual([{ kind: 'exit' }]);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(word.toLowerCase() === word ? word : word.toLowerCase());
    },
  );
});

describe('invite-questions', () => {
  it('takes a list for every product page', () => {
    expect(parsed(parseInviteQuestions, '["Does {product} run small?", "  How do I   wash it? "]')).toEqual({
      result: ['Does {product} run small?', 'How do I wash it?'],
      problems: [],
    });
  });

  it('takes lists by product type, the types read in any case', () => {
    const { result } = parsed(parseInviteQuestions, '{"Apparel": ["Which size?"], "*": ["Any question?"]}');
    expect(result).toEqual({ apparel: ['Which size?'], '*': ['Any question?'] });
  });

  it.each(['{not json', '"one question"', '42', '[1, 2]', '{"apparel": "Which size?"}', 'null'])(
    'reports %s in one console line and ignores it',
    (value) => {
      const { result, problems } = parsed(parseInviteQuestions, value);
      expect(result).toBeUndefined();
      expect(problems).toEqual([
        '…: must be a JSON list of questions, or a JSON object of such lists by product type ("*" for the rest)',
      ]);
    },
  );
});

describe('invite-snooze', () => {
  it.each([
    ['7', 168],
    ['7d', 168],
    ['0', 0],
    ['12h', 12],
    ['1.5d', 36],
  ])('reads %s as %d hours', (value, hours) => {
    expect(parsed(parseInviteSnooze, value)).toEqual({ result: hours, problems: [] });
  });

  it.each(['a week', '-1', '400d', '3m', ''])('reports %s', (value) => {
    const { result, problems } = parsed(parseInviteSnooze, value);
    expect(result).toBeUndefined();
    expect(problems).toHaveLength(1);
  });
});

describe("the store's questions for a product", () => {
  const byType = { apparel: ['Which size fits me?', 'Is {product} warm?'], '*': ['Can I return {product}?'] };

  it('fills in the product name, for every product page', () => {
    expect(storeQuestions(['Does {product} run small?'], { name: 'Linen Shirt' })).toEqual([
      'Does Linen Shirt run small?',
    ]);
  });

  it("uses the product type's list, else the list for the rest", () => {
    expect(storeQuestions(byType, { name: 'Wool Coat', type: 'Apparel' })).toEqual([
      'Which size fits me?',
      'Is Wool Coat warm?',
    ]);
    expect(storeQuestions(byType, { name: 'Mug', type: 'home' })).toEqual(['Can I return Mug?']);
  });

  it('has none for a type it does not list without "*", nor without a list', () => {
    expect(storeQuestions({ apparel: ['Which size?'] }, { name: 'Mug', type: 'home' })).toBeNull();
    expect(storeQuestions(null, { name: 'Mug' })).toBeNull();
  });

  it('leaves out the questions that need a name the page does not give, and keeps three at most', () => {
    expect(storeQuestions(['Is {product} warm?', 'Which size?'], {})).toEqual(['Which size?']);
    expect(storeQuestions(['a', 'b', 'c', 'd'], {})).toEqual(['a', 'b', 'c']);
    expect(storeQuestions(['Is {product} warm?'], {})).toBeNull();
  });
});

describe('the kind of page', () => {
  it.each([
    ['/cart', [], 'cart'],
    ['/fr/cart', [], 'cart'],
    ['/cart/', [], 'cart'],
    ['/checkout', [], 'checkout'],
    ['/checkouts/cn/abc123', [], 'checkout'],
    ['/checkout/order-received/12/', [], 'checkout'],
    ['/panier/', ['woocommerce-cart'], 'cart'],
    ['/commande/', ['woocommerce-checkout'], 'checkout'],
    ['/products/linen-shirt', [], 'product'],
    ['/products/cart-charm', [], 'product'],
  ] as const)('%s with body classes %j is a %s page', (path, bodyClasses, kind) => {
    expect(pageKind({ path, bodyClasses, hasProduct: true })).toBe(kind);
  });

  it('is another page without a product', () => {
    expect(pageKind({ path: '/about', bodyClasses: [], hasProduct: false })).toBe('other');
  });

  it("recognises forms that post to the page's own cart", () => {
    expect(addsToCart('https://shop.example/cart/add', [])).toBe(true);
    expect(addsToCart('https://shop.example/fr/cart/add.js', [])).toBe(true);
    expect(addsToCart('https://shop.example/product/mug/?add-to-cart=12', [])).toBe(true);
    expect(addsToCart('https://shop.example/product/mug/', ['quantity', 'add-to-cart'])).toBe(true);
    expect(addsToCart('https://shop.example/search', ['q'])).toBe(false);
  });
});
