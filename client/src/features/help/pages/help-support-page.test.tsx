// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchFromReplies, renderAtPath, stubFetchEachTest, type Reply } from '../../../../../tests/factories/page-harness.tsx';
import { defaultPublicSettings } from '@core/domain/public-settings.ts';
import HelpSupportPage from './help-support-page.tsx';

let replies: Record<string, Reply>;
const fetchMock = fetchFromReplies(() => replies);
stubFetchEachTest(fetchMock);

beforeEach(() => {
  replies = {};
});

function renderPage() {
  return renderAtPath('/help-support', <HelpSupportPage />);
}

const questions = () => document.querySelectorAll('h3 > button[aria-expanded]');
const search = () => screen.getByRole('searchbox', { name: 'Search help' });

describe('HelpSupportPage: the FAQ', () => {
  it('shows one h1 and the five topics as h2, each question an h3 button', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Help & Support']);
    for (const topic of ['Booking', 'Payments and refunds', 'Cancellations', 'Detailers', 'Account']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeTruthy();
    }
    const question = screen.getByRole('button', { name: 'Is cancelling free?' });
    expect(question.closest('h3')).not.toBeNull();
    expect(questions().length).toBeGreaterThanOrEqual(25);
  });

  it('expands and collapses an answer, with aria-expanded', () => {
    renderPage();
    const question = screen.getByRole('button', { name: 'Is cancelling free?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/Yes, until 24 hours before the booking starts/)).toBeTruthy();
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters questions and answers as you type', () => {
    renderPage();
    fireEvent.change(search(), { target: { value: 'card number' } });
    // 'card number' is in an answer only: the question about storing cards stays, the rest go.
    expect(screen.getByRole('button', { name: 'Does Glossly store my card number?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Is cancelling free?' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Booking' })).toBeNull();

    fireEvent.change(search(), { target: { value: 'cancelling' } });
    expect(screen.getByRole('button', { name: 'Is cancelling free?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Does Glossly store my card number?' })).toBeNull();
    expect(screen.getByText(/answers? match/).textContent).toMatch(/^\d+ answers? match(es)?$/);
  });

  it('says when nothing matches, and clearing the search brings every topic back', () => {
    renderPage();
    fireEvent.change(search(), { target: { value: 'submarine' } });
    expect(screen.getByRole('heading', { level: 2, name: 'No answers match "submarine"' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Booking' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search());
    expect(screen.getByRole('heading', { level: 2, name: 'Booking' })).toBeTruthy();
  });
});

describe('HelpSupportPage: Contact support for a visitor', () => {
  it('is a link to sign in that comes back here', () => {
    renderPage();
    const link = screen.getByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fhelp-support');
    // Only the public settings (the figures) are read; nothing asks who the visitor is.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/settings/public']);
  });
});

describe('HelpSupportPage: the figures come from the platform settings (decision 022)', () => {
  it("states the admin's fee, tax rate and cancellation terms once they arrive, the spec's before", async () => {
    replies = {
      '/api/settings/public': {
        status: 200,
        body: {
          ...defaultPublicSettings,
          serviceFeeCents: 2000,
          taxRateBasisPoints: 1000,
          freeCancellationHours: 48,
          lateCancellationFeeCents: 2500,
        },
      },
    };
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Is cancelling free?' }));
    await screen.findByText('Yes, until 48 hours before the booking starts. After that, cancelling costs a $25.00 late cancellation fee.');
    fireEvent.click(screen.getByRole('button', { name: 'What does a booking cost?' }));
    expect(screen.getByText(/\$59\.00 \+ \$20\.00 fee \+ \$5\.90 tax = \$84\.90/)).toBeTruthy();
  });
});
