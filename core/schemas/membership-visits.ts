import { z } from 'zod';
import { timeSlotLabels } from '../domain/time-slots.ts';
import { timeWindows } from '../domain/time-windows.ts';
import { idParam, idSchema, numberTextSchema } from './common.ts';
import { bookingDateSchema } from './booking.ts';

/** Issue 18 ★: a member's visit rhythm and the visits it books (decision 022). */
export const membershipIdParamsSchema = z.object({ id: idParam('Membership id') });

/** PUT /api/memberships/:id/visit-rhythm */
export const visitRhythmInputSchema = z.object({
  serviceId: idSchema('Service', 'Choose a service'),
  everyWeeks: z.union([z.literal(2), z.literal(4)], { error: 'Choose every 2 or every 4 weeks' }),
  detailerId: idSchema('Detailer', 'Choose a detailer'),
  weekday: z.number({ error: 'Choose a day' }).int('Choose a day').min(0, 'Choose a day').max(6, 'Choose a day'),
  timeWindow: z.enum(timeWindows, { error: 'Choose a time window' }),
  vehicleId: idSchema('Car', 'Choose one of your cars'),
  savedAddressId: idSchema('Address', 'Choose one of your addresses'),
});
export type VisitRhythmInput = z.infer<typeof visitRhythmInputSchema>;

/** The rhythm form: its selects hold text ('' until chosen), read as the numbers visitRhythmInputSchema checks. */
export const visitRhythmFormSchema = z.object({
  serviceId: numberTextSchema(visitRhythmInputSchema.shape.serviceId),
  everyWeeks: numberTextSchema(visitRhythmInputSchema.shape.everyWeeks),
  detailerId: numberTextSchema(visitRhythmInputSchema.shape.detailerId),
  weekday: numberTextSchema(visitRhythmInputSchema.shape.weekday),
  timeWindow: z.string().pipe(visitRhythmInputSchema.shape.timeWindow),
  vehicleId: numberTextSchema(visitRhythmInputSchema.shape.vehicleId),
  savedAddressId: numberTextSchema(visitRhythmInputSchema.shape.savedAddressId),
});
export type VisitRhythmFormInput = z.input<typeof visitRhythmFormSchema>;

export const visitRhythmSchema = visitRhythmInputSchema.extend({ nextVisitOn: z.string() });
export type VisitRhythm = z.infer<typeof visitRhythmSchema>;

/** planned: a date of the rhythm the scheduler has not reached yet (it books 7 days ahead). */
export const visitStatuses = ['planned', 'booked', 'needs_confirmation', 'skipped', 'unfilled'] as const;
export type VisitStatus = (typeof visitStatuses)[number];

export const upcomingVisitSchema = z.object({
  dueOn: z.string(),
  status: z.enum(visitStatuses),
  bookingId: z.number().nullable(),
  /** The booked time (ISO 8601) and who comes, once booked. */
  startsAt: z.string().nullable(),
  detailerName: z.string().nullable(),
  /** The detailer's time zone, the booked time's own. */
  timeZone: z.string().nullable(),
  serviceName: z.string(),
});
export type UpcomingVisit = z.infer<typeof upcomingVisitSchema>;

export const visitScheduleSchema = z.object({
  rhythm: visitRhythmSchema.nullable(),
  visitsLeftThisPeriod: z.number(),
  upcoming: z.array(upcomingVisitSchema),
});
export type VisitSchedule = z.infer<typeof visitScheduleSchema>;

/** What the rhythm form offers: services the plan covers, the detailers offering each, the member's cars and places. */
export const visitOptionsSchema = z.object({
  services: z.array(z.object({ id: z.number(), name: z.string() })),
  detailers: z.array(z.object({ id: z.number(), businessName: z.string(), serviceIds: z.array(z.number()) })),
  cars: z.array(z.object({ id: z.number(), label: z.string() })),
  addresses: z.array(z.object({ id: z.number(), label: z.string() })),
});
export type VisitOptions = z.infer<typeof visitOptionsSchema>;

/** POST /api/memberships/:id/visits/skip */
export const skipVisitSchema = z.object({ dueOn: bookingDateSchema });
export type SkipVisitInput = z.infer<typeof skipVisitSchema>;

/** POST /api/memberships/:id/visits/move: another free slot of the same detailer; the rhythm keeps its dates. */
export const moveVisitSchema = z.object({
  dueOn: bookingDateSchema,
  date: bookingDateSchema,
  time: z.enum(timeSlotLabels, { error: 'Choose a time slot' }),
});
export type MoveVisitInput = z.infer<typeof moveVisitSchema>;
/** The 'Move visit' form: the new date and time; the visit's own date comes with it. */
export const moveVisitFormSchema = moveVisitSchema.pick({ date: true, time: true });
export type MoveVisitForm = z.infer<typeof moveVisitFormSchema>;

/** POST /api/memberships/:id/visits/confirm: the nearest alternative the scheduler found, accepted or declined. */
export const confirmVisitSchema = z.object({ dueOn: bookingDateSchema, accept: z.boolean({ error: 'Say whether you accept' }) });
export type ConfirmVisitInput = z.infer<typeof confirmVisitSchema>;
