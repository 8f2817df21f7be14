import {
  bookingHorizonDays,
  freeCancellationHours,
  holdMinutes,
  maxUnpaidHolds,
  requestTimeoutHours,
} from '@core/domain/booking-status.ts';
import { gatewayMinimumChargeCents } from '@core/domain/credits.ts';
import { formatUsd } from '@core/domain/money.ts';
import { bookingPrice, serviceFeeCents, taxRateBasisPoints } from '@core/domain/pricing.ts';

/**
 * The numbers the help and legal pages state, read from the rules the server enforces (core/domain), so the words
 * cannot drift from the app. Figures only the server knows (session length, message and tracking retention) are
 * written out in the content with the decision record that fixes them.
 */
const example = bookingPrice(5900);

export const figures = {
  serviceFee: formatUsd(serviceFeeCents),
  taxPercent: `${taxRateBasisPoints / 100}%`,
  examplePrice: formatUsd(example.priceCents),
  exampleTax: formatUsd(example.taxCents),
  exampleTotal: formatUsd(example.totalCents),
  freeCancellationHours,
  holdMinutes,
  maxUnpaidHolds,
  bookingHorizonDays,
  requestTimeoutHours,
  minimumCardCharge: formatUsd(gatewayMinimumChargeCents),
} as const;
