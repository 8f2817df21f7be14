import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxId, parseRouteId } from '../domain/ids.ts';
import { dateSchema, idParam, idSchema, optionalText, textSchema } from './common.ts';
import { availabilityQuerySchema, bookingIdParamsSchema, createBookingSchema, dayOffSchema } from './booking.ts';
import { confirmTestPaymentSchema, createPaymentIntentSchema } from './payments.ts';
import { deviceTokenInputSchema } from './notification.ts';
import { adminUserListQuerySchema } from './admin.ts';
import { loginSchema, registerSchema } from './auth.ts';

const firstMessage = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe('idSchema (ids in JSON bodies)', () => {
  const id = idSchema('bookingId');

  it('accepts 1 to 2^31 - 1', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse(maxId)).toBe(2_147_483_647);
  });

  it.each([0, -1, 1.5, 2 ** 31, Infinity, Number.NaN, '12', 'abc', null, true, [], {}])('refuses %s naming the field', (value) => {
    expect(firstMessage(id, value)).toBe('bookingId must be a positive whole number');
  });

  it('says the field is required when it is missing, and keeps a custom message', () => {
    expect(firstMessage(id, undefined)).toBe('bookingId is required');
    expect(firstMessage(idSchema('paymentMethodId', 'paymentMethodId must be a saved card id'), 2 ** 31)).toBe(
      'paymentMethodId must be a saved card id',
    );
  });

  it('1e309 in a JSON body (Infinity after JSON.parse) is refused', () => {
    expect(firstMessage(z.object({ bookingId: id }), JSON.parse('{"bookingId": 1e309}'))).toBe('bookingId must be a positive whole number');
  });
});

describe('idParam (ids in paths and query strings, coerced)', () => {
  const id = idParam('Booking id');

  it('turns digits into a number, and accepts a number too', () => {
    expect(id.parse('12')).toBe(12);
    expect(id.parse('2147483647')).toBe(maxId);
    expect(id.parse(7)).toBe(7);
  });

  it.each(['abc', '-1', '0', '1.5', '1e309', '2147483648', '99999999999', ' 1', '', '\u0000', '１'])('refuses %j', (value) => {
    expect(firstMessage(id, value)).toBe('Booking id must be a positive whole number');
  });

  it('is required unless optional', () => {
    expect(firstMessage(id, undefined)).toBe('Booking id is required');
    expect(id.optional().parse(undefined)).toBeUndefined();
    expect(firstMessage(bookingIdParamsSchema, { id: '2147483648' })).toBe('Booking id must be a positive whole number');
  });
});

