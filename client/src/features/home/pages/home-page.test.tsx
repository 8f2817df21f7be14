// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import HomePage from './home-page.tsx';

const service = (id: number, name: string, categoryId = 1) => ({
  id,
  detailerId: 1,
  categoryId,
  name,
  description: '',
  price: 59,
  priceCents: 5900,
  duration: 45,
  imageUrl: '/images/services/default.svg',
});
const detailer = (id: number, businessName: string, distanceMiles: number | null) => ({
  id,
  userId: id,
  businessName,
  description: '',
  avatarUrl: null,
  rating: 4.5,
  reviewCount: 10,
  startingPrice: 59,
  distanceMiles,
  services: ['Interior'],
  timeZone: 'UTC',
  createdAt: '',
  vehicleDescription: '',
  serviceArea: { latitude: 37.7749 + id / 100, longitude: -122.4194, radiusMiles: 25 },
});

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);

stubFetchEachTest(fetchMock);
beforeEach(() => {
  replies = {
    '/api/service-categories': {
      status: 200,
      body: [
        { id: 1, name: 'Exterior' },
        { id: 2, name: 'Interior' },
      ],
    },
    '/api/services': {
      status: 200,
      body: [
        service(1, 'Basic Exterior Wash'),
        service(2, 'Full Interior Detail', 2),
        service(3, 'Complete Detail Package'),
        service(4, 'Ceramic Coating'),
        service(5, 'Engine Bay Cleaning'),
      ],
    },
    '/api/services?categoryId=2': { status: 200, body: [service(2, 'Full Interior Detail', 2)] },
    '/api/detailers': {
      status: 200,
      body: [detailer(1, 'Far Wash', 8.2), detailer(2, 'Sparkle Squad', 1.1), detailer(3, 'Mystery Mobile', null)],
    },
  };
});

function renderHome() {
  return renderAtPath(
    '/',
    <>
      <HomePage />
      <Toaster />
    </>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });
const askedFor = (url: string) => fetchMock.mock.calls.some(([asked]) => asked === url);

describe('HomePage', () => {
  it('shows 3 chip, 2 detailer and 4 service skeletons while loading', () => {
    for (const url of ['/api/service-categories', '/api/services', '/api/detailers']) replies[url] = 'pending';
    const { container } = renderHome();
    expect(screen.getByRole('status', { name: 'Loading categories' }).children).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Loading detailers' }).children).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Loading services' }).children).toHaveLength(4);
    expect(container.querySelectorAll('article')).toHaveLength(0);
  });

  it('welcomes a visitor, shows the 2 nearest detailers and the first 4 services', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Welcome to Glossly!' })).toBeTruthy();
    const detailers = section('Nearby Detailers');
    await within(detailers).findByRole('heading', { name: 'Sparkle Squad' });
    expect(
      within(detailers)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')?.textContent),
    ).toEqual(['Sparkle Squad', 'Far Wash']);
    const services = section('Popular Services');
    expect(within(services).getAllByRole('article')).toHaveLength(4);
    expect(within(services).queryByRole('heading', { name: 'Engine Bay Cleaning' })).toBeNull();
    // The 'Book again' row is a customer's: a visitor's home asks for neither its code nor its data.
    expect(askedFor('/api/bookings/recent-detailers')).toBe(false);
  });

  it('reloads the services for a chosen category and marks its chip active', async () => {
    renderHome();
    const interior = await screen.findByRole('button', { name: 'Interior' });
    fireEvent.click(interior);
    expect(interior.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All Services' }).getAttribute('aria-pressed')).toBe('false');
    const services = section('Popular Services');
    await within(services).findByRole('heading', { name: 'Full Interior Detail' });
    expect(within(services).getAllByRole('article')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/services?categoryId=2', expect.anything());
  });

  it('filters services and detailers by name as the user types', async () => {
    renderHome();
    await within(section('Popular Services')).findByRole('heading', { name: 'Ceramic Coating' });
    fireEvent.change(screen.getByPlaceholderText('Find detailing services'), { target: { value: 'cERAMIC' } });
    expect(await within(section('Popular Services')).findAllByRole('article')).toHaveLength(1);
    expect(within(section('Nearby Detailers')).getByText('No detailers match your search')).toBeTruthy();
  });

  it('turns each failed fetch into an error state with a retry, and a destructive toast', async () => {
    replies['/api/services'] = { status: 500, body: { message: 'Internal error' } };
    replies['/api/detailers'] = { status: 500, body: { message: 'Internal error' } };
    replies['/api/service-categories'] = { status: 500, body: { message: 'Internal error' } };
    renderHome();
    for (const title of ['Failed to fetch service categories', 'Failed to fetch services', 'Failed to fetch detailers']) {
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByRole('region', { name: /notifications/i }).textContent).toMatch(/Failed to fetch/);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(3);

    replies['/api/services'] = { status: 200, body: [service(1, 'Basic Exterior Wash')] };
    const retry = within(section('Popular Services')).getByRole('button', { name: 'Try again' });
    act(() => retry.click());
    expect(await within(section('Popular Services')).findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
  });
});
