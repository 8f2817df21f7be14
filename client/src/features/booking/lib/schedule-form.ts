import { z } from 'zod';
import { accessNotesSchema, placeLabelSchema } from '@core/schemas/address.ts';
import { bookingStep2Schema } from '@core/schemas/booking.ts';

// The spec's step 2 plus decision 019: access notes, and a typed address kept as a place under a label. A module of
// its own so that the step loads it, and zod, only when the form is first used (lib/schema-resolver.ts).
export const scheduleFormSchema = bookingStep2Schema
  .extend({ accessNotes: accessNotesSchema, savePlace: z.boolean().optional(), placeLabel: z.string().optional() })
  .superRefine((values, context) => {
    const label = values.savePlace ? placeLabelSchema.safeParse(values.placeLabel ?? '') : null;
    if (label && !label.success) context.addIssue({ code: 'custom', path: ['placeLabel'], message: label.error.issues[0]!.message });
  });
export type ScheduleFormInput = z.input<typeof scheduleFormSchema>;
export type ScheduleFormOutput = z.output<typeof scheduleFormSchema>;
