import type { PublicSettings } from '../schemas/platform-settings.ts';
import { defaultPlatformSettings } from './platform-settings.ts';

// The admin's own settings (commission, payout day) are not public.
const { commissionBasisPoints: _commission, payoutWeekday: _payoutDay, ...publicDefaults } = defaultPlatformSettings;

/**
 * The platform's defaults a visitor may see, shown until the live ones arrive. No gateway: it is the server's
 * configuration, so until the answer comes it is unknown, not a default. Kept apart from the schemas so that a page
 * showing prices does not load zod for them (issue 13).
 */
export const defaultPublicSettings: Omit<PublicSettings, 'paymentGateway'> = publicDefaults;
