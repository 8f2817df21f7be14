import { bookingPrice, type BookingPrice } from '@core/domain/pricing.ts';
import { discountSourceOf } from '@core/domain/discount.ts';
import type { BookingQuote, BookingQuoteQuery } from '@core/schemas/booking.ts';
import type { Database } from '../db/client.ts';
import type { Actor } from '../identity/access.ts';
import { bookableServicePrice } from '../catalog/catalog-service.ts';
import type { PlatformSettingsRow } from '../platform/platform-settings-service.ts';
import { memberPriceFor, noPlan, type MemberPrice } from '../member-benefits/member-pricing.ts';

export type Quote = { price: BookingPrice; member: MemberPrice; settings: PlatformSettingsRow };

/**
 * What a booking costs this customer (null: a visitor) for this service, car and day, from the catalog, the live
 * settings and their plan: the one price question. Step 3 shows its answer (GET /api/bookings/quote) and
 * POST /api/bookings writes it, inside its transaction with the service row held (`lock`).
 */
export async function quoteBooking(
  tx: Database,
  customerId: number | null,
  input: { serviceId: number; vehicleType: BookingQuoteQuery['vehicleType']; date: string },
  { lock = false } = {},
): Promise<Quote> {
  // Price and the vehicle type's surcharge from the catalog only (what the browser sends is ignored).
  const { settings, ...catalog } = await bookableServicePrice(tx, input.serviceId, input.vehicleType, { lock });
  const priceAndSurchargeCents = catalog.priceCents + catalog.vehicleSurchargeCents;
  const member =
    customerId === null
      ? noPlan
      : await memberPriceFor(tx, customerId, { serviceId: input.serviceId, date: input.date, priceAndSurchargeCents }, { lock });
  return { price: bookingPrice(catalog.priceCents, catalog.vehicleSurchargeCents, member.adjustments, settings), member, settings };
}

/** GET /api/bookings/quote: a signed-in customer's price (their plan applied); anyone else's, the catalog's. */
export async function getBookingQuote(db: Database, actor: Actor, query: BookingQuoteQuery): Promise<BookingQuote> {
  const customerId = actor?.role === 'customer' ? actor.id : null;
  const { price, member, settings } = await quoteBooking(db, customerId, query);
  return {
    ...price,
    discountSource: discountSourceOf({ ...price, promoCodeId: null, membershipId: member.membershipId }),
    coversVisit: member.coversVisit,
    freeCancellationHours: settings.freeCancellationHours,
    // A covered visit charges nothing, so it keeps no late fee (visit-booking.ts does the same).
    lateCancellationFeeCents: member.coversVisit ? 0 : settings.lateCancellationFeeCents,
  };
}
