// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot } from '@core/schemas/booking.ts';
import type { DetailerWithServices, Service } from '@core/schemas/catalog.ts';
import type { User } from '@core/schemas/user.ts';
import { addDays, formatLongDate, toIsoDate } from '@/lib/calendar-dates.ts';
import { bookingResponse, jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest, renderAtPath, signedInQueryClient } from '../../../../../tests/factories/page-harness.tsx';
import { readPendingBooking } from '../lib/pending-booking.ts';
import BookingPage from './booking-page.tsx';
import { userResponse, vehicleResponse } from '../../../../../tests/factories/account-responses.ts';

const customer = userResponse();
const wash: Service = {
  id: 1,
  detailerId: 1,
  categoryId: 1,
  name: 'Basic Exterior Wash',
  description: 'Outside only',
  price: 59,
  priceCents: 5900,
  duration: 45,
  imageUrl: '/images/services/default.svg',
  surcharges: [],
};
const detailer: DetailerWithServices = {
  id: 1,
  userId: 5,
  businessName: 'Gloss Boss Mobile Detailing',
  description: '',
  avatarUrl: null,
  rating: 4.9,
  reviewCount: 120,
  startingPrice: 59,
  distanceMiles: 1.2,
  services: ['Exterior'],
  timeZone: 'UTC',
  createdAt: '2098-01-01T00:00:00.000Z',
  serviceArea: null,
  vehicleDescription: '',
  offeredServices: [wash],
};
const rav4 = vehicleResponse();
const past = bookingResponse({
  id: 41,
  status: 'completed',
  customerId: customer.id,
  vehicleType: 'SUV',
  vehicleId: rav4.id,
  notes: 'Mind the roof rack',
  accessNotes: 'Gate code 2468',
  address: '500 Howard St',
  apt: 'Unit 4',
  city: 'San Francisco',
  zip: '94105',
});
// Someone else's booking is a 404, exactly like a booking that does not exist (server/bookings/booking-records.ts).
const strangersId = 77;

const today = toIsoDate(new Date());
const tomorrow = addDays(today, 1);
const slotTimes = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM'] as const;
/** Today is full; tomorrow has everything but 10:00 AM. */
function day(date: string): AvailabilitySlot[] {
  return slotTimes.map((time) => {
    const available = date === tomorrow && time !== '10:00 AM';
    return { time, startsAt: `${date}T09:00:00.000Z`, available, reason: available ? ('ok' as const) : ('taken' as const) };
  });
}

/** The status GET /api/services/1 answers with (paused or archived services: another part's), or null for the service. */
let serviceStatus: number | null;
const fetchMock = vi.fn(async (url: string) => {
  const path = new URL(url, 'http://localhost');
  if (path.pathname === '/api/bookings/41') return json(past);
  if (path.pathname === '/api/detailers/1') return json(detailer);
  if (path.pathname === '/api/services/1') {
    return serviceStatus === null
      ? json(wash)
      : json({ code: serviceStatus === 404 ? 'not_found' : 'conflict', message: 'This service is paused' }, serviceStatus);
  }
  if (path.pathname === '/api/vehicles') return json([rav4]);
  if (path.pathname === '/api/addresses') return json([]);
  if (path.pathname === '/api/detailers/1/availability') {
    const date = path.searchParams.get('date')!;
    return json({ date, timeZone: 'UTC', slots: day(date) });
  }
  return json({ code: 'not_found', message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock, { hasMeasuringWidgets: true });
beforeEach(() => {
  serviceStatus = null;
});
afterEach(() => localStorage.clear());

function renderAt(path: string, user: User | null = customer) {
  return renderAtPath(path, <BookingPage />, signedInQueryClient(user));
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("BookingPage with 'Book again' (?rebook=)", () => {
  it('opens step 2 with the place and notes of the past booking, the soonest free day chosen and its first slots marked Soonest', async () => {
    renderAt('/booking/1?serviceId=1&rebook=41');
    expect(await screen.findByRole('heading', { name: 'Select Date & Time' })).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toMatch(/Time/);
    // Step 1 is skipped: what it holds is shown, the saved car by name.
    const copied = screen.getByRole('region', { name: 'Same as last time' });
    expect(copied.textContent).toContain('Basic Exterior Wash');
    expect(copied.textContent).toContain('Blue one · SUV');
    expect(copied.textContent).toContain('Mind the roof rack');
    expect(field('Address').value).toBe('500 Howard St');
    expect(field('Apartment/Suite/Unit (optional)').value).toBe('Unit 4');
    expect(field('City').value).toBe('San Francisco');
    expect(field('Zip').value).toBe('94105');
    expect(field('Access notes (optional)').value).toBe('Gate code 2468');

    // Today is full: tomorrow is chosen, and its first three free slots are the soonest.
    await waitFor(() => expect(screen.getByRole('button', { name: formatLongDate(tomorrow) }).getAttribute('aria-pressed')).toBe('true'));
    const slots = await screen.findByRole('radiogroup', { name: 'Available Time Slots' });
    await waitFor(() => expect(within(slots).getAllByText('Soonest')).toHaveLength(3));
    for (const time of ['9:00 AM', '11:00 AM', '1:00 PM']) {
      expect(within(slots).getByRole('radio', { name: new RegExp(`^${time},\\s?Soonest$`) })).toBeTruthy();
    }
    expect(within(slots).getByRole('radio', { name: '2:00 PM' })).toBeTruthy();

    // The draft keeps the saved car and where it came from, so a reload resumes instead of starting over.
    expect(readPendingBooking()).toMatchObject({
      detailerId: 1,
      serviceId: 1,
      vehicleId: 31,
      vehicleType: 'SUV',
      notes: 'Mind the roof rack',
      rebookOf: 41,
      step: 2,
    });
  });

  it("prefills nothing from someone else's booking (404): the normal flow on step 1", async () => {
    renderAt(`/booking/1?serviceId=1&rebook=${strangersId}`);
    expect(await screen.findByRole('heading', { name: 'Select a Service' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Select Date & Time' })).toBeNull();
    expect(readPendingBooking()).toMatchObject({ address: null, notes: null, step: 1 });
    expect(readPendingBooking()?.rebookOf).toBeUndefined();
  });

  it('prefills nothing for a visitor: no booking is asked for', async () => {
    renderAt('/booking/1?serviceId=1&rebook=41', null);
    expect(await screen.findByRole('heading', { name: 'Select a Service' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/bookings/41', expect.anything());
  });

  it.each([404, 409])("says a service the API answers %i for can't be booked, with a link to the detailer", async (status) => {
    serviceStatus = status;
    renderAt('/booking/1?serviceId=1&rebook=41');
    expect(await screen.findByRole('heading', { name: "Basic Exterior Wash can't be booked right now" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Gloss Boss Mobile Detailing' }).getAttribute('href')).toBe('/detailers/1');
    expect(screen.queryByRole('heading', { name: 'Select Date & Time' })).toBeNull();
  });
});
