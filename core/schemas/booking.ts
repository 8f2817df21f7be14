import { z } from 'zod';
import { bookingStatuses, userBookingActions } from '../domain/booking-status.ts';
import { slotReasons, timeSlotLabels } from '../domain/time-slots.ts';
export type { SlotReason } from '../domain/time-slots.ts';
import { notesMaxLength, vehicleTypes } from '../domain/booking-fields.ts';
import type { BookingPrice } from '../domain/pricing.ts';
import type { DiscountSource } from '../domain/discount.ts';
import { dateSchema, idParam, idSchema, optionalText, textSchema } from './common.ts';
import { accessNotesSchema, saveAddressSchema } from './address.ts';

export { timeSlotLabels, timeSlots, type TimeSlotLabel } from '../domain/time-slots.ts';
export { bookingStatuses, type BookingStatus } from '../domain/booking-status.ts';
export { notesMaxLength, vehicleTypes, type VehicleType } from '../domain/booking-fields.ts';

export { zipMessage, zipPattern } from '../domain/places.ts';
import { zipMessage, zipPattern } from '../domain/places.ts';

/** YYYY-MM-DD, a real calendar day within the supported years. "Not in the past" is checked by the server against its clock in the detailer's zone. */
export const bookingDateSchema = dateSchema('Date');

const requiredText = (message: string, field: string, max = 200) => textSchema(field, max, { required: message }).min(1, message);

export const bookingStep1Schema = z.object({
  serviceId: idSchema('Service'),
  vehicleType: z.enum(vehicleTypes, { error: 'Choose a vehicle type' }),
  notes: optionalText('Notes', notesMaxLength, { multiline: true }),
});
export type BookingStep1 = z.infer<typeof bookingStep1Schema>;
export type BookingStep1Input = z.input<typeof bookingStep1Schema>;

/** Quick checkout's one field: the vehicle type, '' until chosen, checked by step 1's own rule. */
export const quickCheckoutFormSchema = z.object({ vehicleType: z.string().pipe(bookingStep1Schema.shape.vehicleType) });
export type QuickCheckoutFormInput = z.input<typeof quickCheckoutFormSchema>;
export type QuickCheckoutForm = z.output<typeof quickCheckoutFormSchema>;

export const bookingStep2Schema = z.object({
  date: bookingDateSchema,
  time: z.enum(timeSlotLabels, { error: 'Choose a time slot' }),
  address: requiredText('Address is required', 'Address'),
  apt: optionalText('Apt', 100),
  city: requiredText('City is required', 'City', 100),
  zip: textSchema('ZIP code', 10, { required: zipMessage, tooLong: zipMessage }).regex(zipPattern, zipMessage),
});
export type BookingStep2 = z.infer<typeof bookingStep2Schema>;

/** POST /api/bookings. Any price or total in the body is ignored: the server computes every amount. */
export const createBookingSchema = z
  .object({ detailerId: idSchema('Detailer') })
  .extend(bookingStep1Schema.shape)
  .extend(bookingStep2Schema.shape)
  // Decision 019: gate code or where to park, for the detailer; and the typed address kept among the customer's places.
  .extend({ accessNotes: accessNotesSchema, saveAddress: saveAddressSchema.optional() })
  // Decision 019: one of the customer's cars (My Cars); its type must be vehicleType, and the booking keeps its details.
  .extend({ vehicleId: idSchema('Car', 'Choose one of your cars').optional() });
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** GET /api/bookings/quote?serviceId=&vehicleType=&date=: what step 3 shows, from the function the booking uses. */
export const bookingQuoteQuerySchema = z.object({
  serviceId: idParam('serviceId'),
  vehicleType: bookingStep1Schema.shape.vehicleType,
  date: bookingDateSchema,
});
export type BookingQuoteQuery = z.infer<typeof bookingQuoteQuerySchema>;

/** The server's price for a booking about to be made, line by line, and what its plan does for it. */
export type BookingQuote = BookingPrice & {
  discountSource: DiscountSource | null;
  /** A visit the customer's plan covers: nothing to pay, so no card is asked for. */
  coversVisit: boolean;
  freeCancellationHours: number;
  lateCancellationFeeCents: number;
};

/** POST /api/bookings/:id/reschedule */
export const rescheduleBookingSchema = z.object({
  date: bookingDateSchema,
  time: z.enum(timeSlotLabels, { error: 'Choose a time slot' }),
});
export type RescheduleBookingInput = z.infer<typeof rescheduleBookingSchema>;