describe('textSchema', () => {
  const name = textSchema('Name', 10);

  it('trims and bounds the length, naming the field', () => {
    expect(name.parse('  Jo  ')).toBe('Jo');
    expect(firstMessage(name, 'x'.repeat(11))).toBe('Name must be at most 10 characters');
    expect(firstMessage(name, 42)).toBe('Name is required');
  });

  it.each(['a\u0000b', 'a\u0007', 'a\u001b[31m', 'a\u007f', 'line\nbreak', 'tab\there', 'a\rb'])(
    'refuses the control character in %j',
    (value) => {
      expect(firstMessage(name, value)).toBe('Name must not contain control or invalid characters');
    },
  );

  it('refuses lone surrogates but keeps emoji, RTL and combining marks', () => {
    expect(firstMessage(name, 'a\ud800')).toBe('Name must not contain control or invalid characters');
    expect(firstMessage(name, '\udc00a')).toBe('Name must not contain control or invalid characters');
    expect(name.parse('😀 שלום')).toBe('😀 שלום');
    expect(name.parse('e\u0301')).toBe('e\u0301');
  });

  it('multi-line text keeps line breaks and tabs, not NUL', () => {
    const notes = textSchema('Notes', 100, { multiline: true });
    expect(notes.parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(firstMessage(notes, 'one\u0000')).toBe('Notes must not contain control or invalid characters');
  });

  it('chains with min, keeps custom messages, and optionalText turns empty into undefined', () => {
    const city = textSchema('City', 100, { required: 'City is required' }).min(1, 'City is required');
    expect(firstMessage(city, '   ')).toBe('City is required');
    expect(firstMessage(city, undefined)).toBe('City is required');
    expect(optionalText('Apt', 5).parse('  ')).toBeUndefined();
    expect(optionalText('Apt', 5).parse(undefined)).toBeUndefined();
    expect(firstMessage(optionalText('Apt', 5), '\u0000')).toBe('Apt must not contain control or invalid characters');
    expect(textSchema('Secret', 10, { trim: false }).parse(' s ')).toBe(' s ');
  });
});

describe('dateSchema', () => {
  const date = dateSchema('Date');

  it('accepts a real date between 2000 and 2100', () => {
    expect(date.parse('2026-12-01')).toBe('2026-12-01');
    expect(date.parse('2100-12-31')).toBe('2100-12-31');
  });

  it('keeps the spec messages and refuses far dates', () => {
    expect(firstMessage(date, '')).toBe('Date is required');
    expect(firstMessage(date, undefined)).toBe('Date is required');
    expect(firstMessage(date, '2026-02-30')).toBe('Date must be a real date written YYYY-MM-DD');
    expect(firstMessage(date, '2026-12-01\u0000')).toBe('Date must be a real date written YYYY-MM-DD');
    expect(firstMessage(date, '9999-12-31')).toBe('Date must be between 2000-01-01 and 2100-12-31');
    expect(firstMessage(date, '1999-12-31')).toBe('Date must be between 2000-01-01 and 2100-12-31');
  });
});

describe('the contracts use the primitives', () => {
  const booking = {
    detailerId: 1,
    serviceId: 2,
    vehicleType: 'Sedan',
    date: '2026-12-01',
    time: '9:00 AM',
    address: '1 Market St',
    city: 'San Francisco',
    zip: '94105',
  };

  it('booking bodies: ids, text and dates', () => {
    expect(createBookingSchema.safeParse(booking).success).toBe(true);
    expect(firstMessage(createBookingSchema, { ...booking, detailerId: 2 ** 31 })).toBe('Detailer must be a positive whole number');
    expect(firstMessage(createBookingSchema, { ...booking, serviceId: undefined })).toBe('Service is required');
    expect(firstMessage(createBookingSchema, { ...booking, address: '1 Market\u0000' })).toBe(
      'Address must not contain control or invalid characters',
    );
    expect(firstMessage(createBookingSchema, { ...booking, address: '' })).toBe('Address is required');
    expect(firstMessage(createBookingSchema, { ...booking, notes: 'x'.repeat(501) })).toBe('Notes must be at most 500 characters');
    expect(createBookingSchema.parse({ ...booking, notes: 'gate code\n1234' }).notes).toBe('gate code\n1234');
    expect(firstMessage(availabilityQuerySchema, { date: '9999-12-31' })).toBe('Date must be between 2000-01-01 and 2100-12-31');
    expect(firstMessage(dayOffSchema, { date: '9999-12-31' })).toBe('Date must be between 2000-01-01 and 2100-12-31');
  });

  it('payment bodies: bookingId (coerced), paymentMethodId, clientSecret', () => {
    expect(createPaymentIntentSchema.parse({ bookingId: '5' }).bookingId).toBe(5);
    expect(firstMessage(createPaymentIntentSchema, { bookingId: 2 ** 31 })).toBe('Booking must be a positive whole number');
    expect(firstMessage(createPaymentIntentSchema, {})).toBe('Booking is required');
    expect(firstMessage(confirmTestPaymentSchema, { clientSecret: 'pi_1', paymentMethodId: 2 ** 31 })).toBe(
      'paymentMethodId must be a saved card id',
    );
    expect(firstMessage(confirmTestPaymentSchema, { clientSecret: 'pi\u0000', paymentMethodId: 1 })).toBe(
      'clientSecret must not contain control or invalid characters',
    );
  });

  it('other bodies and queries', () => {
    const token = { userId: 1, token: 't', deviceType: 'web', deviceName: 'Chrome' };
    expect(firstMessage(deviceTokenInputSchema, { ...token, userId: 2 ** 31 })).toBe('userId must be a positive whole number');
    expect(firstMessage(deviceTokenInputSchema, { ...token, token: '' })).toBe('token is required');
    expect(firstMessage(adminUserListQuerySchema, { search: 'a\u0000' })).toBe('Search must not contain control or invalid characters');
    expect(firstMessage(adminUserListQuerySchema, { search: 'x'.repeat(101) })).toBe('Search must be at most 100 characters');
    expect(firstMessage(loginSchema, { email: `${'a'.repeat(250)}@example.com`, password: 'secret' })).toBe(
      'Email must be at most 254 characters',
    );
    const registration = { name: 'Jo Lee', username: 'jolee', email: 'jo@example.com', password: 'correct-horse-battery' };
    expect(firstMessage(registerSchema, { ...registration, name: 'x'.repeat(101) })).toBe('Name must be at most 100 characters');
    expect(firstMessage(registerSchema, { ...registration, username: 'jo\u0000lee' })).toBe(
      'Username must not contain control or invalid characters',
    );
  });
});

describe('parseRouteId', () => {
  it('reads a page id from a path or query value, and null for anything that is not an id', () => {
    expect(parseRouteId('12')).toBe(12);
    expect(parseRouteId('2147483647')).toBe(2147483647);
    for (const value of ['2147483648', '99999999999', 'abc', '1.5', '-2', '0', '00', '', ' 1', '1e3', null, undefined]) {
      expect(parseRouteId(value), String(value)).toBeNull();
    }
  });

  it('accepts exactly the path values that idParam accepts, to the same id', () => {
    const schema = idParam('id');
    for (const value of ['1', '007', '12', '2147483647', '2147483648', '0', '-1', '1.0', 'x1', '', '9999999999', '10000000000']) {
      const parsed = schema.safeParse(value);
      expect(parseRouteId(value), value).toBe(parsed.success ? parsed.data : null);
    }
  });
});
