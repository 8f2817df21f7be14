// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { SoonestSlot } from '@core/schemas/payments.ts';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { readPendingBooking } from '../lib/pending-booking.ts';
import QuickCheckoutPage from './quick-checkout-page.tsx';

const slot: SoonestSlot = {
  serviceId: 3,
  serviceName: 'Basic Exterior Wash',
  priceCents: 5000,
  detailerId: 1,
  detailerBusinessName: 'Gloss Boss Mobile Detailing',
  date: '2030-05-02',
  time: '9:00 AM',
  startsAt: '2030-05-02T16:00:00.000Z',
  timeZone: 'America/Los_Angeles',
};
const replies: Record<string, Reply> = { '/api/services/3/soonest-slot': { status: 200, body: slot } };
stubFetchEachTest(fetchFromReplies(() => replies));

async function openPage() {
  localStorage.clear();
  renderAtPath('/quick-checkout/3', <Route path="/quick-checkout/:serviceId" component={QuickCheckoutPage} />);
  return screen.findByLabelText('Vehicle Type');
}

describe('QuickCheckoutPage', () => {
  it("shows the schema's message when no vehicle type is chosen, focuses it and stays", async () => {
    const vehicle = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Schedule' }));
    await waitFor(() => expect(vehicle.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('quick-vehicleType-error')?.textContent).toBe('Choose a vehicle type');
    expect(document.activeElement).toBe(vehicle);
    expect(readPendingBooking()).toBeNull();
  });

  it('keeps the chosen vehicle in the booking draft, opened at step 2', async () => {
    const vehicle = await openPage();
    const type = (vehicle as HTMLSelectElement).options[1]!.value;
    fireEvent.change(vehicle, { target: { value: type } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Schedule' }));
    await waitFor(() => expect(readPendingBooking()).toMatchObject({ vehicleType: type, step: 2, date: '2030-05-02', time: '9:00 AM' }));
  });
});
