import { notFound } from '@core/errors.ts';
import type { Config } from '../config.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';

/**
 * The debug and test pages (/test-auth, /test-flow, /test-weather-notifications...) exist only in demo mode: with
 * it off they answer 404 to everyone, admins included, as a route that is not there would. In demo mode they are
 * an admin's: 401 signed out, 403 for customers and detailers.
 */
export function requireDemoAdmin(config: Pick<Config, 'DEMO_MODE'>, actor: Actor): UserRow {
  if (!config.DEMO_MODE) throw notFound('Not found');
  return requireRole(actor, 'admin');
}
