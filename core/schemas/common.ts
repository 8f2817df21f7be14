import { z } from 'zod';
import { idDigits, maxId } from '../domain/ids.ts';
import { parseDollars } from '../domain/typed-dollars.ts';
import { isCalendarDate } from '../domain/time-slots.ts';

// The shared building blocks of every request contract: ids, text and dates are bounded here once, so that no
// input a client can send reaches the database as a value it cannot store (ids past int32, NUL, year 9999).

/**
 * An id in a JSON body: a whole number from 1 to 2^31 - 1. `message` is what any bad value says (a missing one
 * says "<field> is required").
 */
export const idSchema = (field: string, message = `${field} must be a positive whole number`) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : message) })
    .int(message)
    .min(1, message)
    .max(maxId, message);

/**
 * An id from a path or query string ("12"), or from a body whose client may send it as a string: digits become a
 * number, then it is checked as `idSchema`. Anything else ('abc', '1.5', '-1', '') gets `message`.
 */
export const idParam = (field: string, message = `${field} must be a positive whole number`) =>
  z.preprocess((value) => (typeof value === 'string' && idDigits.test(value) ? Number(value) : value), idSchema(field, message));

/** C0 control characters (and DEL); multi-line text may still hold line breaks and tabs. */
/* eslint-disable no-control-regex -- matching control characters is the point */
const controlCharacters = /[\u0000-\u001f\u007f]/;
const controlCharactersExceptLineBreaks = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
/** Half of a UTF-16 surrogate pair on its own: not a character, and not storable as UTF-8. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextOptions = {
  /** Allows line breaks and tabs (notes, descriptions); other control characters are still refused. */
  multiline?: boolean;
  /** Trims surrounding white space first (the default); secrets and opaque tokens keep theirs. */
  trim?: boolean;
  /** What a missing or non-string value says; "<field> is required" by default. */
  required?: string;
  /** What a too-long value says; "<field> must be at most <max> characters" by default. */
  tooLong?: string;
  /** What a value with a control character says. */
  invalid?: string;
};

/**
 * A text field of at most `max` characters without control characters (NUL and the other C0 controls; \n, \r and
 * \t too unless `multiline`) or lone surrogates, each refused with a message naming the field. Chain `.min()`,
 * `.regex()` or `.optional()` as the field needs.
 */
export const textSchema = (field: string, max: number, options: TextOptions = {}) => {
  const { multiline = false, trim = true, required = `${field} is required` } = options;
  const forbidden = multiline ? controlCharactersExceptLineBreaks : controlCharacters;
  const base = z.string({ error: required });
  return (trim ? base.trim() : base)
    .max(max, options.tooLong ?? `${field} must be at most ${max} characters`)
    .refine((value) => !forbidden.test(value) && !loneSurrogate.test(value), {
      message: options.invalid ?? `${field} must not contain control or invalid characters`,
      abort: true,
    });
};

/** Optional text: trimmed, and an empty value becomes undefined (omitted). */
export const optionalText = (field: string, max: number, options: Omit<TextOptions, 'required'> = {}) =>
  textSchema(field, max, options)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Emails are at most 254 characters (RFC 5321's path limit). */
export const emailMaxLength = 254;

/** The dates a booking, a day off or an availability query may name. */
export const minDate = '2000-01-01';
export const maxDate = '2100-12-31';

/**
 * A calendar day written YYYY-MM-DD, between `minDate` and `maxDate` (year 9999 is a real date but not one anybody
 * books, and date arithmetic past it leaves what the database can store).
 */
export const dateSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .refine(isCalendarDate, { message: `${field} must be a real date written YYYY-MM-DD`, abort: true })
    .refine((value) => value >= minDate && value <= maxDate, `${field} must be between ${minDate} and ${maxDate}`);

/**
 * A form's amount typed in dollars and cents ("20", "$1,020.50") as whole cents, `invalid` when it is not one. A form
 * schema pipes it into its request schema's cents.
 */
export const dollarsTextSchema = (invalid: string) =>
  z.string().transform((text, context) => {
    const cents = parseDollars(text);
    if (cents !== null) return cents;
    context.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  });

/**
 * A number typed into a form, times `scale` (100 for dollars to cents or percent to basis points) and rounded, then
 * checked by `field`, the request schema's own rule; empty or not a number is missing.
 */
export const numberTextSchema = <Field extends z.ZodType<number, number>>(field: Field, scale = 1) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : scale === 1 ? Number(text) : Math.round(Number(text) * scale)))
    .pipe(field);
