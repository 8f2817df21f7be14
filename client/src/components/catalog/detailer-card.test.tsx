// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Detailer } from '@core/schemas/catalog.ts';
import { DetailerCard } from './detailer-card.tsx';

afterEach(cleanup);

const detailer: Detailer = {
  id: 7,
  userId: 70,
  businessName: 'Sparkle Squad',
  description: 'Fast washes.',
  avatarUrl: '/images/detailers/avatar-2.svg',
  rating: 4.7,
  reviewCount: 132,
  startingPrice: 59,
  distanceMiles: 1.26,
  services: ['Interior', 'Exterior'],
  timeZone: 'America/Los_Angeles',
  createdAt: '2026-01-01T00:00:00.000Z',
  serviceArea: { latitude: 37.7749, longitude: -122.4194, radiusMiles: 25 },
  vehicleDescription: 'White Ford Transit',
};

const renderCard = (overrides: Partial<Detailer> = {}) =>
  render(
    <Router>
      <DetailerCard detailer={{ ...detailer, ...overrides }} />
    </Router>,
  );

describe('DetailerCard', () => {
  it('shows the name, rating, starting price, distance and service chips', () => {
    renderCard();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Sparkle Squad' })).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    expect(within(card).getByText('4.7 (132)')).toBeTruthy();
    expect(within(card).getByText('From $59.00')).toBeTruthy();
    expect(within(card).getByText('1.3 miles away')).toBeTruthy();
    const chips = within(within(card).getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Interior', 'Exterior']);
  });

  it('opens the profile from the name and books from Book Now, with no link inside another', () => {
    const { container } = renderCard();
    expect(screen.getByRole('link', { name: 'Sparkle Squad' }).getAttribute('href')).toBe('/detailers/7');
    const book = screen.getByRole('link', { name: 'Book Now with Sparkle Squad' });
    expect(book.getAttribute('href')).toBe('/booking/7');
    expect(container.querySelector('a a, a button, button a')).toBeNull();
  });

  it('falls back to the placeholder image and to 3.2 miles when those are unknown', () => {
    const { container } = renderCard({ avatarUrl: null, distanceMiles: null, startingPrice: null });
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/detailers/default.svg');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('width')).toBe('64');
    expect(image?.getAttribute('height')).toBe('64');
    expect(screen.getByText('3.2 miles away')).toBeTruthy();
    expect(screen.queryByText(/From \$/)).toBeNull();
  });
});
