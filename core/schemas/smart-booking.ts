import { z } from 'zod';
import { maxTravelBufferMinutes, travelBufferChoices } from '../domain/drive-time.ts';
import { smartReasons } from '../domain/smart-booking.ts';
import { timeWindows } from '../domain/time-windows.ts';
import { bookingDateSchema, timeSlotLabels, vehicleTypes, zipMessage, zipPattern } from './booking.ts';
import { idParam } from './common.ts';

/** GET /api/smart-booking/offers: what, which car, where, when. One of each pair. */
export const smartOffersQuerySchema = z
  .object({
    serviceId: idParam('serviceId').optional(),
    categoryId: idParam('categoryId').optional(),
    vehicleType: z.enum(vehicleTypes, { error: `vehicleType must be one of ${vehicleTypes.join(', ')}` }).optional(),
    vehicleId: idParam('vehicleId').optional(),
    zip: z.string().trim().regex(zipPattern, zipMessage).optional(),
    savedAddressId: idParam('savedAddressId').optional(),
    /** 'asap', or a day YYYY-MM-DD. */
    when: z.union([z.literal('asap'), bookingDateSchema], { error: 'when must be asap or a date YYYY-MM-DD' }).default('asap'),
    window: z.enum(timeWindows, { error: `window must be one of ${timeWindows.join(', ')}` }).optional(),
  })
  .refine((q) => (q.serviceId === undefined) !== (q.categoryId === undefined), {
    message: 'Choose a service or a category',
    path: ['serviceId'],
  })
  .refine((q) => (q.vehicleType === undefined) !== (q.vehicleId === undefined), {
    message: 'Choose one of your cars or a vehicle type',
    path: ['vehicleType'],
  })
  .refine((q) => (q.zip === undefined) !== (q.savedAddressId === undefined), {
    message: 'Choose a saved address or enter a ZIP code',
    path: ['zip'],
  });
export type SmartOffersQuery = z.infer<typeof smartOffersQuerySchema>;

export const smartOfferSchema = z.object({
  detailerId: z.number().int(),
  businessName: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  distanceMiles: z.number().nullable(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  /** Price plus the vehicle type's surcharge, before fee and tax (the payment step adds those). */
  priceCents: z.number().int(),
  date: z.string(),
  time: z.enum(timeSlotLabels),
  startsAt: z.string(),
  timeZone: z.string(),
  reasons: z.array(z.enum(smartReasons)),
});
export type SmartOffer = z.infer<typeof smartOfferSchema>;

export const smartOffersSchema = z.object({
  offers: z.array(smartOfferSchema),
  /** The vehicle type the offers are priced for (a saved car's type). */
  vehicleType: z.enum(vehicleTypes),
  /** When nothing is free then: the soonest free start in the next 14 days, to suggest; null when there is none. */
  nextFree: z.object({ date: z.string(), time: z.enum(timeSlotLabels), window: z.enum(timeWindows) }).nullable(),
});
export type SmartOffers = z.infer<typeof smartOffersSchema>;

/** GET /api/smart-booking/choices: what the page offers to pick from, with the signed-in customer's own cars and places. */
export const smartChoicesSchema = z.object({
  /** Today in the platform's time zone: 'Tomorrow' is the day after. */
  today: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  services: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      categoryId: z.number().int(),
      priceCents: z.number().int(),
      durationMinutes: z.number().int(),
    }),
  ),
  /** The most booked service (the customer's own, else everyone's); the page starts with it. */
  suggestedServiceId: z.number().int().nullable(),
  cars: z.array(z.object({ id: z.number().int(), label: z.string(), vehicleType: z.enum(vehicleTypes) })),
  /** Saved places first (the default one first), then the address of the customer's last booking when it is not saved. */
  places: z.array(
    z.object({
      savedAddressId: z.number().int().nullable(),
      label: z.string(),
      address: z.string(),
      apt: z.string(),
      city: z.string(),
      zip: z.string(),
    }),
  ),
});
export type SmartChoices = z.infer<typeof smartChoicesSchema>;

/** GET and PUT /api/detailer/travel-buffer: the minutes a detailer adds to every drive between jobs. */
export const travelBufferSchema = z.object({
  minutes: z
    .number({ error: 'Travel buffer must be a number of minutes' })
    .int('Travel buffer must be whole minutes')
    .min(0, 'Travel buffer cannot be negative')
    .max(maxTravelBufferMinutes, `Travel buffer must be at most ${maxTravelBufferMinutes} minutes`),
});
export type TravelBuffer = z.infer<typeof travelBufferSchema>;
export { travelBufferChoices };
