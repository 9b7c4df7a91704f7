import { describe, expect, it } from 'vitest';
import { callContextVariables } from '../../../src/app/calls/call-context';
import { checkIdentity, identityFromAttributes, shopperMark } from '../../../src/customer/identity';
import { checkOrderLookup } from '../../../src/customer/order-lookup';

const signature = 'a'.repeat(64);

describe('checkIdentity', () => {
  it('takes an id and its signature, with an email and a name when given', () => {
    expect(checkIdentity({ id: ' 42 ', signature, email: 'ada@example.com', name: 'Ada' })).toEqual({
      identity: { id: '42', signature, email: 'ada@example.com', name: 'Ada' },
    });
    expect(checkIdentity(null)).toEqual({ identity: null });
  });

  it.each([
    ['no signature', { id: '42' }],
    ['no id', { signature }],
    ['a signature with markup in it', { id: '42', signature: '<script>' }],
    ['a bad email', { id: '42', signature, email: 'not an email' }],
    ['an id too long', { id: 'x'.repeat(201), signature }],
    ['a string', '42'],
  ])('refuses %s: never half an identity', (_, raw) => {
    expect(checkIdentity(raw)).toHaveProperty('problem');
  });

  it('accepts a JWT as the signature', () => {
    expect(checkIdentity({ id: '42', signature: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbg' })).toHaveProperty(
      'identity',
    );
  });
});

describe('identityFromAttributes', () => {
  it('needs both the id and the signature', () => {
    expect(identityFromAttributes({ id: '42', signature: null, email: null, name: null })).toBeNull();
    expect(identityFromAttributes({ id: '42', signature, email: null, name: 'Ada' })).toEqual({
      id: '42',
      signature,
      name: 'Ada',
    });
  });
});

describe('shopperMark', () => {
  it('is stable for an id, differs between ids, and is not the id', () => {
    expect(shopperMark('42')).toBe(shopperMark('42'));
    expect(shopperMark('42')).not.toBe(shopperMark('43'));
    expect(shopperMark('ada@example.com')).not.toContain('ada');
  });
});

describe('checkOrderLookup', () => {
  it('cleans a good pair', () => {
    expect(checkOrderLookup(' #1042 ', ' ada@example.com ')).toEqual({
      lookup: { number: '1042', email: 'ada@example.com' },
    });
  });

  it('says which field is wrong', () => {
    expect(checkOrderLookup('', 'ada@example.com')).toEqual({ problems: { number: true } });
    expect(checkOrderLookup('1042', 'ada')).toEqual({ problems: { email: true } });
    expect(checkOrderLookup('<x>', '')).toEqual({ problems: { number: true, email: true } });
  });
});

describe("the call's variables", () => {
  it('carry the verified shopper for the store tools to check', () => {
    expect(callContextVariables({ customer: { id: '42', name: 'Ada', signature } })).toEqual({
      customer_id: '42',
      customer_name: 'Ada',
      customer_signature: signature,
    });
  });
});
