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

describe('maskContactDetails against the usual dodges (issue 38)', () => {
  it.each([
    ['4 1 5 5 5 5 0 1 0 0'],
    ['4  1  5  5  5  5  0  1  0  0'],
    ['415_555_0100'],
    ['4-1-5-5-5-5-0-1-0-0'],
    ['415 • 555 • 0100'],
    ['４１５５５５０１００'],
    ['４１５－５５５－０１００'],
    ['+1 4 1 5 5 5 5 0 1 0 0'],
  ])('hides the spread-out or full-width number %s', (phone) => {
    expect(maskContactDetails(`Text me on ${phone} ok`)).toBe(`Text me on ${hidden} ok`);
  });

  it.each([
    ['wa.me/14155550100'],
    ['https://wa.me/14155550100?text=hi'],
    ['https://api.whatsapp.com/send?phone=14155550100'],
    ['t.me/casey_details'],
    ['https://m.me/casey.details'],
    ['tel:+14155550100'],
    ['sms:4155550100'],
  ])('hides the chat or call link %s', (link) => {
    expect(maskContactDetails(`Reach me: ${link} thanks`)).toBe(`Reach me: ${hidden} thanks`);
  });

  it.each([
    ['bob at gmail dot com'],
    ['bob AT gmail DOT com'],
    ['bob(at)gmail(dot)com'],
    ['bob [at] gmail [dot] com'],
    ['bob at gmail.com'],
    ['bob.smith {at} mail dot example dot co'],
    ['casey＠example．com'],
  ])('hides the spelled-out email %s', (email) => {
    expect(maskContactDetails(`Mail ${email} please`)).toBe(`Mail ${hidden} please`);
  });

  it.each([
    ['See you at 10.30 tomorrow'],
    ['I will be there at noon. Thanks'],
    ['Meet at the gate, code 1234'],
    ['Arriving at 9:15, parking at level 2'],
    ['That is $1,299.00 at most'],
    ['The t.me of it all'],
  ])('still leaves %s alone', (text) => {
    expect(maskContactDetails(text)).toBe(text);
  });

  it('hides two numbers written one after the other, and finishes a long run of digits that is no number', () => {
    expect(maskContactDetails('415 555 0100 415 555 0101')).toBe(hidden);
    // Each of these took a search over every way to group the digits (tens of seconds) before.
    expect(maskContactDetails(`${'1234567890'.repeat(200)}x`)).toBe(`${'1234567890'.repeat(200)}x`);
    expect(maskContactDetails(`${'1 '.repeat(1000)}x`)).toBe(`${hidden} x`);
    expect(maskContactDetails('a at b '.repeat(300))).toBe('a at b '.repeat(300));
  });
});
