import { describe, expect, it } from 'vitest';
import type { SmartChoices, SmartOffer } from '@core/schemas/smart-booking.ts';
import { anotherDayStart, bookingFor, dayRange, defaultState, isQuickWhen, offersSearch, whenChips, whenProblem } from './smart-state.ts';

const choices: SmartChoices = {
  today: '2026-11-28',
  categories: [{ id: 1, name: 'Exterior' }],
  services: [{ id: 7, name: 'Basic Exterior Wash', categoryId: 1, priceCents: 5900, durationMinutes: 45 }],
  suggestedServiceId: 7,
  cars: [{ id: 3, label: 'Blue one', vehicleType: 'SUV' }],
  places: [
    { savedAddressId: 9, label: 'Home', address: '500 Howard St', apt: '', city: 'San Francisco', zip: '94105' },
    { savedAddressId: null, label: 'Last booking', address: '1 Market St', apt: '4', city: 'San Francisco', zip: '94103' },
  ],
};

const offer = { detailerId: 2, serviceId: 7, date: '2026-11-30', time: '9:00 AM' } as SmartOffer;

describe('smart booking state', () => {
  it('starts from the most booked service, the first car and place, as soon as possible', () => {
    const state = defaultState(choices);
    expect(state).toEqual({
      what: { kind: 'service', id: 7 },
      car: { kind: 'saved', id: 3 },
      where: { kind: 'place', index: 0 },
      when: { kind: 'asap' },
    });
    expect(offersSearch(state, choices)?.toString()).toBe('serviceId=7&vehicleId=3&savedAddressId=9&when=asap');
  });

  it('asks by category, vehicle type, a ZIP and a day window', () => {
    const search = offersSearch(
      {
        what: { kind: 'category', id: 1 },
        car: { kind: 'type', vehicleType: 'Van' },
        where: { kind: 'place', index: 1 },
        when: { kind: 'day', date: '2026-11-30', window: 'morning' },
      },
      choices,
    );
    expect(search?.toString()).toBe('categoryId=1&vehicleType=Van&zip=94103&when=2026-11-30&window=morning');
  });

  it('waits for a valid ZIP before asking', () => {
    const state = { ...defaultState(choices), where: { kind: 'new' as const, address: '', apt: '', city: '', zip: '9410' } };
    expect(offersSearch(state, choices)).toBeNull();
    expect(offersSearch({ ...state, where: { ...state.where, zip: '94110' } }, choices)?.get('zip')).toBe('94110');
  });

  it("offers tomorrow's morning, across a month's end", () => {
    const labels = whenChips(choices.today).map((chip) => chip.label);
    expect(labels).toEqual(['As soon as possible', 'Today · Morning', 'Today · Afternoon', 'Tomorrow · Morning', 'Tomorrow · Afternoon']);
    expect(whenChips('2026-11-30')[3]!.when).toEqual({ kind: 'day', date: '2026-12-01', window: 'morning' });
  });

  it('books the offer at the chosen place, and names what a new address still lacks', () => {
    const made = bookingFor(defaultState(choices), choices, offer, 'SUV');
    expect(made).toMatchObject({
      input: {
        detailerId: 2,
        serviceId: 7,
        vehicleType: 'SUV',
        vehicleId: 3,
        date: '2026-11-30',
        time: '9:00 AM',
        address: '500 Howard St',
        zip: '94105',
      },
    });
    const typed = { ...defaultState(choices), where: { kind: 'new' as const, address: '', apt: '', city: 'Oakland', zip: '94612' } };
    expect(bookingFor(typed, choices, offer, 'SUV')).toEqual({ missing: 'address' });
  });

  it("'Another day' asks any day from today up to the booking horizon, and names a day outside it", () => {
    expect(dayRange('2026-11-28')).toEqual({ min: '2026-11-28', max: '2027-02-26' });
    expect(anotherDayStart('2026-11-28', { kind: 'asap' })).toEqual({ kind: 'day', date: '2026-11-30', window: 'morning' });
    const later = { kind: 'day', date: '2027-01-15', window: 'afternoon' } as const;
    expect(anotherDayStart('2026-11-28', later)).toBe(later);
    expect(isQuickWhen('2026-11-28', later)).toBe(false);
    expect(isQuickWhen('2026-11-28', { kind: 'day', date: '2026-11-29', window: 'morning' })).toBe(true);
    expect(offersSearch({ ...defaultState(choices), when: later }, choices)?.toString()).toBe(
      'serviceId=7&vehicleId=3&savedAddressId=9&when=2027-01-15&window=afternoon',
    );
    const asked = (date: string) => ({ ...defaultState(choices), when: { kind: 'day' as const, date, window: 'morning' as const } });
    expect(whenProblem(choices.today, asked('2027-02-26').when)).toBeNull();
    expect(whenProblem(choices.today, asked('2027-02-27').when)).toBe(
      'Bookings can be made up to 90 days ahead. Please choose an earlier date.',
    );
    expect(whenProblem(choices.today, asked('2026-11-27').when)).toBe('Date cannot be in the past');
    expect(whenProblem(choices.today, asked('').when)).toBe('Choose a day.');
    for (const date of ['2026-11-27', '2027-02-27', '']) expect(offersSearch(asked(date), choices)).toBeNull();
  });
});
