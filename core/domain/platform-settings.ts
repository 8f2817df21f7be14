import type { PlatformSettingsFormValues } from '../schemas/platform-settings.ts';

// The platform settings' names, labels and payout days, apart from their schemas (core/schemas/platform-settings.ts)
// so that the admin's settings page can show them without loading zod (issue 13).

/**
 * Every setting an admin edits, as the API and the audit list name them. The schema's fields are checked against this
 * list (`satisfies`), so neither can gain or lose a setting alone.
 */
export const platformSettingNames = [
  'serviceFeeCents',
  'taxRateBasisPoints',
  'freeCancellationHours',
  'lateCancellationFeeCents',
  'holdMinutes',
  'requestTimeoutHours',
  'referralFriendCreditCents',
  'referralReferrerCreditCents',
  'supportEmail',
  'commissionBasisPoints',
  'payoutWeekday',
] as const;
export type PlatformSettingName = (typeof platformSettingNames)[number];

/**
 * The spec's numbers ($15.00 fee, 8 % tax, 24 hours of free cancellation...): what the platform runs on until an admin
 * sets others. The one place they are written: the platform_settings columns' defaults are checked against it
 * (server/db/schema/platform-settings-defaults.test.ts), and pricing, the booking rules, earnings and the screens'
 * placeholders read it.
 */
export const defaultPlatformSettings = {
  serviceFeeCents: 1500,
  taxRateBasisPoints: 800,
  freeCancellationHours: 24,
  lateCancellationFeeCents: 1500,
  holdMinutes: 15,
  requestTimeoutHours: 12,
  referralFriendCreditCents: 1000,
  referralReferrerCreditCents: 1000,
  supportEmail: 'support@glossly.app',
  commissionBasisPoints: 1500,
  payoutWeekday: 1,
} as const satisfies Record<PlatformSettingName, number | string>;

/** Payout days as the settings form offers them, by number (0 = Sunday, as platform_settings.payout_weekday). */
export const payoutWeekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The API's field names as the form's (the form types dollars and percent). */
export const formFieldOfSetting: Record<PlatformSettingName, keyof PlatformSettingsFormValues> = {
  serviceFeeCents: 'serviceFeeDollars',
  taxRateBasisPoints: 'taxRatePercent',
  freeCancellationHours: 'freeCancellationHours',
  lateCancellationFeeCents: 'lateCancellationFeeDollars',
  holdMinutes: 'holdMinutes',
  requestTimeoutHours: 'requestTimeoutHours',
  referralFriendCreditCents: 'referralFriendCreditDollars',
  referralReferrerCreditCents: 'referralReferrerCreditDollars',
  supportEmail: 'supportEmail',
  commissionBasisPoints: 'commissionPercent',
  payoutWeekday: 'payoutWeekday',
};

/** The audit list's names for the settings, as the form labels them. */
export const platformSettingLabels: Record<PlatformSettingName, string> = {
  serviceFeeCents: 'Service fee',
  taxRateBasisPoints: 'Tax rate',
  freeCancellationHours: 'Free cancellation (hours)',
  lateCancellationFeeCents: 'Late cancellation fee',
  holdMinutes: 'Hold time (minutes)',
  requestTimeoutHours: 'Request expiry (hours)',
  referralFriendCreditCents: "Friend's credit",
  referralReferrerCreditCents: "Referrer's credit",
  supportEmail: 'Support email',
  commissionBasisPoints: 'Commission',
  payoutWeekday: 'Payout day',
};
