import { eq, sql } from 'drizzle-orm';
import { conflict } from '@core/errors.ts';
import type { Role } from '@core/domain/roles.ts';
import type { User } from '@core/schemas/user.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { detailers, users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { centsToDollars } from '@core/domain/money.ts';

export type UserRow = typeof users.$inferSelect;

export type NewUser = {
  email: string;
  username: string;
  name: string;
  role: Role;
  /** Absent for accounts that only sign in through OpenID Connect. */
  password?: string;
  oidcSubject?: string;
  /** Set when the address is known to be the person's (demo accounts, a provider's verified email, tests). */
  emailVerifiedAt?: Date | null;
};

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  return Boolean(row);
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Creates an account; an email or username already taken is a 409 whose message the sign-up toast shows. */
export async function createUser(db: Database, input: NewUser): Promise<UserRow> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: input.email.trim(),
        username: input.username.trim(),
        name: input.name.trim(),
        role: input.role,
        passwordHash,
        oidcSubject: input.oidcSubject ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict('An account with this email already exists');
    if (isUniqueViolation(error, 'users_username_unique')) throw conflict('This username is already taken');
    throw error;
  }
}

/** The user as the API shows it: never the password hash; credits as the spec's numeric string. */
export async function toPublicUser(db: Database, row: UserRow): Promise<User> {
  const [detailer] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, row.id));
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    name: row.name,
    username: row.username,
    referralCredits: centsToDollars(row.referralCreditsCents).toFixed(2),
    detailerId: detailer?.id ?? null,
    phone: row.phone,
    avatarUrl: row.avatarUploadId === null ? null : `/api/uploads/${row.avatarUploadId}`,
  };
}
