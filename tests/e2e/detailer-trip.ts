import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, openAsDemo } from './fixtures.ts';

/**
 * Places due south of a booking's address as the server located it (the e2e server has no geocoder: ZIP 94105's
 * centre), for the detailer's browser location on the way there. 0.01 degree of latitude is about 1.1 km.
 */
async function southOfTheJob(customer: APIRequestContext, bookingId: number) {
  const tracking = await (await customer.get(`/api/bookings/${bookingId}/tracking`)).json();
  const destination = tracking.destination as { latitude: number; longitude: number } | null;
  expect(destination).not.toBeNull();
  return (degrees: number) => ({ latitude: destination!.latitude - degrees, longitude: destination!.longitude });
}

/**
 * The demo detailer's phone on a trip to the customer's booking: location allowed, 4.4 km south of the job
 * (`south(0.04)`; `south` moves it on), reduced motion so a toast is checked once shown, not halfway through its fade.
 */
export async function openDetailerSouthOfTheJob(browser: Browser, customer: APIRequestContext, bookingId: number) {
  const south = await southOfTheJob(customer, bookingId);
  const opened = await openAsDemo(browser, 'detailer', { permissions: ['geolocation'], geolocation: south(0.04), reducedMotion: 'reduce' });
  return { ...opened, south };
}

/** The customer's 'N.N mi away · updated ...' line under the ETA. */
export const distanceLine = (page: Page) => page.getByText(/^(\d+\.\d mi|\d+ ft) away · updated/);

/** The miles a distance line reads. */
export const milesOf = (line: string) => Number(/^(\d+\.\d) mi/.exec(line)?.[1]);
