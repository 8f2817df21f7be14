import { describe, expect, it } from 'vitest';
import { testCardSchema } from '../schemas/payments.ts';
import {
  cardBrand,
  formatBillingZip,
  formatCardNumber,
  formatExpiry,
  isBillingZipValid,
  isCvcValid,
  isExpiryValid,
  isLuhnValid,
  parseExpiry,
  validateCard,
} from './card.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('isLuhnValid', () => {
  it.each([
    '4242 4242 4242 4242',
    '4000000000000002',
    '4000 0000 0000 9995',
    '4000 0025 0000 3155',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
  ])('accepts %s', (number) => expect(isLuhnValid(number)).toBe(true));
  it.each(['4242 4242 4242 4241', '1234', '', 'abcd efgh ijkl mnop', '4242-4242-4242-424x'])('refuses %s', (number) =>
    expect(isLuhnValid(number)).toBe(false),
  );
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['9999999999999995', 'unknown'],
  ] as const)('%s is %s', (number, brand) => expect(cardBrand(number)).toBe(brand));
});

describe('expiry', () => {
  it('parses MM / YY and MM/YYYY', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('01/2030')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('ab')).toBeNull();
  });
  it('accepts the current month and refuses the previous one', () => {
    expect(isExpiryValid(11, 2026, now)).toBe(true);
    expect(isExpiryValid(10, 2026, now)).toBe(false);
    expect(isExpiryValid(1, 2027, now)).toBe(true);
    expect(isExpiryValid(12, 2025, now)).toBe(false);
  });
});

describe('cvc', () => {
  it('takes 3 or 4 digits', () => {
    expect(isCvcValid('123')).toBe(true);
    expect(isCvcValid('1234')).toBe(true);
    expect(isCvcValid('12')).toBe(false);
    expect(isCvcValid('12a')).toBe(false);
  });
});

describe('validateCard', () => {
  it('passes a good card', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '94107' }, now)).toEqual({});
  });
  it('names every bad field', () => {
    const errors = validateCard({ number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '1', zip: '9' }, now);
    expect(Object.keys(errors).sort()).toEqual(['cvc', 'expiry', 'number', 'zip']);
  });
});

describe('formatting', () => {
  it('groups digits and writes MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });
});

describe('the billing ZIP: one rule for the form and the server', () => {
  const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
  const schemaCard = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
  const cases: [string, boolean][] = [
    ['94107', true],
    ['94107-1234', true],
    [' 94107 ', true],
    ['9410', false],
    ['941071', false],
    ['94107-12', false],
    ['941071234', false],
    ['ABCDE', false],
  ];

  it.each(cases)('%j is %s for the form and for the schema alike', (zip, valid) => {
    expect(isBillingZipValid(zip)).toBe(valid);
    expect('zip' in validateCard({ ...card, zip }, now)).toBe(!valid);
    expect(testCardSchema.safeParse({ ...schemaCard, zip }).success).toBe(valid);
  });

  it('types ZIP+4 back with its hyphen, and never more than nine digits', () => {
    expect(formatBillingZip('94107')).toBe('94107');
    expect(formatBillingZip('941071234')).toBe('94107-1234');
    expect(formatBillingZip('94107-12345')).toBe('94107-1234');
    expect(isBillingZipValid(formatBillingZip('941071234'))).toBe(true);
  });
});
