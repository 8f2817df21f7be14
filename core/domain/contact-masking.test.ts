import { describe, expect, it } from 'vitest';
import { bookingHidesContacts, contactHiddenText, maskContactDetails } from './contact-masking.ts';

const hidden = contactHiddenText;

describe('maskContactDetails', () => {
  it.each([
    ['(415) 555-0100'],
    ['415.555.0100'],
    ['415-555-0100'],
    ['415 555 0100'],
    ['+1 415 555 0100'],
    ['+1 (415) 555-0100'],
    ['+14155550100'],
    ['4155550100'],
    ['1-800-555-0100'],
    ['+44 20 7946 0958'],
    ['+49 30 123456'],
    ['555-0100'],
  ])('hides the phone number %s', (phone) => {
    expect(maskContactDetails(`Call me at ${phone} tomorrow`)).toBe(`Call me at ${hidden} tomorrow`);
    expect(maskContactDetails(phone)).toBe(hidden);
    expect(maskContactDetails(`${phone}.`)).toBe(`${hidden}.`);
  });

  it.each([['casey@example.com'], ['first.last+cars@mail.example.co.uk'], ['DANA_99@Detailing.io']])('hides the email %s', (email) => {
    expect(maskContactDetails(`Write to ${email}, thanks`)).toBe(`Write to ${hidden}, thanks`);
  });

  it('hides each of several contacts and keeps the words around them', () => {
    expect(maskContactDetails('Text 415-555-0100 or mail me: a@b.com')).toBe(`Text ${hidden} or mail me: ${hidden}`);
  });

  it.each([
    ['See you at 10:30'],
    ['Between 9:00 AM and 10:30 AM'],
    ['That is $129.00 with tax'],
    ['$1,299.00 for the ceramic coating'],
    ['$59 - $78.72'],
    ['ZIP 94105'],
    ['ZIP 94105-1234'],
    ['On 2026-11-24'],
    ['On 11/24/2026'],
    ['On 24.11.2026'],
    ['Gate code 1234'],
    ['2 cars, 3 seats'],
    ['Apt 4B at 1 Market St'],
    ['Order 12345678'],
  ])('leaves %s alone', (text) => {
    expect(maskContactDetails(text)).toBe(text);
  });

  it('keeps a long message quick to scan', () => {
    const text = `${'1 '.repeat(1000)}`.slice(0, 2000);
    const startedAt = performance.now();
    maskContactDetails(text);
    maskContactDetails(`${'a'.repeat(1998)}@`);
    expect(performance.now() - startedAt).toBeLessThan(200);
  });
});

describe('bookingHidesContacts', () => {
  it('hides them until the detailer accepts', () => {
    expect(bookingHidesContacts('pending_payment', false)).toBe(true);
    expect(bookingHidesContacts('requested', false)).toBe(true);
    expect(bookingHidesContacts('accepted', false)).toBe(false);
    expect(bookingHidesContacts('en_route', false)).toBe(false);
    expect(bookingHidesContacts('completed', false)).toBe(false);
  });

  it('keeps them hidden when the booking ended before any acceptance, and shown when it ended after one', () => {
    expect(bookingHidesContacts('declined', false)).toBe(true);
    expect(bookingHidesContacts('expired', false)).toBe(true);
    expect(bookingHidesContacts('cancelled', false)).toBe(true);
    expect(bookingHidesContacts('cancelled', true)).toBe(false);
  });
});
