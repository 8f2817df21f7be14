import { and, eq, inArray, ne } from 'drizzle-orm';
import { alternativeDates, slotsInWindow } from '@core/domain/membership-visits.ts';
import type { Coordinates } from '@core/domain/geo.ts';
import { timeSlotLabels, type TimeSlotLabel } from '@core/domain/time-slots.ts';
import type { TimeWindow } from '@core/domain/time-windows.ts';
import type { AppContext } from '../../context.ts';
import { detailers, detailerServices } from '../../db/schema.ts';
import { checkDaySlots, loadDetailer, offeredServiceDuration, type DaySlotVerdict } from '../../bookings/availability-service.ts';
import { isListedDetailer, listedDetailerIds } from '../../onboarding/listing.ts';
import { detailerOffersService } from '../../catalog/catalog-service.ts';
import { isInServiceArea } from '../../catalog/service-area-service.ts';

/** A free slot the scheduler found; `alternative` when it is not the preferred detailer's window on the due date. */
export type VisitSlot = {
  detailerId: number;
  date: string;
  time: TimeSlotLabel;
  startsAt: Date;
  endsAt: Date;
  alternative: boolean;
  /** The drive times the slot was judged with: the booking's check under its lock agrees with them. */
  driveSeconds: DaySlotVerdict['driveSeconds'];
};

type Wanted = { detailerId: number; serviceId: number; dueOn: string; timeWindow: TimeWindow; today: string; place: Coordinates };

/** The window's slots first, then the rest of the day's: the member asked for the window, any time is an alternative. */
function slotsPreferring(window: TimeWindow): Array<{ time: TimeSlotLabel; inWindow: boolean }> {
  const inWindow = slotsInWindow(window);
  return [
    ...inWindow.map((time) => ({ time, inWindow: true })),
    ...timeSlotLabels.filter((time) => !inWindow.includes(time)).map((time) => ({ time, inWindow: false })),
  ];
}

function verdictAt(verdicts: DaySlotVerdict[], time: TimeSlotLabel): DaySlotVerdict {
  const verdict = verdicts.find((v) => v.time === time);
  // checkDaySlots judges every label of timeSlots, so a missing one is a programming error.
  if (!verdict) throw new Error(`No verdict for slot ${time}`);
  return verdict;
}

/** Other listed detailers offering the service whose area takes the member's address: the last alternative. */
async function otherDetailers(ctx: AppContext, wanted: Wanted): Promise<number[]> {
  const rows = await ctx.db
    .select({
      id: detailers.id,
      baseLatitude: detailers.baseLatitude,
      baseLongitude: detailers.baseLongitude,
      serviceRadiusMiles: detailers.serviceRadiusMiles,
    })
    .from(detailers)
    .innerJoin(detailerServices, eq(detailerServices.detailerId, detailers.id))
    .where(
      and(
        eq(detailerServices.serviceId, wanted.serviceId),
        ne(detailers.id, wanted.detailerId),
        inArray(detailers.id, listedDetailerIds(ctx.db)),
      ),
    )
    .orderBy(detailers.id);
  return rows.filter((row) => isInServiceArea(row, wanted.place)).map((row) => row.id);
}

/**
 * The visit's slot, nearest first (the availability service's own free-slot rule, drive time included): the
 * preferred detailer's window on the due date; else, as an alternative to confirm, their other times that day or
 * within two days either side; else another detailer in the window on the due date. Null when nothing is free.
 */
export async function findVisitSlot(ctx: AppContext, now: Date, wanted: Wanted): Promise<VisitSlot | null> {
  const where = { place: wanted.place, router: ctx.router };
  const preferred = await loadDetailer(ctx.db, wanted.detailerId);
  // A detailer who left the catalog or stopped offering the service is passed over for the others.
  const stillOffered =
    (await isListedDetailer(ctx.db, preferred.id)) && (await detailerOffersService(ctx.db, preferred.id, wanted.serviceId));
  const duration = stillOffered ? await offeredServiceDuration(ctx.db, preferred.id, wanted.serviceId) : 0;
  for (const date of stillOffered ? alternativeDates(wanted.dueOn, wanted.today) : []) {
    // One load of the day for all its slots, then taken in the member's order of preference.
    const verdicts = await checkDaySlots(ctx.db, now, preferred, date, duration, undefined, where);
    for (const { time, inWindow } of slotsPreferring(wanted.timeWindow)) {
      const verdict = verdictAt(verdicts, time);
      if (verdict.available) {
        const alternative = !(inWindow && date === wanted.dueOn);
        return {
          detailerId: preferred.id,
          date,
          time,
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          alternative,
          driveSeconds: verdict.driveSeconds,
        };
      }
    }
  }
  if (wanted.dueOn <= wanted.today) return null;
  for (const detailerId of await otherDetailers(ctx, wanted)) {
    const other = await loadDetailer(ctx.db, detailerId);
    const otherDuration = await offeredServiceDuration(ctx.db, other.id, wanted.serviceId);
    const verdicts = await checkDaySlots(ctx.db, now, other, wanted.dueOn, otherDuration, undefined, where);
    for (const time of slotsInWindow(wanted.timeWindow)) {
      const verdict = verdictAt(verdicts, time);
      if (verdict.available) {
        return {
          detailerId: other.id,
          date: wanted.dueOn,
          time,
          startsAt: verdict.startsAt,
          endsAt: verdict.endsAt,
          alternative: true,
          driveSeconds: verdict.driveSeconds,
        };
      }
    }
  }
  return null;
}
