import { centsToDollars } from '@core/domain/money.ts';
import { bookingPrice, defaultPricingSettings, type PricingSettings } from '@core/domain/pricing.ts';
import { storageKeys } from '@/lib/storage-keys.ts';

/**
 * The spec's booking draft (local storage `pendingBooking`). It only lets a reload resume the flow; the server
 * holds the real booking. Amounts are dollars, for display. `step` is ours: where to resume.
 */
export type PendingBooking = {
  detailerId: number | null;
  serviceId: number | null;
  totalAmount: number | null;
  serviceFee: number | null;
  taxAmount: number | null;
  date: string | null;
  time: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  zip: string | null;
  vehicleType: string | null;
  notes: string | null;
  // Decision 019 (ours): the access notes, and the label to save the typed address under (null: not saved).
  accessNotes?: string | null;
  saveAddressLabel?: string | null;
  step?: 1 | 2 | 3;
  /** Ours too: the saved car chosen in step 1 (My Cars), sent as the booking's vehicleId. */
  vehicleId?: number | null;
  /** Ours too ('Book again', issue 16): the past booking this draft started from; step 2 then marks the soonest slots. */
  rebookOf?: number | null;
};

// What each field of a stored draft holds, or null. Checked here by hand rather than with a zod schema: the booking
// page reads the draft in its first render, and starting zod there was a long task on a slow phone (issue 13). The
// server validates the booking itself (core/schemas/booking.ts).
const requiredFields = {
  detailerId: 'number',
  serviceId: 'number',
  totalAmount: 'number',
  serviceFee: 'number',
  taxAmount: 'number',
  date: 'string',
  time: 'string',
  address: 'string',
  apt: 'string',
  city: 'string',
  zip: 'string',
  vehicleType: 'string',
  notes: 'string',
} as const;
const optionalFields = { accessNotes: 'string', saveAddressLabel: 'string', vehicleId: 'number', rebookOf: 'number' } as const;
const steps: unknown[] = [1, 2, 3];

/** The draft's known fields, when each holds what it should; null otherwise. */
function draftFrom(stored: unknown): PendingBooking | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const fields = stored as Record<string, unknown>;
  const draft: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries({ ...requiredFields, ...optionalFields })) {
    const value = fields[name];
    if (value === undefined && name in optionalFields) continue;
    if (value !== null && typeof value !== kind) return null;
    draft[name] = value;
  }
  if (fields.step !== undefined) {
    if (!steps.includes(fields.step)) return null;
    draft.step = fields.step;
  }
  return draft as PendingBooking;
}

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
  let draft: PendingBooking | null = null;
  try {
    draft = draftFrom(JSON.parse(stored));
  } catch {
    // Not JSON: dropped below.
  }
  if (!draft) localStorage.removeItem(storageKeys.pendingBooking);
  return draft;
}

export function savePendingBooking(draft: PendingBooking) {
  localStorage.setItem(storageKeys.pendingBooking, JSON.stringify(draft));
}

export function clearPendingBooking() {
  localStorage.removeItem(storageKeys.pendingBooking);
}