/** POST /api/bookings/:id/cancel: confirmFee must be true when a cancellation fee applies. */
export const cancelBookingSchema = z.object({ confirmFee: z.boolean().optional() }).default({});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** GET /api/detailers/:id/availability?date=YYYY-MM-DD&serviceId=&zip= (zip: the job's place, for drive times) */
export const availabilityQuerySchema = z.object({
  date: bookingDateSchema,
  serviceId: idParam('serviceId').optional(),
  zip: z.string().trim().regex(zipPattern, zipMessage).optional(),
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availabilitySlotSchema = z.object({
  time: z.enum(timeSlotLabels),
  /** ISO instant of the slot's start. */
  startsAt: z.string(),
  available: z.boolean(),
  reason: z.enum(slotReasons),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilitySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  slots: z.array(availabilitySlotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** GET /api/detailers/:id/closed-days?serviceId=: the days the detailer takes no job, today to the booking horizon. */
export const closedDaysQuerySchema = z.object({ serviceId: idParam('serviceId').optional() });
export type ClosedDays = { from: string; to: string; closedDates: string[] };

/** GET /api/bookings?status= */
export const bookingsQuerySchema = z.object({
  status: z.enum(bookingStatuses, { error: `status must be one of ${bookingStatuses.join(', ')}` }).optional(),
});
export type BookingsQuery = z.infer<typeof bookingsQuerySchema>;

export const bookingIdParamsSchema = z.object({ id: idParam('Booking id') });

/** A booking's car as it was when booked (decision 019): a later edit of the saved car does not change it. */
export const bookedVehicleSchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  color: z.string(),
  licensePlate: z.string(),
  nickname: z.string(),
  vehicleType: z.string(),
});
export type BookedVehicleDetails = z.infer<typeof bookedVehicleSchema>;

/** A booking as the API returns it. */
export const bookingSchema = z.object({
  id: z.number(),
  status: z.enum(bookingStatuses),
  detailerId: z.number(),
  serviceId: z.number(),
  customerId: z.number(),
  serviceName: z.string(),
  detailerBusinessName: z.string(),
  /** The customer's name as they gave it: the detailer and admins need it to find the right car. */
  customerName: z.string(),
  /** ISO instants. */
  startsAt: z.string(),
  endsAt: z.string(),
  /** YYYY-MM-DD and slot label, in the detailer's time zone. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  vehicleType: z.string(),
  /** The saved car the booking was made with (null if none or since deleted) and its details as they were then. */
  vehicleId: z.number().int().nullable(),
  vehicleDetails: bookedVehicleSchema.nullable(),
  notes: z.string().nullable(),
  /** Gate code, where to park (decision 019); null when none were given. */
  accessNotes: z.string().nullable(),
  address: z.string(),
  apt: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  /** Dollars, for display. */
  price: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  total: z.number(),
  priceCents: z.number().int(),
  /** The service's surcharge for this vehicle type (decision 020), 0 when none: its own line on the booking. */
  vehicleSurchargeCents: z.number().int().nonnegative(),
  /**
   * Off price and surcharge (decision 022), 0 when none: its own line. `discountSource` says why: a promo code
   * (`promoCode` is the code), the customer's membership discount, or a visit the membership covers.
   */
  discountCents: z.number().int().nonnegative(),
  discountSource: z.enum(['promo_code', 'membership', 'covered_visit']).nullable(),
  promoCode: z.string().nullable(),
  /** The cancellation terms the booking was made with. */
  freeCancellationHours: z.number().int().nonnegative(),
  lateCancellationFeeCents: z.number().int().nonnegative(),
  serviceFeeCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** When the job was completed (ISO); the tip, claim and review windows count from here. */
  completedAt: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  /**
   * While requested: when the detailer must answer by (ISO), else the request expires and the card hold is released.
   * requestAnswerBy with the admin's request expiry, as the expiry job decides it (decision 035); null otherwise.
   */
  answerBy: z.string().nullable(),
  createdAt: z.string(),
  /** What the caller may do now. */
  allowedActions: z.array(z.enum(userBookingActions)),
  /** What cancelling now would cost: 0 while free (24 hours or more before start), else the service fee. */
  cancellationFeeCents: z.number().int(),
  /** Money taken from the card: the sum of the captures in the payments ledger (the total at completion, or a late-cancellation fee). */
  capturedCents: z.number().int().nonnegative(),
  /** Money given back so far: the sum of the refunds in the payments ledger (0 if none). Not a status: see `status`. */
  refundedCents: z.number().int().nonnegative(),
  /** What is left to refund: what was captured (the total at completion, or a late-cancellation fee) minus refunds; 0 when nothing was captured. */
  refundableCents: z.number().int().nonnegative(),
  /** Every status the booking went through, oldest first (the job-progress timeline). */
  timeline: z.array(z.object({ status: z.enum(bookingStatuses), action: z.string(), at: z.string() })),
});
export type Booking = z.infer<typeof bookingSchema>;

/** GET /api/detailer/availability and PUT body: the detailer's weekly hours. */
export const availabilityRuleSchema = z
  .object({
    weekday: z.number().int().min(0, 'weekday must be 0 (Sunday) to 6 (Saturday)').max(6, 'weekday must be 0 (Sunday) to 6 (Saturday)'),
    startMinute: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    endMinute: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
  })
  .refine((r) => r.endMinute > r.startMinute, { message: 'End must be after start', path: ['endMinute'] });
export type AvailabilityRule = z.infer<typeof availabilityRuleSchema>;

export const weeklyAvailabilitySchema = z.object({
  rules: z.array(availabilityRuleSchema).max(50),
  daysOff: z.array(bookingDateSchema).max(366).optional(),
});
export type WeeklyAvailability = { rules: AvailabilityRule[]; daysOff: string[]; timeZone: string };

export const putWeeklyAvailabilitySchema = z.object({ rules: z.array(availabilityRuleSchema).max(50) });

export const dayOffSchema = z.object({ date: bookingDateSchema });
export type DayOffInput = z.infer<typeof dayOffSchema>;

/** GET /api/bookings/recent-detailers: one of the customer's recent detailers, from their newest completed booking with them. */
export const recentDetailerSchema = z.object({
  detailerId: z.number(),
  businessName: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  /** The newest completed booking with this detailer: 'Book again' starts from it. */
  bookingId: z.number(),
  serviceId: z.number(),
  serviceName: z.string(),
  /** ISO instant the job was completed. */
  completedAt: z.string(),
});
export type RecentDetailer = z.infer<typeof recentDetailerSchema>;
/** The home screen's 'Book again' row shows at most this many detailers. */
export const recentDetailersLimit = 3;
export const recentDetailersSchema = z.array(recentDetailerSchema).max(recentDetailersLimit);
