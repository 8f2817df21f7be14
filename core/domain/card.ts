import { zipPattern } from './places.ts';

/** Card checks the built-in gateway's form runs before sending; the server's schema (core/schemas/payments.ts) reuses them. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function isLuhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (digits.length < 12 || digits.length > 19 || digits !== number.replace(/[\s-]/g, '')) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const digits = digitsOnly(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
  return 'unknown';
}

export const brandLabel: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** Parses "MM / YY", "MM/YY" or "MMYY" into a month and a four-digit year; null when malformed. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: rawYear < 100 ? 2000 + rawYear : rawYear };
}

/** A card is good through the last day of its expiry month (in UTC, the clock's date). */
export function isExpiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year > currentYear + 20) return false;
  return year > currentYear || (year === currentYear && month >= currentMonth);
}

/** A security code: 3 digits, or 4 (American Express prints 4; some gateways accept 4 for any brand). */
export const cvcPattern = /^\d{3,4}$/;

export function isCvcValid(cvc: string): boolean {
  return cvcPattern.test(cvc);
}

/**
 * A US card's billing ZIP as the issuer holds it: 5 digits or ZIP+4 (the browser's postal-code autofill and some
 * banks give the nine digits). The same rule as a place's ZIP (core/domain/places.ts).
 */
export const billingZipPattern = zipPattern;

export function isBillingZipValid(zip: string): boolean {
  return billingZipPattern.test(zip.trim());
}

/** "941071234" -> "94107-1234" as the customer types: digits only, the hyphen of ZIP+4 put back. */
export function formatBillingZip(value: string): string {
  const digits = digitsOnly(value).slice(0, 9);
  return digits.length <= 5 ? digits : `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

export type CardInput = { number: string; expiry: string; cvc: string; zip: string };
export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const cardMessages = {
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is invalid or in the past.",
  cvc: "Your card's security code is invalid.",
  zip: 'Your ZIP code is incomplete.',
} as const;

/** Every problem of a card form, keyed by field; empty when the card may be sent. */
export function validateCard(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  if (!isLuhnValid(input.number)) errors.number = cardMessages.number;
  const expiry = parseExpiry(input.expiry);
  if (!expiry || !isExpiryValid(expiry.month, expiry.year, now)) errors.expiry = cardMessages.expiry;
  if (!isCvcValid(input.cvc.trim())) errors.cvc = cardMessages.cvc;
  if (!isBillingZipValid(input.zip)) errors.zip = cardMessages.zip;
  return errors;
}

/** "4242424242424242" -> "4242 4242 4242 4242" as the customer types. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" -> "12 / 34" as the customer types. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
