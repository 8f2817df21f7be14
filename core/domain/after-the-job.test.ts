import { describe, expect, it } from 'vitest';
import { isWithinHours, reviewWindowClosesAt, tipWindowHours } from './after-the-job.ts';

describe('after-the-job windows', () => {
  const completedAt = new Date('2026-03-01T10:00:00Z');

  it('is open until the last millisecond of the window and closed from its end', () => {
    expect(isWithinHours(completedAt, tipWindowHours, new Date('2026-03-03T09:59:59.999Z'))).toBe(true);
    expect(isWithinHours(completedAt, tipWindowHours, new Date('2026-03-03T10:00:00Z'))).toBe(false);
  });

  it('closes the review window 14 days after completion', () => {
    expect(reviewWindowClosesAt('2026-03-01T10:00:00Z').toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });
});
