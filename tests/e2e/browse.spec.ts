import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, signInAsDemo, test } from './fixtures.ts';

const popularServices = (page: Page) => page.getByRole('region', { name: 'Popular Services' });
const nearbyDetailers = (page: Page) => page.getByRole('region', { name: 'Nearby Detailers' });

test('[VISITOR] home shows the location, search, chips, quick actions, 2 detailers and 4 services', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('San Francisco, CA')).toBeVisible();
  await expect(page.getByPlaceholder('Find detailing services')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Glossly!' })).toBeVisible();
  await expect(page.getByText('Quick actions to get started')).toBeVisible();
  const chips = page.getByRole('group', { name: 'Filter services by category' }).getByRole('button');
  await expect(chips.first()).toHaveText('All Services');
  await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(chips).toHaveCount(6);
  const quickActions: [string, string][] = [
    ['Quick Book', '/smart-booking'],
    ['My Bookings', '/bookings'],
    ['My Cars', '/garage'],
    ['Messages', '/messages'],
  ];
  for (const [name, href] of quickActions) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nearbyDetailers(page).getByRole('article')).toHaveCount(2);
  await expect(nearbyDetailers(page).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/detailers');
  const firstDetailer = nearbyDetailers(page).getByRole('article').first();
  await expect(firstDetailer.getByText(/^\d+\.\d miles away$/)).toBeVisible();
  await expect(firstDetailer.getByRole('link', { name: /^Book Now/ })).toHaveAttribute('href', /^\/booking\/\d+$/);
  await expect(popularServices(page).getByRole('article')).toHaveCount(4);
  await expect(popularServices(page).getByText('From $59.00')).toBeVisible();
});

test('[CUSTOMER] chooses a category, opens a service, picks a detailer and lands on booking with both preselected', async ({ page }) => {
  await signInAsDemo(page.request, 'customer');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex!' })).toBeVisible();

  const interior = page.getByRole('button', { name: 'Interior', exact: true });
  const requested = page.waitForRequest((request) => request.url().includes('/api/services?categoryId='));
  await interior.click();
  await requested;
  await expect(interior).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'All Services' })).toHaveAttribute('aria-pressed', 'false');
  await expect(popularServices(page).getByRole('heading', { name: 'Full Interior Detail' })).toBeVisible();
  await expect(popularServices(page).getByRole('heading', { name: 'Basic Exterior Wash' })).toHaveCount(0);

  await popularServices(page).getByRole('link', { name: 'Full Interior Detail', exact: true }).click();
  await expect(page).toHaveURL(/\/services\/\d+$/);
  const serviceId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('heading', { name: 'Full Interior Detail' })).toBeVisible();
  await expect(page.getByText('Starting from $129.00')).toBeVisible();
  await expect(page.getByText('Approx. 120 mins')).toBeVisible();

  const available = page.getByRole('region', { name: 'Available Detailers' });
  const sparkle = available.getByRole('link', { name: /Sparkle Squad/ });
  await expect(sparkle).toBeVisible();
  await sparkle.click();
  await expect(page).toHaveURL(/\/booking\?serviceId=\d+&detailerId=\d+$/);
  const url = new URL(page.url());
  expect(url.searchParams.get('serviceId')).toBe(serviceId);
  const detailers = await (await page.request.get('/api/detailers')).json();
  const sparkleId = detailers.find((d: { businessName: string }) => d.businessName === 'Sparkle Squad').id;
  expect(url.searchParams.get('detailerId')).toBe(String(sparkleId));
});

test('[VISITOR] typing in the search box narrows the services and detailers by name', async ({ page }) => {
  await page.goto('/');
  await expect(popularServices(page).getByRole('article')).toHaveCount(4);
  const search = page.getByPlaceholder('Find detailing services');

  await search.fill('SPARKLE');
  await expect(nearbyDetailers(page).getByRole('article')).toHaveCount(1);
  await expect(nearbyDetailers(page).getByRole('heading', { name: 'Sparkle Squad' })).toBeVisible();
  await expect(popularServices(page).getByText('No services match your search')).toBeVisible();

  await search.fill('ceramic');
  await expect(popularServices(page).getByRole('article')).toHaveCount(1);
  await expect(popularServices(page).getByRole('heading', { name: 'Ceramic Coating' })).toBeVisible();
  await expect(nearbyDetailers(page).getByText('No detailers match your search')).toBeVisible();

  await search.fill('');
  await expect(popularServices(page).getByRole('article')).toHaveCount(4);
  await expect(nearbyDetailers(page).getByRole('article')).toHaveCount(2);
});

test('[VISITOR] the detailers list and a detailer profile lead to booking', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/detailers$/);
  await expect(page.getByRole('article')).toHaveCount(8);

  await page.getByRole('link', { name: 'Sparkle Squad', exact: true }).click();
  await expect(page).toHaveURL(/\/detailers\/\d+$/);
  const detailerId = new URL(page.url()).pathname.split('/').pop();
  await expect(page.getByRole('heading', { name: 'Sparkle Squad' })).toBeVisible();
  // The profile's own rating (the Reviews section repeats it further down).
  await expect(page.getByRole('img', { name: 'Rated 4.7 out of 5' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', `/booking/${detailerId}`);
  const wash = page.getByRole('link', { name: /Basic Exterior Wash/ });
  await expect(wash).toContainText('Approx. 45 mins');
  await expect(wash).toContainText('$59.00');
  await expect(wash).toHaveAttribute('href', new RegExp(`^/booking\\?serviceId=\\d+&detailerId=${detailerId}$`));
});

test('[VISITOR] a non-numeric service id shows Service not found without calling the server', async ({ page }) => {
  const serviceCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/services/')) serviceCalls.push(request.url());
  });
  await page.goto('/service/abc');
  await expect(page.getByRole('heading', { name: 'Service not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(serviceCalls).toEqual([]);
});

test('[CUSTOMER] browse pages have no accessibility violations', async ({ page }) => {
  await signInAsDemo(page.request, 'customer');
  const pages: [string, string][] = [
    ['/', 'Popular Services'],
    ['/detailers', 'All Detailers'],
    ['/detailers/1', 'Services'],
    ['/services/1', 'Available Detailers'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await accessibilityViolations(page), path).toEqual([]);
  }
});

test('[VISITOR] distances come from the shared location when the browser already allows it, and never prompt otherwise', async ({
  page,
}) => {
  const detailerCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/detailers') detailerCalls.push(url.search);
  });
  await page.goto('/');
  await expect(nearbyDetailers(page).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
  // The detailers came with the page, drawn without a location (decision 029): nothing is asked again.
  expect(detailerCalls).toEqual([]);

  // Oakland, where Shine On Auto Spa is based: with the permission granted the nearest card is 0.0 miles away.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 37.8044, longitude: -122.2712 });
  await page.reload();
  const first = nearbyDetailers(page).getByRole('article').first();
  await expect(first.getByRole('heading', { name: 'Shine On Auto Spa' })).toBeVisible();
  await expect(first.getByText('0.0 miles away')).toBeVisible();
  expect(detailerCalls.at(-1)).toBe('?lat=37.804&lng=-122.271');
  await expect(page.getByText('Near your location')).toBeVisible();
});
