import { z } from 'zod';
import { platformSettingNames, type PlatformSettingName } from '../domain/platform-settings.ts';
import { gatewayKinds } from './payments.ts';

export { platformSettingNames, type PlatformSettingName } from '../domain/platform-settings.ts';

/** The most commission an admin may set (the table's check): 5000 basis points, 50 %. */
export const maxCommissionBasisPoints = 5000;

export const commissionMessage = 'Commission must be between 0 % and 50 %';
export const payoutWeekdayMessage = 'Payout day must be a weekday from Sunday (0) to Saturday (6)';
export const serviceFeeMessage = 'Service fee must be between $0.00 and $100.00';
export const taxRateMessage = 'Tax rate must be between 0 % and 25 %';
export const freeCancellationMessage = 'Free cancellation must be between 0 and 168 hours before the start';
export const lateCancellationFeeMessage = 'Late cancellation fee must be between $0.00 and $100.00';
export const holdMinutesMessage = 'Hold time must be between 5 and 60 minutes';
export const requestTimeoutMessage = 'Request expiry must be between 1 and 72 hours';
export const referralFriendCreditMessage = "Friend's credit must be between $0.00 and $100.00";
export const referralReferrerCreditMessage = "Referrer's credit must be between $0.00 and $100.00";
export const supportEmailMessage = 'Support email must be a valid email address';

/** A whole number within the table's check, every problem with the one message naming the field. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Each setting's API shape and the range platform_settings' checks also hold (migration 0012): the API refuses
 * with the field's message before the database would. One field for each of `platformSettingNames`
 * (core/domain/platform-settings.ts) and no other, which `satisfies` checks.
 */
export const platformSettingFields = {
  serviceFeeCents: wholeNumber(0, 10_000, serviceFeeMessage),
  taxRateBasisPoints: wholeNumber(0, 2_500, taxRateMessage),
  freeCancellationHours: wholeNumber(0, 168, freeCancellationMessage),
  lateCancellationFeeCents: wholeNumber(0, 10_000, lateCancellationFeeMessage),
  holdMinutes: wholeNumber(5, 60, holdMinutesMessage),
  requestTimeoutHours: wholeNumber(1, 72, requestTimeoutMessage),
  referralFriendCreditCents: wholeNumber(0, 10_000, referralFriendCreditMessage),
  referralReferrerCreditCents: wholeNumber(0, 10_000, referralReferrerCreditMessage),
  supportEmail: z.string({ error: supportEmailMessage }).trim().max(254, supportEmailMessage).pipe(z.email(supportEmailMessage)),
  commissionBasisPoints: wholeNumber(0, maxCommissionBasisPoints, commissionMessage),
  payoutWeekday: wholeNumber(0, 6, payoutWeekdayMessage),
} satisfies Record<PlatformSettingName, z.ZodType>;

/** What customers see before they book (GET /api/settings/public, no sign-in): the numbers that price and time a booking. */
export const publicSettingsSchema = z.object({
  serviceFeeCents: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  freeCancellationHours: z.number().int(),
  lateCancellationFeeCents: z.number().int(),
  holdMinutes: z.number().int(),
  requestTimeoutHours: z.number().int(),
  referralFriendCreditCents: z.number().int(),
  referralReferrerCreditCents: z.number().int(),
  supportEmail: z.string(),
  /** Which card form checkout shows: the server's, so that it can draw the test gateway's form before any intent. */
  paymentGateway: z.enum(gatewayKinds),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** One line of the audit list: who changed which setting, from what to what, and when. */
export const platformSettingChangeSchema = z.object({
  id: z.number(),
  setting: z.string(),
  oldValue: z.string(),
  newValue: z.string(),
  /** The admin's name; null once their account is gone. */
  changedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformSettingChange = z.infer<typeof platformSettingChangeSchema>;

/**
 * GET and PATCH /api/admin/settings answer (decisions 021, 022): every setting and the latest 50 changes. Not the
 * gateway: it is the server's configuration, which no admin edits.
 */
export const platformSettingsSchema = publicSettingsSchema.omit({ paymentGateway: true }).extend({
  /** The platform's commission on a job's price and surcharge, in basis points (1500 = 15 %). */
  commissionBasisPoints: z.number().int(),
  /** The weekday payouts run on, 0 = Sunday. */
  payoutWeekday: z.number().int(),
  /** When an admin last saved them (ISO); null while the settings row is missing (the defaults apply). */
  updatedAt: z.string().nullable(),
  /** Newest first, at most 50. */
  changes: z.array(platformSettingChangeSchema),
});
export type PlatformSettingsResponse = z.infer<typeof platformSettingsSchema>;

/** PATCH /api/admin/settings: only the fields sent change; at least one. */
export const platformSettingsUpdateSchema = z
  .object(
    Object.fromEntries(platformSettingNames.map((name) => [name, platformSettingFields[name].optional()])) as {
      [K in PlatformSettingName]: z.ZodOptional<(typeof platformSettingFields)[K]>;
    },
  )
  .strict()
  .refine((body) => platformSettingNames.some((name) => body[name] !== undefined), 'Nothing to change');
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

/** Dollars typed with up to two decimals, within $0.00 and `maxCents`. */
const dollars = (maxCents: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(maxCents / 100, message);
const percent = (maxBasisPoints: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(maxBasisPoints / 100, message);
const cents = (value: number) => Math.round(value * 100);

/**
 * The admin's settings form: money typed in dollars and rates in percent (two decimals), turned into the PATCH
 * body in cents and basis points. The same limits and messages as the API's.
 */
export const platformSettingsFormSchema = z
  .object({
    serviceFeeDollars: dollars(10_000, serviceFeeMessage),
    taxRatePercent: percent(2_500, taxRateMessage),
    freeCancellationHours: platformSettingFields.freeCancellationHours,
    lateCancellationFeeDollars: dollars(10_000, lateCancellationFeeMessage),
    holdMinutes: platformSettingFields.holdMinutes,
    requestTimeoutHours: platformSettingFields.requestTimeoutHours,
    referralFriendCreditDollars: dollars(10_000, referralFriendCreditMessage),
    referralReferrerCreditDollars: dollars(10_000, referralReferrerCreditMessage),
    supportEmail: platformSettingFields.supportEmail,
    commissionPercent: percent(maxCommissionBasisPoints, commissionMessage),
    payoutWeekday: platformSettingFields.payoutWeekday,
  })
  .transform((form) => ({
    serviceFeeCents: cents(form.serviceFeeDollars),
    taxRateBasisPoints: cents(form.taxRatePercent),
    freeCancellationHours: form.freeCancellationHours,
    lateCancellationFeeCents: cents(form.lateCancellationFeeDollars),
    holdMinutes: form.holdMinutes,
    requestTimeoutHours: form.requestTimeoutHours,
    referralFriendCreditCents: cents(form.referralFriendCreditDollars),
    referralReferrerCreditCents: cents(form.referralReferrerCreditDollars),
    supportEmail: form.supportEmail,
    commissionBasisPoints: cents(form.commissionPercent),
    payoutWeekday: form.payoutWeekday,
  }));
export type PlatformSettingsFormValues = z.input<typeof platformSettingsFormSchema>;
export type PlatformSettingsFormOutput = z.output<typeof platformSettingsFormSchema>;
