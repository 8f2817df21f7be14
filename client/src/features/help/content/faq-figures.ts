import { bookingHorizonDays, maxUnpaidHolds } from '@core/domain/booking-status.ts';
import { gatewayMinimumChargeCents } from '@core/domain/credits.ts';
import { formatUsd } from '@core/domain/money.ts';
import { bookingPrice } from '@core/domain/pricing.ts';
import { defaultPublicSettings } from '@core/domain/public-settings.ts';
import type { PublicSettings } from '@core/schemas/platform-settings.ts';

/**
 * The numbers the help and legal pages state. The fee, tax rate and terms an admin sets come from the public
 * settings (GET /api/settings/public, decision 022) and fall back to the spec's; the fixed rules are read from
 * core/domain, so the words cannot drift from the app. Figures only the server knows (session length, message and
 * tracking retention) are written out in the content with the decision record that fixes them.
 */
export function figuresFrom(settings: Omit<PublicSettings, 'paymentGateway'>) {
  const example = bookingPrice(5900, 0, {}, settings);
  return {
    serviceFee: formatUsd(settings.serviceFeeCents),
    taxPercent: `${settings.taxRateBasisPoints / 100}%`,
    examplePrice: formatUsd(example.priceCents),
    exampleTax: formatUsd(example.taxCents),
    exampleTotal: formatUsd(example.totalCents),
    freeCancellationHours: settings.freeCancellationHours,
    lateCancellationFee: formatUsd(settings.lateCancellationFeeCents),
    holdMinutes: settings.holdMinutes,
    maxUnpaidHolds,
    bookingHorizonDays,
    requestTimeoutHours: settings.requestTimeoutHours,
    minimumCardCharge: formatUsd(gatewayMinimumChargeCents),
    supportEmail: settings.supportEmail,
  } as const;
}

export type HelpFigures = ReturnType<typeof figuresFrom>;

/** The spec's figures, before the live ones arrive. */
export const figures: HelpFigures = figuresFrom(defaultPublicSettings);
