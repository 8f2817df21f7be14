import { z } from 'zod';
import { vehicleTypes } from '../domain/booking-fields.ts';
import { maxVehicleYear, minVehicleYear, vehicleLimits } from '../domain/vehicles.ts';
import { idParam, idSchema, textSchema } from './common.ts';

export { vehicleTypes, type VehicleType } from '../domain/booking-fields.ts';
export { maxVehicleYear, minVehicleYear, vehicleDescription, vehicleLimits, vehicleName } from '../domain/vehicles.ts';

const yearMessage = () => `Year must be between ${minVehicleYear} and ${maxVehicleYear()}`;

const requiredName = (field: string, max: number) => textSchema(field, max).min(1, `${field} is required`);

const vehicleFields = {
  make: requiredName('Make', vehicleLimits.make),
  model: requiredName('Model', vehicleLimits.model),
  year: z
    .number({ error: (issue) => (issue.input === undefined || Number.isNaN(issue.input) ? 'Year is required' : yearMessage()) })
    .int(yearMessage())
    .min(minVehicleYear, yearMessage())
    .refine((year) => year <= maxVehicleYear(), { error: yearMessage }),
  color: textSchema('Colour', vehicleLimits.color),
  // Plates read in capitals, whatever was typed.
  licensePlate: textSchema('License plate', vehicleLimits.licensePlate).transform((plate) => plate.toUpperCase()),
  vehicleType: z.enum(vehicleTypes, { error: `Vehicle type must be one of ${vehicleTypes.join(', ')}` }),
  nickname: textSchema('Nickname', vehicleLimits.nickname),
  /** An upload of the caller's (POST /api/uploads), or null for no photo. */
  photoUploadId: idSchema('Photo', 'Photo must be an upload id').nullable(),
};

/** POST /api/vehicles. Colour, plate and nickname may be left empty; the photo left out. */
export const vehicleInputSchema = z.object({
  ...vehicleFields,
  color: vehicleFields.color.optional(),
  licensePlate: vehicleFields.licensePlate.optional(),
  nickname: vehicleFields.nickname.optional(),
  photoUploadId: vehicleFields.photoUploadId.optional(),
});
export type VehicleInput = z.infer<typeof vehicleInputSchema>;
/** What the My Cars form holds before parsing (the year as typed). */
export type VehicleFormValues = z.input<typeof vehicleInputSchema>;

/** PATCH /api/vehicles/:id: only the fields sent change; an empty colour, plate or nickname clears it, null the photo. */
export const vehicleUpdateSchema = z.object(vehicleFields).partial();
export type VehicleUpdate = z.infer<typeof vehicleUpdateSchema>;

export const vehicleIdParamsSchema = z.object({ id: idParam('Vehicle id') });

/** A car as the API returns it. Colour, plate and nickname are '' when not given. */
export const vehicleSchema = z.object({
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  color: z.string(),
  licensePlate: z.string(),
  vehicleType: z.enum(vehicleTypes),
  nickname: z.string(),
  photoUploadId: z.number().int().nullable(),
  /** '/api/uploads/{id}', or null without a photo. */
  photoUrl: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
