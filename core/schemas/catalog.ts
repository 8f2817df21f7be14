import { z } from 'zod';
import { vehicleTypes } from './booking.ts';
import { idParam } from './common.ts';
import { serviceAreaSchema } from './tracking.ts';

export const serviceCategorySchema = z.object({ id: z.number(), name: z.string() });
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;

/** What a service costs more for one vehicle type (decision 020); only types with a surcharge are listed. */
export const vehicleSurchargeSchema = z.object({ vehicleType: z.enum(vehicleTypes), surchargeCents: z.number().int() });
export type VehicleSurcharge = z.infer<typeof vehicleSurchargeSchema>;

export const serviceSchema = z.object({
  id: z.number(),
  detailerId: z.number(),
  categoryId: z.number(),
  name: z.string(),
  description: z.string(),
  /** Dollars, for display; priceCents is the amount the server computes with. */
  price: z.number(),
  priceCents: z.number().int(),
  /** Minutes. */
  duration: z.number().int(),
  imageUrl: z.string(),
  /** Surcharges by vehicle type, for display before booking; empty when none. The server prices the booking itself. */
  surcharges: z.array(vehicleSurchargeSchema),
});
export type Service = z.infer<typeof serviceSchema>;

export const detailerSchema = z.object({
  id: z.number(),
  userId: z.number(),
  businessName: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  /** Dollars: the lowest price among the services the detailer offers. */
  startingPrice: z.number().nullable(),
  /** Miles from the customer's shared location, or from the city centre when none is shared. */
  distanceMiles: z.number().nullable(),
  services: z.array(z.string()),
  timeZone: z.string(),
  createdAt: z.string(),
  /** Where the detailer works; null until they set a base (then they take any address). */
  serviceArea: serviceAreaSchema.nullable(),
  /** What the customer looks for at the curb, such as 'White Ford Transit'; empty when not given. */
  vehicleDescription: z.string(),
});
export type Detailer = z.infer<typeof detailerSchema>;

export const detailerWithServicesSchema = detailerSchema.extend({ offeredServices: z.array(serviceSchema) });
export type DetailerWithServices = z.infer<typeof detailerWithServicesSchema>;

export const servicesQuerySchema = z.object({ categoryId: idParam('categoryId').optional() });

const coordinate = (field: string, limit: number) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(-limit, `${field} must be between -${limit} and ${limit}`)
    .max(limit, `${field} must be between -${limit} and ${limit}`);

export const detailersQuerySchema = z
  .object({
    serviceId: idParam('serviceId').optional(),
    lat: coordinate('lat', 90).optional(),
    lng: coordinate('lng', 180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng must be given together',
    path: ['lat'],
  });
export type DetailersQuery = z.infer<typeof detailersQuerySchema>;

export const serviceIdParamsSchema = z.object({ id: idParam('Service id') });
export const detailerIdParamsSchema = z.object({ id: idParam('Detailer id') });
