import type { Role } from './roles.ts';
import { normalizePath } from './navigation.ts';

/**
 * Where the 'Turn on notifications' prompt may open by itself: at the moment notifications help, not at the start
 * of every session (issue 37). A customer is asked on a booking's page, which a first booking leads to and where
 * 'your detailer accepts' is about to happen; a detailer on their dashboard once an admin has approved the business
 * (requests come from then on); an admin never (their settings page turns push on). Everywhere else it stays shut.
 */
export function isNotificationPromptOccasion(input: { role: Role; path: string; detailerApproved: boolean }): boolean {
  const path = normalizePath(input.path);
  switch (input.role) {
    case 'customer':
      return /^\/bookings\/\d+$/.test(path);
    case 'detailer':
      return input.detailerApproved && (path === '/detailer' || path === '/detailer/dashboard');
    case 'admin':
      return false;
    default: {
      const unknownRole: never = input.role;
      return unknownRole;
    }
  }
}
