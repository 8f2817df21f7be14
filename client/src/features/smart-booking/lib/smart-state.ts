import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { timeWindowLabels, type TimeWindow } from '@core/domain/time-windows.ts';
import type { CreateBookingInput, VehicleType } from '@core/schemas/booking.ts';
import type { SmartChoices, SmartOffer } from '@core/schemas/smart-booking.ts';
import { addCalendarDays } from '@core/domain/business-weeks.ts';

/** What the customer asked: a service or any service of a category. */
export type What = { kind: 'service'; id: number } | { kind: 'category'; id: number };
/** Which car: one of theirs, or a vehicle type. */
export type Car = { kind: 'saved'; id: number } | { kind: 'type'; vehicleType: VehicleType };
/** Where: one of the places offered (by index), or a new address typed in. */
export type Where = { kind: 'place'; index: number } | { kind: 'new'; address: string; apt: string; city: string; zip: string };
/** When: as soon as possible, or a day and a window. */
export type When = { kind: 'asap' } | { kind: 'day'; date: string; window: TimeWindow };

export type SmartState = { what: What | null; car: Car; where: Where; when: When };

export const emptyNewPlace: Where = { kind: 'new', address: '', apt: '', city: '', zip: '' };

/** The page's starting point: the most booked service, the first saved car, the first place, as soon as possible. */
export function defaultState(choices: SmartChoices): SmartState {
  const car: Car = choices.cars[0] ? { kind: 'saved', id: choices.cars[0].id } : { kind: 'type', vehicleType: 'Sedan' };
  return {
    what: choices.suggestedServiceId === null ? null : { kind: 'service', id: choices.suggestedServiceId },
    car,
    where: choices.places.length > 0 ? { kind: 'place', index: 0 } : emptyNewPlace,
    when: { kind: 'asap' },
  };
}

/** The chips of 'When': as soon as possible, and today's and tomorrow's morning and afternoon. */
export function whenChips(today: string): { label: string; when: When }[] {
  const tomorrow = addCalendarDays(today, 1);
  const day = (label: string, date: string, window: TimeWindow) => ({
    label: `${label} · ${timeWindowLabels[window]}`,
    when: { kind: 'day', date, window } as When,
  });
  return [
    { label: 'As soon as possible', when: { kind: 'asap' } },
    day('Today', today, 'morning'),
    day('Today', today, 'afternoon'),
    day('Tomorrow', tomorrow, 'morning'),
    day('Tomorrow', tomorrow, 'afternoon'),
  ];
}

/** The days 'Another day' may ask for: today up to the booking horizon. */
export function dayRange(today: string): { min: string; max: string } {
  return { min: today, max: addCalendarDays(today, bookingHorizonDays) };
}

/** True when the 'When' is one of the quick chips; any other day shows under 'Another day'. */
export function isQuickWhen(today: string, when: When): boolean {
  return whenChips(today).some((chip) => sameWhen(chip.when, when));
}

/** Opening 'Another day' keeps a day already asked for, else starts the day after tomorrow in the morning. */
export function anotherDayStart(today: string, when: When): When {
  return when.kind === 'day' ? when : { kind: 'day', date: addCalendarDays(today, 2), window: 'morning' };
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Why the asked day cannot be searched (same words as the server), or null when it can. */
export function whenProblem(today: string, when: When): string | null {
  if (when.kind === 'asap') return null;
  if (!datePattern.test(when.date)) return 'Choose a day.';
  if (when.date < today) return 'Date cannot be in the past';
  if (when.date > dayRange(today).max) return `Bookings can be made up to ${bookingHorizonDays} days ahead. Please choose an earlier date.`;
  return null;
}

export const sameWhen = (a: When, b: When) =>
  a.kind === 'asap' ? b.kind === 'asap' : b.kind === 'day' && a.date === b.date && a.window === b.window;

const zipPattern = /^\d{5}(-\d{4})?$/;

/** The offers query, or null while something is missing (no service chosen, no valid ZIP or day yet). */
export function offersSearch(state: SmartState, choices: SmartChoices): URLSearchParams | null {
  if (!state.what || whenProblem(choices.today, state.when)) return null;
  const search = new URLSearchParams();
  search.set(state.what.kind === 'service' ? 'serviceId' : 'categoryId', String(state.what.id));
  if (state.car.kind === 'saved') search.set('vehicleId', String(state.car.id));
  else search.set('vehicleType', state.car.vehicleType);
  if (state.where.kind === 'place') {
    const place = choices.places[state.where.index];
    if (!place) return null;
    if (place.savedAddressId !== null) search.set('savedAddressId', String(place.savedAddressId));
    else search.set('zip', place.zip);
  } else {
    if (!zipPattern.test(state.where.zip.trim())) return null;
    search.set('zip', state.where.zip.trim());
  }
  if (state.when.kind === 'asap') search.set('when', 'asap');
  else {
    search.set('when', state.when.date);
    search.set('window', state.when.window);
  }
  return search;
}

/** The booking of an offer, or the name of what is still missing (a new address needs its street and city). */
export function bookingFor(
  state: SmartState,
  choices: SmartChoices,
  offer: SmartOffer,
  vehicleType: VehicleType,
): { input: CreateBookingInput } | { missing: 'address' | 'city' } {
  const place = state.where.kind === 'place' ? choices.places[state.where.index]! : state.where;
  if (!place.address.trim()) return { missing: 'address' };
  if (!place.city.trim()) return { missing: 'city' };
  return {
    input: {
      detailerId: offer.detailerId,
      serviceId: offer.serviceId,
      vehicleType,
      vehicleId: state.car.kind === 'saved' ? state.car.id : undefined,
      notes: undefined,
      date: offer.date,
      time: offer.time,
      address: place.address.trim(),
      apt: place.apt.trim() || undefined,
      city: place.city.trim(),
      zip: place.zip.trim(),
      accessNotes: '',
    },
  };
}

const storageKey = 'glossly.smart-booking';

/** Kept across sign-in: a visitor who taps 'Book' comes back to the same choices. */
export function rememberState(state: SmartState): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(state));
  } catch {
    // Private mode without storage: the page starts from its defaults again.
  }
}

export function recallState(): SmartState | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    sessionStorage.removeItem(storageKey);
    return raw ? (JSON.parse(raw) as SmartState) : null;
  } catch {
    return null;
  }
}
