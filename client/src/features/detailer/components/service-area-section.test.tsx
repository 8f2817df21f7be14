// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { jsonResponse } from '../../../../../tests/factories/booking-response.ts';
import { renderAtPath, stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import { serviceAreaFormSchema } from '@core/schemas/tracking.ts';
import { ServiceAreaSection, radiusMessage } from './service-area-section.tsx';

let puts: unknown[];
let putReply: { status: number; body: unknown };
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url === '/api/detailers/4') {
    return jsonResponse({ id: 4, businessName: 'Gloss Boss', serviceArea: { latitude: 37.78, longitude: -122.4, radiusMiles: 25 } }, 200);
  }
  if (url === '/api/detailer/service-area' && init?.method === 'PUT') {
    puts.push(JSON.parse(String(init.body)));
    return jsonResponse(putReply.body, putReply.status);
  }
  return jsonResponse({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);
beforeEach(() => {
  puts = [];
  putReply = { status: 200, body: { latitude: 38.58, longitude: -121.49, radiusMiles: 40 } };
});

const renderSection = () =>
  renderAtPath(
    '/detailer/availability',
    <>
      <ServiceAreaSection detailerId={4} />
      <Toaster />
    </>,
  );

const formErrors = (zip: string, radiusMiles: string) => {
  const parsed = serviceAreaFormSchema.safeParse({ zip, radiusMiles });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
};

describe('serviceAreaFormSchema', () => {
  it('wants a US ZIP code and a whole radius of 1 to 100 miles', () => {
    expect(serviceAreaFormSchema.parse({ zip: ' 94105 ', radiusMiles: '25' })).toEqual({ zip: '94105', radiusMiles: 25 });
    expect(formErrors('9410', '25').zip).toBe('Enter a 5-digit ZIP code (or ZIP+4)');
    for (const radius of ['0', '101', '2.5', '', 'ten']) expect(formErrors('94105', radius).radiusMiles).toBe(radiusMessage);
  });
});

describe('ServiceAreaSection', () => {
  it('shows the saved area and saves a new one', async () => {
    renderSection();
    expect(await screen.findByText('You travel up to 25 miles now. Enter your base ZIP code to save a change.')).toBeTruthy();
    const zip = screen.getByLabelText('Base ZIP code') as HTMLInputElement;
    expect((screen.getByLabelText('Radius (miles)') as HTMLInputElement).value).toBe('25');
    fireEvent.change(zip, { target: { value: '95814' } });
    fireEvent.change(screen.getByLabelText('Radius (miles)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save service area' }));
    await waitFor(() => expect(puts).toEqual([{ zip: '95814', radiusMiles: 40 }]));
    expect(await screen.findByText('Service area saved')).toBeTruthy();
  });

  it('explains what is wrong instead of saving', async () => {
    renderSection();
    const zip = await screen.findByLabelText('Base ZIP code');
    fireEvent.change(zip, { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Radius (miles)'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save service area' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeTruthy();
    expect(screen.getByText(radiusMessage)).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(zip);
    expect(screen.getByLabelText('Radius (miles)').getAttribute('aria-describedby')).toBe('area-radius-error');
    expect(puts).toEqual([]);
  });

  it("shows the server's field message, e.g. a ZIP code it does not know", async () => {
    putReply = { status: 400, body: { message: 'Invalid input', fields: { zip: 'We could not find that ZIP code' } } };
    renderSection();
    const zip = await screen.findByLabelText('Base ZIP code');
    fireEvent.change(zip, { target: { value: '00000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save service area' }));
    expect(await screen.findByText('We could not find that ZIP code')).toBeTruthy();
  });
});
