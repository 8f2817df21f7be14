// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage-keys.ts';
import { GuidedTour, tourCardStyle } from './guided-tour.tsx';
import type { TourStep } from './tour-types.ts';

const steps: TourStep[] = [
  { id: 'a', title: 'First', content: 'One' },
  { id: 'b', title: 'Second', content: 'Two', target: '#missing', position: 'bottom', highlight: true },
  { id: 'c', title: 'Third', content: 'Three' },
];

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const completed = () => localStorage.getItem(storageKeys.tourCompleted('t'));

describe('GuidedTour', () => {
  it("runs from 'Take Tour' through Next and the back arrow to 'Finish', then remembers completion", async () => {
    const user = userEvent.setup();
    render(<GuidedTour tourId="t" steps={steps} />);
    await user.click(screen.getByRole('button', { name: 'Take Tour' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous step' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(completed()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(completed()).toBe('true');
    expect(screen.getByRole('button', { name: 'Take Tour' })).toBeTruthy();
  });

  it.each([
    ['Skip Tour', (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole('button', { name: 'Skip Tour' }))],
    ['the close button', (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByRole('button', { name: 'Close tour' }))],
    ['a backdrop click', (u: ReturnType<typeof userEvent.setup>) => u.click(screen.getByTestId('tour-backdrop'))],
  ])('%s ends the tour and marks it completed', async (_name, endIt) => {
    const user = userEvent.setup();
    render(<GuidedTour tourId="t" steps={steps} />);
    await user.click(screen.getByRole('button', { name: 'Take Tour' }));
    await endIt(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(completed()).toBe('true');
  });

  it('places the card under its target, inside the viewport, and centres it without one', () => {
    const viewport = { width: 390, height: 844 };
    const target = { top: 100, left: 300, width: 80, height: 40, bottom: 140 };
    expect(tourCardStyle(target, 'bottom', viewport)).toMatchObject({ top: 152, left: 390 - 320 - 16, width: 320 });
    expect(tourCardStyle(target, 'top', viewport)).toMatchObject({ bottom: 844 - 100 + 12 });
    expect(tourCardStyle(null, 'bottom', viewport)).toMatchObject({ left: 35, top: '50%' });
  });
});
