import { z } from 'zod';
import { formatUsd } from '../domain/money.ts';
import { idParam, idSchema } from './common.ts';

// Promo codes (issue 19, decision 022): one contract for the admin's and the detailer's forms and the API.

export const promoCodeLimits = {
  codeMin: 3,
  codeMax: 32,
  /** $5,000.00: more than any service costs; a bigger number is a typo. */
  amountMaxCents: 500_000,
  minOrderMaxCents: 500_000,
  usesMax: 1_000_000,
  listMax: 100,
} as const;

const limits = promoCodeLimits;

export const promoCodePattern = /^[A-Za-z0-9_-]+$/;
export const promoCodeFormatMessage = `Code must be ${limits.codeMin} to ${limits.codeMax} letters, digits, - or _`;

/** A code as typed: spaces around it are dropped; letters keep their case (it is matched case-insensitively). */
export const promoCodeTextSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .min(limits.codeMin, promoCodeFormatMessage)
  .max(limits.codeMax, promoCodeFormatMessage)
  .regex(promoCodePattern, promoCodeFormatMessage);

const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
const instantSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine(isInstant, { message: `${field} must be a date and time`, abort: true })
    .refine((value) => value >= '2000' && value < '2101', `${field} must be between 2000 and 2100`);

const optionalCount = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(limits.usesMax, `${field} must be at most ${limits.usesMax}`)
    .nullable();

const idList = (field: string) =>
  z
    .array(idSchema(field), { error: `${field} must be a list` })
    .max(limits.listMax, `At most ${limits.listMax} ${field.toLowerCase()}`)
    .refine((ids) => new Set(ids).size === ids.length, `${field} must not repeat`);

const amountMessage = `Amount off must be more than $0.00 and at most ${formatUsd(limits.amountMaxCents)}`;

/** POST /api/admin/promo-codes and POST /api/detailer/promo-codes (the detailer's services and detailer are theirs). */
export const promoCodeInputSchema = z
  .object({
    code: promoCodeTextSchema,
    kind: z.enum(['percent', 'fixed'], { error: 'Choose percent or fixed amount' }),
    /** 1 to 100, for kind = percent. */
    percentOff: z.number({ error: 'Percent off must be a number' }).nullable().default(null),
    /** Whole cents, more than 0, for kind = fixed. */
    amountOffCents: z.number({ error: 'Amount off must be a number' }).nullable().default(null),
    minOrderCents: z
      .number({ error: 'Minimum order must be a number' })
      .int('Minimum order must be in whole cents')
      .min(0, 'Minimum order cannot be negative')
      .max(limits.minOrderMaxCents, `Minimum order must be at most ${formatUsd(limits.minOrderMaxCents)}`)
      .default(0),
    /** Empty: every service (every detailer). */
    serviceIds: idList('Services').default([]),
    detailerIds: idList('Detailers').default([]),
    startsAt: instantSchema('Start').optional(),
    endsAt: instantSchema('End').nullable().default(null),
    maxUses: optionalCount('Total uses').default(null),
    maxUsesPerCustomer: optionalCount('Uses per customer').default(null),
    firstBookingOnly: z.boolean({ error: 'First booking only must be true or false' }).default(false),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent') {
      const p = input.percentOff;
      if (p === null || !Number.isInteger(p) || p < 1 || p > 100) {
        ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Percent off must be a whole number from 1 to 100' });
      }
      if (input.amountOffCents !== null)
        ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'A percent code has no amount off' });
    } else {
      const a = input.amountOffCents;
      if (a === null || !Number.isInteger(a) || a <= 0 || a > limits.amountMaxCents) {
        ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: amountMessage });
      }
      if (input.percentOff !== null)
        ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'A fixed amount code has no percent off' });
    }
    if (input.endsAt && input.startsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' });
    }
  });
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;
export type ParsedPromoCodeInput = z.output<typeof promoCodeInputSchema>;

/** '' is none (null); anything else is a number, NaN when it is not one (the API's schema then names the field). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const dollarsToCentsOrNaN = (text: string) => {
  const dollars = optionalNumber(text.replace(/^\$/, ''));
  return dollars === null ? null : Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN;
};
/** A local date and time as an instant; text that is not one stays as typed for the API's schema to refuse. */
const localInstant = (text: string) => {
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
};

