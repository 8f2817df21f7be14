import { z } from 'zod';
import { accessNotesMaxLength, placeAptMaxLength, placeLabelMaxLength, zipMessage, zipPattern } from '../domain/places.ts';
import { idParam, optionalText, textSchema } from './common.ts';

export { placeAptMaxLength } from '../domain/places.ts';

// Saved places (decision 019): where a customer's car usually is, to book there again in a tap. The booking schema
// takes `accessNotesSchema` and `saveAddressSchema` from here, so this file must not import booking.ts.

const requiredText = (message: string, field: string, max: number) => textSchema(field, max, { required: message }).min(1, message);

export const placeLabelSchema = requiredText('Give this place a label, like Home or Work', 'Label', placeLabelMaxLength);
const placeAddressSchema = requiredText('Address is required', 'Address', 200);
const placeCitySchema = requiredText('City is required', 'City', 100);
const placeZipSchema = textSchema('ZIP code', 10, { required: zipMessage, tooLong: zipMessage }).regex(zipPattern, zipMessage);
const aptField = 'Apartment/Suite/Unit';
const accessNotesField = 'Access notes';

/** Gate code, where to park: at most 500 characters; an empty value is omitted. */
export const accessNotesSchema = optionalText(accessNotesField, accessNotesMaxLength, { multiline: true });

/** A booking's `saveAddress`: keep the typed address among the customer's places under this label. */
export const saveAddressSchema = z.object({ label: placeLabelSchema });
export type SaveAddress = z.infer<typeof saveAddressSchema>;

/** POST /api/addresses, and the add/edit form. */
export const savedAddressInputSchema = z.object({
  label: placeLabelSchema,
  address: placeAddressSchema,
  apt: optionalText(aptField, placeAptMaxLength),
  city: placeCitySchema,
  zip: placeZipSchema,
  accessNotes: accessNotesSchema,
});
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;
export type SavedAddressFormValues = z.input<typeof savedAddressInputSchema>;

/** PATCH /api/addresses/:id: only the fields sent change; an empty apt or access notes clears it. */
export const updateSavedAddressSchema = z
  .object({
    label: placeLabelSchema.optional(),
    address: placeAddressSchema.optional(),
    apt: textSchema(aptField, placeAptMaxLength).optional(),
    city: placeCitySchema.optional(),
    zip: placeZipSchema.optional(),
    accessNotes: textSchema(accessNotesField, accessNotesMaxLength, { multiline: true }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateSavedAddressInput = z.infer<typeof updateSavedAddressSchema>;

export const savedAddressIdParamsSchema = z.object({ id: idParam('Place id') });

/** A saved place as the API returns it; `apt` and `accessNotes` are '' when not given. */
export const savedAddressSchema = z.object({
  id: z.number(),
  label: z.string(),
  address: z.string(),
  apt: z.string(),
  city: z.string(),
  zip: z.string(),
  accessNotes: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
