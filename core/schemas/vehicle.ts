import { z } from 'zod';
import { vehicleTypes } from './booking.ts';
import { idParam, idSchema, textSchema } from './common.ts';

export { vehicleTypes, type VehicleType } from './booking.ts';

/** The oldest model year My Cars takes (the database checks it too). */
export const minVehicleYear = 1950;
/** The newest model year: next year's models are on sale from the middle of this one. */
export const maxVehicleYear = (now = new Date()) => now.getFullYear() + 1;

export const vehicleLimits = { make: 40, model: 60, color: 30, licensePlate: 12, nickname: 40 } as const;

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

/** 'Year Make Model': how a car without a nickname is named. */
export const vehicleDescription = (car: { year: number; make: string; model: string }) => `${car.year} ${car.make} ${car.model}`;

/** The car's name in lists: its nickname, else 'Year Make Model'. */
export const vehicleName = (car: { nickname: string; year: number; make: string; model: string }) => car.nickname || vehicleDescription(car);
