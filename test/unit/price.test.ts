import { describe, expect, it } from 'vitest';
import { displayPrice } from '../../src/chat/price';

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

  it.each(['Free', 'from $20', '$10–$20', '$-5', 'call us', '', '12 pcs', '$ 5 USD', '1.2.3.4.5'])('leaves %j as the store wrote it', (price) => {
    expect(displayPrice(price, 'en-US')).toBe(price);
  });
});
