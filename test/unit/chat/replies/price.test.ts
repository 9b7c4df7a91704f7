import { describe, expect, it } from 'vitest';
import { displayPrice, formatMoney, numberFormatSteps } from '../../../../src/chat/replies/price';

const money = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

describe('formatMoney', () => {
  it.each([
    [64, 'USD', 'en', '$64.00'],
    [64.5, 'USD', 'en', '$64.50'],
    [1200, 'JPY', 'en', '¥1,200'],
    [1299.5, 'EUR', 'de', '1.299,50\u00a0€'],
  ])('%d %s in %s reads %j: the currency keeps its own decimals', (amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });

  it("is the browser's currency format in the visitor's language, Arabic included", () => {
    expect(formatMoney(49, 'USD', 'ar')).toBe(money(49, 'USD', 'ar'));
    expect(formatMoney(49, 'USD', 'ar')).not.toBe('$49');
  });

  it.each([
    [64, 'usd'],
    [64, 'XYZW'],
    [Number.NaN, 'USD'],
    [Number.POSITIVE_INFINITY, 'USD'],
  ])('has no format for %d %j', (amount, currency) => {
    expect(formatMoney(amount, currency, 'en')).toBeNull();
  });
});

describe('displayPrice', () => {
  it.each([
    ['64.00 USD', 'en-US', undefined, '$64.00'],
    ['64 USD', 'en-US', undefined, '$64.00'],
    ['USD 64.00', 'en-US', undefined, '$64.00'],
    ['1.299,50 €', 'en-US', undefined, '€1,299.50'],
    ['€29,90', 'en-US', undefined, '€29.90'],
    ['29,90 €', 'de-DE', undefined, '29,90\u00a0€'],
    ['£12', 'en-GB', undefined, '£12.00'],
    ['$64', 'en-US', 'USD', '$64.00'],
    ['$1,299.00', 'de-DE', 'USD', '1.299,00\u00a0$'],
    ['US$ 64', 'es', 'USD', money(64, 'USD', 'es')],
    ['$64', 'en-US', 'EUR', '$64'],
    ['$49.00', 'en-US', undefined, '$49.00'],
    ['$49.5', 'en-US', undefined, '$49.50'],
    ['$1,299', 'de-DE', undefined, '$1.299'],
    ['19.50', 'en-US', undefined, '19.50'],
    ['64', 'en-US', undefined, '64'],
    ['1 299,00 kr', 'sv-SE', undefined, '1 299,00 kr'],
  ])('%j in %s (store currency %s) reads %j', (price, locale, currency, expected) => {
    expect(displayPrice(price, locale, currency)).toBe(expected);
  });

  it("reads a card's price as the cart strip writes its total, in every language", () => {
    for (const locale of ['en', 'ar', 'de', 'fr', 'es']) {
      expect(displayPrice('64.00 USD', locale)).toBe(money(64, 'USD', locale));
      expect(displayPrice('$64', locale, 'USD')).toBe(money(64, 'USD', locale));
    }
  });

  it.each(['Free', 'from $20', '$10–$20', '$-5', 'call us', '', '12 pcs', '$ 5 USD', '1.2.3.4.5', '5 ABCD'])(
    'leaves %j as the store wrote it',
    (price) => {
      expect(displayPrice(price, 'en-US', 'USD')).toBe(price);
    },
  );
});

describe('numberFormatSteps', () => {
  it('makes the formats the prices need, so a card makes none of its own', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      // A locale no other test uses, so nothing has made its formats yet.
      const steps = numberFormatSteps('fr-CA');
      expect(steps).toHaveLength(2);
      for (const step of steps) step();
      expect(made).toBe(2);
      expect(displayPrice('$1299', 'fr-CA')).toBe(`$${new Original('fr-CA').format(1299)}`);
      expect(displayPrice('$12.50', 'fr-CA')).toBe(
        `$${new Original('fr-CA', { minimumFractionDigits: 2 }).format(12.5)}`,
      );
      expect(made).toBe(2);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
