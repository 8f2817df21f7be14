// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminService, AdminServicesResponse } from '@core/schemas/admin-catalog.ts';
import { Toaster } from '@/components/ui/toaster.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { jsonResponse as json } from '../../../../../tests/factories/booking-response.ts';
import { stubFetchEachTest } from '../../../../../tests/factories/page-harness.tsx';
import AdminServicesPage from './admin-services-page.tsx';

let categories: AdminCategory[];
let services: AdminService[];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  if (url === '/api/admin/categories' && method === 'GET') return json(categories);
  if (url === '/api/admin/categories' && method === 'POST') {
    if (categories.some((c) => c.name.toLowerCase() === body.name.toLowerCase())) {
      return json({ code: 'conflict', message: `A category named "${body.name}" already exists. Choose another name.` }, 409);
    }
    categories = [...categories, { id: 99, name: body.name, sortOrder: categories.length, isHidden: false, serviceCount: 0 }];
    return json(categories, 201);
  }
  const patch = /^\/api\/admin\/categories\/(\d+)$/.exec(url);
  if (patch && method === 'PATCH') {
    categories = categories.map((c) =>
      c.id === Number(patch[1])
        ? { ...c, ...(body.isHidden === undefined ? {} : { isHidden: body.isHidden }), ...(body.name ? { name: body.name } : {}) }
        : c,
    );
    return json(categories);
  }
  const move = /^\/api\/admin\/categories\/(\d+)\/move$/.exec(url);
  if (move) {
    const index = categories.findIndex((c) => c.id === Number(move[1]));
    const next = [...categories];
    const target = body.direction === 'up' ? index - 1 : index + 1;
    [next[index], next[target]] = [next[target]!, next[index]!];
    categories = next;
    return json(categories);
  }
  if (url.startsWith('/api/admin/services') && method === 'GET') {
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    const answer: AdminServicesResponse = {
      services: services.filter((s) => s.name.toLowerCase().includes(q.toLowerCase())),
      detailers: [{ id: 1, businessName: 'Gloss Boss' }],
      hasMore: false,
    };
    return json(answer);
  }
  const pause = /^\/api\/admin\/services\/(\d+)\/(pause|resume)$/.exec(url);
  if (pause) {
    services = services.map((s) => (s.id === Number(pause[1]) ? { ...s, isPaused: pause[2] === 'pause' } : s));
    return json(services.find((s) => s.id === Number(pause[1])));
  }
  return json({ message: 'Not found' }, 404);
});
stubFetchEachTest(fetchMock);

const service = (id: number, name: string): AdminService => ({
  id,
  name,
  description: 'A wash',
  priceCents: 5900,
  durationMinutes: 45,
  imageUrl: '/images/services/default.svg',
  imageUploadId: null,
  categoryId: 1,
  categoryName: 'Exterior',
  isCategoryHidden: false,
  detailerId: 1,
  businessName: 'Gloss Boss',
  isPaused: false,
});

beforeEach(() => {
  categories = [
    { id: 1, name: 'Exterior', sortOrder: 0, isHidden: false, serviceCount: 2 },
    { id: 2, name: 'Interior', sortOrder: 1, isHidden: false, serviceCount: 1 },
  ];
  services = [service(10, 'Basic Exterior Wash'), service(11, 'Ceramic Coating')];
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminServicesPage />
      <Toaster />
    </QueryClientProvider>,
  );
}

const categoryList = () => screen.findByRole('list', { name: 'Categories in home screen order' });
const names = async () =>
  within(await categoryList())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.firstChild?.textContent);

describe('AdminServicesPage: categories', () => {
  it('lists the categories in order, the first cannot go up nor the last down, and moving swaps them', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Services' })).toBeTruthy();
    expect(await names()).toEqual(['Exterior', 'Interior']);
    expect(screen.getByRole('button', { name: 'Move Exterior up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Interior down' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Interior up' }));
    await waitFor(async () => expect(await names()).toEqual(['Interior', 'Exterior']));
  });

  it('hides and shows a category, marked Hidden', async () => {
    renderPage();
    await categoryList();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Interior' }));
    expect(await screen.findByText('Interior is hidden from customers')).toBeTruthy();
    expect(within(await categoryList()).getByText('Hidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show Interior' }));
    expect(await screen.findByText('Interior is shown to customers')).toBeTruthy();
  });

  it("adds a category, checks the name first and shows the server's refusal under the field", async () => {
    renderPage();
    await categoryList();
    const field = screen.getByLabelText('New category');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'exterior' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('A category named "exterior" already exists. Choose another name.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Headlights' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('Headlights added')).toBeTruthy();
    await waitFor(async () => expect(await names()).toEqual(['Exterior', 'Interior', 'Headlights']));
  });
});

describe('AdminServicesPage: every service', () => {
  it('searches by name and pauses and resumes a service', async () => {
    renderPage();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All services' }));
    fireEvent.click(screen.getByRole('tab', { name: 'All services' }));
    const list = await screen.findByRole('list', { name: 'Services' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Search services'), { target: { value: 'ceramic' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Services' })).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Ceramic Coating' }));
    expect(await screen.findByText('Ceramic Coating is paused')).toBeTruthy();
    expect(await screen.findByText('Paused')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume Ceramic Coating' }));
    expect(await screen.findByText('Ceramic Coating is bookable again')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    renderPage();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All services' }));
    fireEvent.click(screen.getByRole('tab', { name: 'All services' }));
    await screen.findByRole('list', { name: 'Services' });
    fireEvent.change(screen.getByLabelText('Search services'), { target: { value: 'submarine' } });
    expect(await screen.findByRole('heading', { name: 'No matching services' })).toBeTruthy();
  });
});