/**
 * The new-code form (admin's and detailer's): text as typed, turned into the API body and checked with its schema.
 * The start is the chosen day's first moment, the end the last moment of the chosen day, both in the browser's time
 * zone. Errors carry the API's field names; `promoCodeFormFields` places them at the form's fields.
 */
export const promoCodeFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z.string(),
    /** Dollars as typed. */
    amountOff: z.string(),
    minOrder: z.string(),
    serviceIds: z.array(z.number()),
    detailerIds: z.array(z.number()),
    /** YYYY-MM-DD in the admin's own time zone. */
    startsOn: z.string(),
    endsOn: z.string(),
    maxUses: z.string(),
    maxUsesPerCustomer: z.string(),
    firstBookingOnly: z.boolean(),
  })
  .transform(
    (form): PromoCodeInput => ({
      code: form.code,
      kind: form.kind,
      percentOff: form.kind === 'percent' ? optionalNumber(form.percentOff) : null,
      amountOffCents: form.kind === 'fixed' ? dollarsToCentsOrNaN(form.amountOff) : null,
      minOrderCents: dollarsToCentsOrNaN(form.minOrder) ?? 0,
      serviceIds: form.serviceIds,
      detailerIds: form.detailerIds,
      startsAt: form.startsOn ? localInstant(`${form.startsOn}T00:00:00`) : undefined,
      endsAt: form.endsOn ? localInstant(`${form.endsOn}T23:59:59.999`) : null,
      maxUses: optionalNumber(form.maxUses),
      maxUsesPerCustomer: optionalNumber(form.maxUsesPerCustomer),
      firstBookingOnly: form.firstBookingOnly,
    }),
  )
  .pipe(promoCodeInputSchema);
export type PromoCodeFormValues = z.input<typeof promoCodeFormSchema>;

/** The form's field an API field's error belongs at. */
export const promoCodeFormFields: Record<keyof PromoCodeInput, keyof PromoCodeFormValues> = {
  code: 'code',
  kind: 'kind',
  percentOff: 'percentOff',
  amountOffCents: 'amountOff',
  minOrderCents: 'minOrder',
  serviceIds: 'serviceIds',
  detailerIds: 'detailerIds',
  startsAt: 'startsOn',
  endsAt: 'endsOn',
  maxUses: 'maxUses',
  maxUsesPerCustomer: 'maxUsesPerCustomer',
  firstBookingOnly: 'firstBookingOnly',
};

export const promoCodeIdParamsSchema = z.object({ id: idParam('Promo code') });
export const bookingIdParamsSchema = z.object({ id: idParam('Booking') });

/** POST /api/bookings/:id/promo-code. */
export const applyPromoCodeSchema = z.object({ code: promoCodeTextSchema });

/** The payment step's 'Promo code' field: the same rule; an empty field asks for a code. */
export const promoCodeFieldSchema = applyPromoCodeSchema.extend({
  code: z.string().trim().min(1, 'Enter a promo code').pipe(promoCodeTextSchema),
});
export type ApplyPromoCodeInput = z.infer<typeof applyPromoCodeSchema>;

export const promoCodeStatuses = ['active', 'paused', 'scheduled', 'expired', 'used_up'] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

export const promoCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  minOrderCents: z.number(),
  serviceIds: z.array(z.number()),
  detailerIds: z.array(z.number()),
  /** Set for a detailer's own code. */
  ownerDetailerId: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerCustomer: z.number().nullable(),
  firstBookingOnly: z.boolean(),
  usesCount: z.number(),
  status: z.enum(promoCodeStatuses),
  createdAt: z.string(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** What the admin's pickers offer: every service with its detailer, every detailer. */
export const promoCodeOptionsSchema = z.object({
  services: z.array(z.object({ id: z.number(), name: z.string(), detailerId: z.number(), detailerName: z.string() })),
  detailers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type PromoCodeOptions = z.infer<typeof promoCodeOptionsSchema>;

/** GET /api/detailer/promo-codes: the detailer's own codes and what they need to share their profile. */
export const detailerMarketingSchema = z.object({
  detailerId: z.number(),
  businessName: z.string(),
  /** The public profile's path (/detailers/:id): the page makes it absolute with its own origin. */
  profilePath: z.string(),
  services: z.array(z.object({ id: z.number(), name: z.string() })),
  codes: z.array(promoCodeSchema),
});
export type DetailerMarketing = z.infer<typeof detailerMarketingSchema>;
