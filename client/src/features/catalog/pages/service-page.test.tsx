// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { Toaster } from '@/components/ui/toaster.tsx';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { basicExteriorWash } from '../../../../../tests/factories/catalog-fixtures.ts';
import ServicePage from './service-page.tsx';

const service = basicExteriorWash;

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);

stubFetchEachTest(fetchMock);
beforeEach(() => {
  replies = {};
});

function renderAt(path: string) {
  return renderAtPath(
    path,
    <>
      <Route path="/services/:id">
        <ServicePage />
      </Route>
      <Route path="/service/:serviceId">
        <ServicePage />
      </Route>
      <Toaster />
    </>,
  );
}

describe('ServicePage', () => {
  it('shows the service with its price, duration and the detailers who offer it', async () => {
    replies['/api/services/1'] = { status: 200, body: service };
    replies['/api/detailers?serviceId=1'] = {
      status: 200,
      body: [
        {
          id: 4,
          userId: 9,
          businessName: 'Far Away Wash',
          description: '',
          avatarUrl: null,
          rating: 4,
          reviewCount: 2,
          startingPrice: 59,
          distanceMiles: 9.5,
          services: [],
          timeZone: 'UTC',
          createdAt: '',
        },
        {
          id: 2,
          userId: 8,
          businessName: 'Sparkle Squad',
          description: '',
          avatarUrl: null,
          rating: 4.7,
          reviewCount: 132,
          startingPrice: 59,
          distanceMiles: 1,
          services: [],
          timeZone: 'UTC',
          createdAt: '',
        },
      ],
    };
    renderAt('/service/1');
    expect(await screen.findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
    expect(screen.getByText('Starting from $59.00')).toBeTruthy();
    expect(screen.getByText('Approx. 45 mins')).toBeTruthy();
    const links = await screen.findAllByRole('link', { name: /Wash|Squad/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/booking?serviceId=1&detailerId=2',
      '/booking?serviceId=1&detailerId=4',
    ]);
  });

  it('says so when nobody offers the service', async () => {
    replies['/api/services/1'] = { status: 200, body: service };
    replies['/api/detailers?serviceId=1'] = { status: 200, body: [] };
    renderAt('/services/1');
    expect(await screen.findByText('No detailers available for this service.')).toBeTruthy();
  });

  it('never calls the server for a non-numeric id and shows Service not found', async () => {
    renderAt('/services/abc');
    expect(screen.getByRole('heading', { name: 'Service not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Service not found for an id the server does not know', async () => {
    renderAt('/services/999');
    expect(await screen.findByRole('heading', { name: 'Service not found' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/services/999', expect.anything());
  });

  it('reports a failed fetch as a toast and an error state with a retry', async () => {
    replies['/api/services/1'] = { status: 500, body: { code: 'internal', message: 'Internal error' } };
    renderAt('/services/1');
    expect(await screen.findByRole('heading', { name: 'Failed to fetch service details' })).toBeTruthy();
    const toastRegion = screen.getByRole('region', { name: /notifications/i });
    expect(toastRegion.textContent).toContain('Failed to fetch service details');
    replies['/api/services/1'] = { status: 200, body: service };
    replies['/api/detailers?serviceId=1'] = { status: 200, body: [] };
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Basic Exterior Wash' })).toBeTruthy();
  });
});
