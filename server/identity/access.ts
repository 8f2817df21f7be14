import { forbidden, unauthorized } from '@core/errors.ts';
import type { Role } from '@core/domain/roles.ts';
import type { UserRow } from './user-service.ts';

/** Who is asking, as routes hand it to services: the session's user or null. */
export type Actor = UserRow | null;

/** The first line of every service operation that needs a signed-in user. */
export function requireUser(actor: Actor): UserRow {
  if (!actor) throw unauthorized();
  return actor;
}

export function requireRole(actor: Actor, ...allowed: Role[]): UserRow {
  const user = requireUser(actor);
  if (!allowed.includes(user.role)) throw forbidden();
  return user;
}
