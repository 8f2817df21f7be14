// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { jsonResponse } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import type { LocationSharing } from '@core/schemas/tracking.ts';
import LocationSharingPage from './location-sharing-page.tsx';

type Call = { method: string; url: string; body: unknown };
let sharing: LocationSharing;
let positionStatus: number;
let calls: Call[];

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  calls.push({ method, url, body });
  if (url === '/api/detailer/location-sharing' && method === 'PUT') {
    sharing = { ...sharing, enabled: (body as { enabled: boolean }).enabled };
    return jsonResponse(sharing, 200);
  }
  if (url === '/api/detailer/location-sharing') return jsonResponse(sharing, 200);
  if (url === '/api/detailer/positions') {
    return positionStatus === 204
      ? new Response(null, { status: 204 })
      : jsonResponse({ message: 'This job is not on its way' }, positionStatus);
  }
  return jsonResponse({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const activeBooking = {
  id: 7,
  status: 'en_route' as const,
  serviceName: 'Basic Exterior Wash',
  customerName: 'Sam Carter',
  address: '500 Howard St',
  startsAt: '2099-01-05T17:00:00Z',
};

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;
const geolocation = { getCurrentPosition: vi.fn(), watchPosition: vi.fn(), clearWatch: vi.fn() };
const fix = (latitude: number, longitude = -122.41) =>
  ({ coords: { latitude, longitude, accuracy: 8 }, timestamp: Date.now() }) as unknown as GeolocationPosition;
const denied = { code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError;

beforeEach(() => {
  calls = [];
  positionStatus = 204;
  sharing = { enabled: false, activeBooking: null, sharedWith: 'The customer of the job on its way (Sam Carter) and Glossly support.' };
  for (const fn of Object.values(geolocation)) fn.mockReset();
  geolocation.watchPosition.mockReturnValue(1);
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

const renderPage = () =>
  renderAtPath(
    '/detailer/location-sharing',
    <>
      <LocationSharingPage />
      <Toaster />
    </>,
  );
const theSwitch = async () => (await screen.findByRole('switch', { name: 'Share my location today' })) as HTMLInputElement;
const positionPosts = () => calls.filter((c) => c.url === '/api/detailer/positions');

describe('LocationSharingPage', () => {
  it('is off by default, says what is shared and with whom, and that no job is on its way', async () => {
    renderPage();
    expect((await theSwitch()).checked).toBe(false);
    expect(screen.getByText('No job on its way right now — sharing starts when you tap On my way')).toBeTruthy();
    expect(screen.getByText('The customer of the job on its way (Sam Carter) and Glossly support.')).toBeTruthy();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
  });

  it('asks the browser for the location when turned on, then turns sharing on for today', async () => {
    geolocation.getCurrentPosition.mockImplementation((success: Success) => success(fix(37.77)));
    renderPage();
    fireEvent.click(await theSwitch());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true });
    await waitFor(async () => expect((await theSwitch()).checked).toBe(true));
    expect(await screen.findByText('Location sharing is on for today')).toBeTruthy();
  });

  it('stays off and explains how to allow location when the browser refuses', async () => {
    geolocation.getCurrentPosition.mockImplementation((_: Success, failure: Failure) => failure(denied));
    renderPage();
    fireEvent.click(await theSwitch());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Location access is blocked');
    expect(alert.textContent).toContain('set Location to Allow, then turn sharing on again');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect((await theSwitch()).checked).toBe(false);
  });

  it('while on with a job on its way: watches the position, sends it, and shows when it last went out', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    sharing = { ...sharing, enabled: true, activeBooking };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'On your way: Basic Exterior Wash' })).toBeTruthy();
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalledTimes(1));
    const onFix = geolocation.watchPosition.mock.calls[0]![0] as Success;
    act(() => onFix(fix(37.77)));
    await waitFor(() => expect(positionPosts()).toHaveLength(1));
    expect(positionPosts()[0]!.body).toEqual({ bookingId: 7, latitude: 37.77, longitude: -122.41, accuracyMeters: 8 });
    expect(await screen.findByText(/^Sharing live · Last sent \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeTruthy();

    // Ten meters is not worth a send; sixty meters is, as soon as 2 seconds have passed since the last one.
    act(() => vi.advanceTimersByTime(3_000));
    act(() => onFix(fix(37.77009)));
    await Promise.resolve();
    expect(positionPosts()).toHaveLength(1);
    act(() => onFix(fix(37.7706)));
    await waitFor(() => expect(positionPosts()).toHaveLength(2));
    expect(positionPosts()[1]!.body).toMatchObject({ latitude: 37.7706 });
  });

  it('holds a move that comes within 2 seconds of the last send until those 2 seconds have passed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    sharing = { ...sharing, enabled: true, activeBooking };
    renderPage();
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalledTimes(1));
    const onFix = geolocation.watchPosition.mock.calls[0]![0] as Success;
    act(() => onFix(fix(37.77)));
    await waitFor(() => expect(positionPosts()).toHaveLength(1));
    act(() => onFix(fix(37.771)));
    await Promise.resolve();
    expect(positionPosts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2_000));
    await waitFor(() => expect(positionPosts()).toHaveLength(2));
    expect(positionPosts()[1]!.body).toMatchObject({ latitude: 37.771 });
  });

  it('sends the latest position again every 10 seconds while the detailer stands still', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    sharing = { ...sharing, enabled: true, activeBooking };
    renderPage();
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalledTimes(1));
    act(() => (geolocation.watchPosition.mock.calls[0]![0] as Success)(fix(37.77)));
    await waitFor(() => expect(positionPosts()).toHaveLength(1));
    act(() => vi.advanceTimersByTime(5_000));
    expect(positionPosts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(positionPosts()).toHaveLength(2));
  });

  it('does not watch the position while sharing is on but no job is on its way', async () => {
    sharing = { ...sharing, enabled: true };
    renderPage();
    await waitFor(async () => expect((await theSwitch()).checked).toBe(true));
    expect(screen.getByText('No job on its way right now — sharing starts when you tap On my way')).toBeTruthy();
    expect(geolocation.watchPosition).not.toHaveBeenCalled();
  });

  it('reloads what is shared when the server refuses a position (the job is no longer on its way)', async () => {
    sharing = { ...sharing, enabled: true, activeBooking };
    positionStatus = 409;
    renderPage();
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalledTimes(1));
    sharing = { ...sharing, activeBooking: null };
    act(() => (geolocation.watchPosition.mock.calls[0]![0] as Success)(fix(37.77)));
    expect(await screen.findByText('No job on its way right now — sharing starts when you tap On my way')).toBeTruthy();
    await waitFor(() => expect(geolocation.clearWatch).toHaveBeenCalledWith(1));
  });

  it('says how to allow location when the browser blocks it during a trip', async () => {
    sharing = { ...sharing, enabled: true, activeBooking };
    renderPage();
    await waitFor(() => expect(geolocation.watchPosition).toHaveBeenCalledTimes(1));
    act(() => (geolocation.watchPosition.mock.calls[0]![1] as Failure)(denied));
    expect((await screen.findByRole('alert')).textContent).toContain('Location access is blocked');
  });
});
