import { describe, expect, it } from 'vitest';
import { isNotificationPromptOccasion } from './notification-prompt-occasion.ts';

describe('isNotificationPromptOccasion', () => {
  it('never at the start of a session: not on Home, the garage or any list', () => {
    for (const role of ['customer', 'detailer', 'admin'] as const) {
      for (const path of ['/', '/garage', '/bookings', '/profile', '/messages', '/admin/users']) {
        expect(isNotificationPromptOccasion({ role, path, detailerApproved: true }), `${role} ${path}`).toBe(false);
      }
    }
  });

  it("asks a customer on a booking's page, where the detailer's answer is awaited", () => {
    expect(isNotificationPromptOccasion({ role: 'customer', path: '/bookings/12', detailerApproved: false })).toBe(true);
    expect(isNotificationPromptOccasion({ role: 'customer', path: '/bookings/12/receipt', detailerApproved: false })).toBe(false);
  });

  it('asks a detailer on the dashboard only once approved', () => {
    expect(isNotificationPromptOccasion({ role: 'detailer', path: '/detailer', detailerApproved: false })).toBe(false);
    expect(isNotificationPromptOccasion({ role: 'detailer', path: '/detailer', detailerApproved: true })).toBe(true);
    expect(isNotificationPromptOccasion({ role: 'detailer', path: '/detailer/dashboard/', detailerApproved: true })).toBe(true);
    expect(isNotificationPromptOccasion({ role: 'detailer', path: '/bookings/12', detailerApproved: true })).toBe(false);
  });
});
