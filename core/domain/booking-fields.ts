// What a booking's fields accept, apart from their schemas (core/schemas/booking.ts) so that a page can offer the
// choices without loading zod, whose start-up is a long task on a slow phone (issue 13).

/** The vehicle types a booking is priced for (the spec's list). */
export const vehicleTypes = ['Sedan', 'SUV', 'Truck', 'Van', 'Luxury/Sports'] as const;
export type VehicleType = (typeof vehicleTypes)[number];

/** The longest note a customer may leave for the detailer. */
export const notesMaxLength = 500;
