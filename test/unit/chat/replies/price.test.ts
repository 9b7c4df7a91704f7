import { describe, expect, it } from 'vitest';
import { displayPrice, numberFormatSteps } from '../../../../src/chat/replies/price';

describe('displayPrice', () => {
  it.each([
    ['$49.00', 'en-US', '$49'],
    ['$49.5', 'en-US', '$49.50'],
    ['$1,299.00', 'en-US', '$1,299'],
    ['$1,299.00', 'de-DE', '$1.299'],
    ['1.299,50 €', 'en-US', '1,299.50 €'],
    ['29,90 €', 'de-DE', '29,90 €'],
    ['€29,90', 'en-US', '€29.90'],
    ['USD 64.00', 'en-US', 'USD 64'],
    ['64.00 USD', 'en-US', '64 USD'],
    ['19.50', 'en-US', '19.50'],
    ['64', 'en-US', '64'],
    ['£12', 'en-GB', '£12'],
    ['1 299,00 kr', 'sv-SE', '1 299,00 kr'],
  ])('%j in %s reads %j', (price, locale, expected) => {
    expect(displayPrice(price, locale)).toBe(expected);
  });

  it.each(['Free', 'from $20', '$10–$20', '$-5', 'call us', '', '12 pcs', '$ 5 USD', '1.2.3.4.5'])(
    'leaves %j as the store wrote it',
    (price) => {
      expect(displayPrice(price, 'en-US')).toBe(price);
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
