import { z } from 'zod';
import { centsToDollars } from '@core/domain/money.ts';
import { bookingPrice, defaultPricingSettings, type PricingSettings } from '@core/domain/pricing.ts';
import { storageKeys } from '@/lib/storage-keys.ts';

/**
 * The spec's booking draft (local storage `pendingBooking`). It only lets a reload resume the flow; the server
 * holds the real booking. Amounts are dollars, for display. `step` is ours: where to resume.
 */
const pendingBookingSchema = z.object({
  detailerId: z.number().nullable(),
  serviceId: z.number().nullable(),
  totalAmount: z.number().nullable(),
  serviceFee: z.number().nullable(),
  taxAmount: z.number().nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  address: z.string().nullable(),
  apt: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  vehicleType: z.string().nullable(),
  notes: z.string().nullable(),
  // Decision 019 (ours): the access notes, and the label to save the typed address under.
  accessNotes: z.string().nullable().optional(),
  saveAddressLabel: z.string().nullable().optional(),
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** Ours too: the saved car chosen in step 1 (My Cars), sent as the booking's vehicleId. */
  vehicleId: z.number().nullable().optional(),
  /** Ours too ('Book again', issue 16): the past booking this draft started from; step 2 then marks the soonest slots. */
  rebookOf: z.number().nullable().optional(),
});
export type PendingBooking = z.infer<typeof pendingBookingSchema>;

export const emptyPendingBooking = (detailerId: number | null, serviceId: number | null): PendingBooking => ({
  detailerId,
  serviceId,
  totalAmount: null,
  serviceFee: null,
  taxAmount: null,
  date: null,
  time: null,
  address: null,
  apt: null,
  city: null,
  zip: null,
  vehicleType: null,
  notes: null,
  step: 1,
});

type DraftAmounts = Pick<PendingBooking, 'totalAmount' | 'serviceFee' | 'taxAmount'>;

/**
 * The draft's display amounts for a service price, from core's pricing with the platform's settings now (GET
 * /api/settings/public; the spec's until they arrive); all null while no service is chosen.
 */
export function draftAmounts(priceCents: number | null, settings: PricingSettings = defaultPricingSettings): DraftAmounts {
  if (priceCents === null) return { totalAmount: null, serviceFee: null, taxAmount: null };
  const price = bookingPrice(priceCents, 0, {}, settings);
  return {
    totalAmount: centsToDollars(price.totalCents),
    serviceFee: centsToDollars(price.serviceFeeCents),
    taxAmount: centsToDollars(price.taxCents),
  };
}

/** The saved draft, or null when there is none or it cannot be read (an unreadable entry is dropped). */
export function readPendingBooking(): PendingBooking | null {
  // A page the server draws (server/http/first-screen.ts) has none: the browser's own first render restores it.
  if (typeof localStorage === 'undefined') return null;
  const stored = localStorage.getItem(storageKeys.pendingBooking);
  if (!stored) return null;
  try {
    return pendingBookingSchema.parse(JSON.parse(stored));
  } catch {
    localStorage.removeItem(storageKeys.pendingBooking);
    return null;
  }
}

export function savePendingBooking(draft: PendingBooking) {
  localStorage.setItem(storageKeys.pendingBooking, JSON.stringify(draft));
}

export function clearPendingBooking() {
  localStorage.removeItem(storageKeys.pendingBooking);
}
