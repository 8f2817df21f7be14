import { z } from 'zod';

/** The most commission an admin may set (the table's check): 5000 basis points, 50 %. */
export const maxCommissionBasisPoints = 5000;

export const commissionMessage = 'Commission must be between 0 % and 50 %';
export const payoutWeekdayMessage = 'Payout day must be a weekday from Sunday (0) to Saturday (6)';

/** Payout days as the settings form offers them, by number (0 = Sunday, as platform_settings.payout_weekday). */
export const payoutWeekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const commissionBasisPoints = z
  .number({ error: commissionMessage })
  .int(commissionMessage)
  .min(0, commissionMessage)
  .max(maxCommissionBasisPoints, commissionMessage);
const payoutWeekday = z.number({ error: payoutWeekdayMessage }).int(payoutWeekdayMessage).min(0, payoutWeekdayMessage).max(6, payoutWeekdayMessage);

/** GET and PATCH /api/admin/settings answer (decision 021, issue 19): the platform's own numbers. */
export const platformSettingsSchema = z.object({
  /** The platform's commission on a job's price and surcharge, in basis points (1500 = 15 %). */
  commissionBasisPoints: z.number().int(),
  /** The weekday payouts run on, 0 = Sunday. */
  payoutWeekday: z.number().int(),
  /** When an admin last saved them (ISO); null while the settings row is missing (the defaults apply). */
  updatedAt: z.string().nullable(),
});
export type PlatformSettingsResponse = z.infer<typeof platformSettingsSchema>;

/** PATCH /api/admin/settings: only the fields sent change; at least one. */
export const platformSettingsUpdateSchema = z
  .object({ commissionBasisPoints: commissionBasisPoints.optional(), payoutWeekday: payoutWeekday.optional() })
  .refine((body) => body.commissionBasisPoints !== undefined || body.payoutWeekday !== undefined, 'Nothing to change');
export type PlatformSettingsUpdate = z.infer<typeof platformSettingsUpdateSchema>;

/**
 * The admin's settings form: commission typed in percent (two decimals), turned into the PATCH body in basis points
 * (Math.round(percent x 100)). The same limits and messages as the API's.
 */
export const platformSettingsFormSchema = z
  .object({
    commissionPercent: z
      .number({ error: commissionMessage })
      .min(0, commissionMessage)
      .max(maxCommissionBasisPoints / 100, commissionMessage),
    payoutWeekday,
  })
  .transform(({ commissionPercent, payoutWeekday: weekday }) => ({
    commissionBasisPoints: Math.round(commissionPercent * 100),
    payoutWeekday: weekday,
  }));
export type PlatformSettingsFormValues = z.input<typeof platformSettingsFormSchema>;
export type PlatformSettingsFormOutput = z.output<typeof platformSettingsFormSchema>;
