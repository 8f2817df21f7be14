// A saved car's limits and how it is named in lists (My Cars, the booking flow), apart from its schema
// (core/schemas/vehicle.ts) so that a page showing cars does not load zod for them (issue 13).

/** The oldest model year My Cars takes (the database checks it too). */
export const minVehicleYear = 1950;
/** The newest model year: next year's models are on sale from the middle of this one. */
export const maxVehicleYear = (now = new Date()) => now.getFullYear() + 1;

export const vehicleLimits = { make: 40, model: 60, color: 30, licensePlate: 12, nickname: 40 } as const;

/** 'Year Make Model': how a car without a nickname is named. */
export const vehicleDescription = (car: { year: number; make: string; model: string }) => `${car.year} ${car.make} ${car.model}`;

/** The car's name in lists: its nickname, else 'Year Make Model'. */
export const vehicleName = (car: { nickname: string; year: number; make: string; model: string }) =>
  car.nickname || vehicleDescription(car);
