// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { Service } from '@core/schemas/catalog.ts';
import { ServiceCard } from './service-card.tsx';

afterEach(cleanup);

const service: Service = {
  id: 3,
  detailerId: 1,
  categoryId: 2,
  name: 'Complete Detail Package',
  description: 'Inside and out.',
  price: 199,
  priceCents: 19900,
  duration: 180,
  imageUrl: '/images/services/complete-detail.svg',
  surcharges: [],
};

describe('ServiceCard', () => {
  it('shows the image, name and a From price with two decimals', () => {
    const { container } = render(
      <Router>
        <ServiceCard service={service} />
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Complete Detail Package' })).toBeTruthy();
    expect(screen.getByText('From $199.00')).toBeTruthy();
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/images/services/complete-detail.svg');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('width')).toBe('320');
    expect(image?.getAttribute('height')).toBe('200');
  });

  it('opens the service from the card, Quick Book goes to quick checkout, and links never nest', () => {
    const { container } = render(
      <Router>
        <ServiceCard service={{ ...service, price: 59.5, priceCents: 5950 }} />
      </Router>,
    );
    expect(screen.getByText('From $59.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete Detail Package' }).getAttribute('href')).toBe('/services/3');
    expect(screen.getByRole('link', { name: /^Quick Book/ }).getAttribute('href')).toBe('/quick-checkout/3');
    expect(screen.getByRole('link', { name: /^Details/ }).getAttribute('href')).toBe('/services/3');
    expect(container.querySelector('a a, a button, button a')).toBeNull();
  });
});
