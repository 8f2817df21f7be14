import { z } from 'zod';
import { bookingStatuses } from '../domain/booking-status.ts';
import { zipMessage, zipPattern } from './booking.ts';
import { idParam, idSchema, textSchema } from './common.ts';

// Live tracking, service areas and the map (decision 018). The server validates requests with these and the client
// imports the answer types.

/** A US ZIP code (ZIP+4 accepted): the booking form's rule. */
const zipCode = textSchema('ZIP code', 10, { required: zipMessage, tooLong: zipMessage }).regex(zipPattern, zipMessage);

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number between -${limit} and ${limit}` })
    .min(-limit, `${field} must be between -${limit} and ${limit}`)
    .max(limit, `${field} must be between -${limit} and ${limit}`);

// ------------------------------------------------------------------------------------------------------------
// Service area and map

/** Where a detailer works: the circle of `radiusMiles` around their base. */
export const serviceAreaSchema = z.object({ latitude: z.number(), longitude: z.number(), radiusMiles: z.number().int() });
export type ServiceArea = z.infer<typeof serviceAreaSchema>;

export const serviceRadiusMessage = 'Enter a whole number of miles from 1 to 100';

/** PUT /api/detailer/service-area: the base is the ZIP code's location. */
export const serviceAreaInputSchema = z.object({
  zip: zipCode,
  radiusMiles: z
    .number({ error: serviceRadiusMessage })
    .int(serviceRadiusMessage)
    .min(1, serviceRadiusMessage)
    .max(100, serviceRadiusMessage),
});
export type ServiceAreaInput = z.infer<typeof serviceAreaInputSchema>;
/** The detailer's service area form: the radius is typed as text (empty is no number, which the API schema refuses). */
export const serviceAreaFormSchema = z
  .object({ zip: z.string(), radiusMiles: z.string() })
  .transform((form) => ({ zip: form.zip, radiusMiles: form.radiusMiles.trim() === '' ? Number.NaN : Number(form.radiusMiles) }))
  .pipe(serviceAreaInputSchema);
export type ServiceAreaFormValues = z.input<typeof serviceAreaFormSchema>;

/** GET /api/service-area/check?detailerId=&zip= */
export const serviceAreaCheckQuerySchema = z.object({ detailerId: idParam('detailerId'), zip: zipCode });
export type ServiceAreaCheckQuery = z.infer<typeof serviceAreaCheckQuerySchema>;
/** The demo's 'Does a detailer come to you?' form: its ZIP code field (the detailer is the select the map also sets). */
export const serviceAreaCheckFormSchema = serviceAreaCheckQuerySchema.pick({ zip: true });
export type ServiceAreaCheckForm = z.infer<typeof serviceAreaCheckFormSchema>;

export const serviceAreaCheckSchema = z.object({
  /** True when the detailer comes there (also when they set no base: then they take any address). */
  covered: z.boolean(),
  /** Miles from the detailer's base, one decimal; null when they set no base. */
  distanceMiles: z.number().nullable(),
  /** The detailer's radius; null when they set no base. */
  radiusMiles: z.number().int().nullable(),
  detailerName: z.string(),
});
export type ServiceAreaCheck = z.infer<typeof serviceAreaCheckSchema>;

/** GET /api/map-config: the tile server, or none (the map then draws on a plain background). */
export const mapConfigSchema = z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() });
export type MapConfig = z.infer<typeof mapConfigSchema>;

// ------------------------------------------------------------------------------------------------------------
// The detailer's side: sharing and positions

/** PUT /api/detailer/location-sharing */
export const locationSharingInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type LocationSharingInput = z.infer<typeof locationSharingInputSchema>;

/** The job whose trip is shared: the detailer's booking on its way or in progress. */
export const activeSharingBookingSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  serviceName: z.string(),
  status: z.enum(bookingStatuses),
  address: z.string(),
  startsAt: z.string(),
});

/** GET and PUT /api/detailer/location-sharing */
export const locationSharingSchema = z.object({
  /** On for today (the detailer's time zone); it turns itself off at midnight. */
  enabled: z.boolean(),
  activeBooking: activeSharingBookingSchema.nullable(),
  /** Who sees the position, in one sentence. */
  sharedWith: z.string(),
});
export type LocationSharing = z.infer<typeof locationSharingSchema>;

/** POST /api/detailer/positions: where the detailer is now, for one booking's trip. */
export const positionInputSchema = z.object({
  bookingId: idSchema('bookingId'),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  accuracyMeters: z
    .number({ error: 'accuracyMeters must be a number of meters' })
    .min(0, 'accuracyMeters must be between 0 and 100000')
    .max(100_000, 'accuracyMeters must be between 0 and 100000')
    .nullish(),
});
export type PositionInput = z.infer<typeof positionInputSchema>;

// ------------------------------------------------------------------------------------------------------------
// The customer's side

export const bookingTrackingSchema = z.object({
  bookingId: z.number().int(),
  status: z.enum(bookingStatuses),
  detailer: z.object({ name: z.string(), avatarUrl: z.string().nullable(), vehicleDescription: z.string() }),
  /** The job's address and where it is; null when its ZIP code could not be located. */
  destination: z.object({ address: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** The last position; null outside the trip (en_route, in_progress) or before the first one. */
  position: z.object({ latitude: z.number(), longitude: z.number(), recordedAt: z.string() }).nullable(),
  /** The last position is more than 2 minutes old (the detailer's phone stopped sending). */
  isPaused: z.boolean(),
  /** Only while en route with a position and a destination. */
  etaMinutes: z.number().int().nullable(),
  /** What the customer reads about the arrival (core/domain/arrival-text.ts), shown as given; null with no estimate. */
  etaText: z.string().nullable(),
  /** How exact the destination is: the street address's place, or only the ZIP code's centre. */
  placePrecision: z.enum(['street', 'zip']),
  distanceMeters: z.number().int().nullable(),
});
export type BookingTracking = z.infer<typeof bookingTrackingSchema>;

/** The customer's next booking, shown when nothing is on its way. */
export const upcomingBookingSchema = z.object({
  id: z.number().int(),
  serviceName: z.string(),
  detailerBusinessName: z.string(),
  startsAt: z.string(),
  /** The detailer's zone: the booking's slots are on its clock, on every screen that shows them. */
  timeZone: z.string(),
  status: z.enum(bookingStatuses),
});
export type UpcomingBooking = z.infer<typeof upcomingBookingSchema>;

/** GET /api/tracking/current */
export const currentTrackingSchema = z.object({
  tracking: bookingTrackingSchema.nullable(),
  nextBooking: upcomingBookingSchema.nullable(),
});
export type CurrentTracking = z.infer<typeof currentTrackingSchema>;
