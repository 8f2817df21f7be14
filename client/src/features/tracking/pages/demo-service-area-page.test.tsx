// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import DemoServiceAreaPage from './demo-service-area-page.tsx';

vi.mock('@/components/map/map-view.tsx', () => import('@/components/map/map-view-stub.tsx'));

const detailer = (id: number, businessName: string, radiusMiles: number | null) => ({
  id,
  userId: id,
  businessName,
  description: '',
  avatarUrl: null,
  rating: 4.5,
  reviewCount: 10,
  startingPrice: 59,
  distanceMiles: 2,
  services: ['Interior'],
  timeZone: 'America/Los_Angeles',
  createdAt: '',
  vehicleDescription: '',
  serviceArea: radiusMiles === null ? null : { latitude: 37.77 + id / 100, longitude: -122.42, radiusMiles },
});

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);
beforeEach(() => {
  replies = {
    '/api/detailers': {
      status: 200,
      body: [detailer(1, 'Gloss Boss', 25), detailer(2, 'Sparkle Squad', 10), detailer(3, 'No Base Yet', null)],
    },
    '/api/service-area/check?detailerId=1&zip=94105': {
      status: 200,
      body: { covered: true, distanceMiles: 1.2, radiusMiles: 25, detailerName: 'Gloss Boss' },
    },
    '/api/service-area/check?detailerId=2&zip=95814': {
      status: 200,
      body: { covered: false, distanceMiles: 75.4, radiusMiles: 10, detailerName: 'Sparkle Squad' },
    },
  };
});

const renderPage = () => renderAtPath('/demo-service-area', <DemoServiceAreaPage />);

describe('DemoServiceAreaPage', () => {
  it("draws each detailer's service area as a circle, with the same list in words", async () => {
    renderPage();
    const circles = within(await screen.findByRole('list', { name: 'Map circles' }));
    expect(circles.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gloss Boss: 25 miles', 'Sparkle Squad: 10 miles']);
    expect(screen.getByText('Up to 10 miles')).toBeTruthy();
    expect(screen.getByRole('region', { name: "Map of the detailers' service areas" })).toBeTruthy();
  });

  it('checks a ZIP code: Covered', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText('ZIP code'), { target: { value: '94105' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Covered')).toBeTruthy();
    expect(screen.getByText('Gloss Boss comes to 94105 (1.2 miles from their base; they travel up to 25).')).toBeTruthy();
  });

  it('checks a ZIP code against the detailer chosen on the map: Outside the service area', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sparkle Squad' }));
    expect((screen.getByLabelText('Detailer') as HTMLSelectElement).value).toBe('2');
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '95814' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Outside the service area')).toBeTruthy();
    expect(screen.getByText('Sparkle Squad does not travel to 95814 (75.4 miles from their base; they travel up to 10).')).toBeTruthy();
  });

  it('refuses a ZIP code that is not five digits, without asking the server', async () => {
    renderPage();
    const zip = await screen.findByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '941' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(zip);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/service-area/check'))).toBe(false);
  });

  it('says so when no detailer has a service area yet', async () => {
    replies['/api/detailers'] = { status: 200, body: [detailer(3, 'No Base Yet', null)] };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No service areas yet' })).toBeTruthy();
  });
});
