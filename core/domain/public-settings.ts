import type { PublicSettings } from '../schemas/platform-settings.ts';

/**
 * The spec's numbers ($15.00 fee, 8 % tax...), the columns' defaults: shown until the live ones arrive. No gateway:
 * it is the server's configuration, so until the answer comes it is unknown, not a default. Kept apart from the
 * schemas so that a page showing prices does not load zod for them (issue 13).
 */
export const defaultPublicSettings: Omit<PublicSettings, 'paymentGateway'> = {
  serviceFeeCents: 1500,
  taxRateBasisPoints: 800,
  freeCancellationHours: 24,
  lateCancellationFeeCents: 1500,
  holdMinutes: 15,
  requestTimeoutHours: 12,
  referralFriendCreditCents: 1000,
  referralReferrerCreditCents: 1000,
  supportEmail: 'support@glossly.app',
};
