import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '@core/errors.ts';
import type { AdminNotification, adminNotificationInputSchema } from '@core/schemas/marketing.ts';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { adminNotifications, audiences, users } from '../db/schema.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { notifyMany } from '../notifications/notification-service.ts';
import { audienceCondition } from './audience-query.ts';
import { findAudienceRow, storedRules } from './audience-service.ts';

type Input = z.infer<typeof adminNotificationInputSchema>;

/**
 * A one-off notice from the admin (type 'alert', not marketing: it is service news, so Promotions do not gate it;
 * each person's Alerts settings do). To one user by email, or to everyone in an audience now. The notices and the
 * admin_notifications row commit together.
 */
export async function sendAdminNotification(
  ctx: AppContext,
  geocoder: Geocoder,
  actor: Actor,
  now: Date,
  input: Input,
): Promise<AdminNotification> {
  const admin = requireRole(actor, 'admin');
  return ctx.transaction(async (tx) => {
    const { db } = tx;
    let userIds: number[];
    let target: { userId: number | null; audienceId: number | null; to: string };
    if (input.email) {
      const [user] = await db
        .select({ id: users.id, email: users.email, isDisabled: users.isDisabled, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
      if (!user || user.isDisabled || user.deletedAt)
        throw badRequest('No active user has this email', { email: 'No active user has this email' });
      userIds = [user.id];
      target = { userId: user.id, audienceId: null, to: user.email };
    } else {
      const audience = await findAudienceRow(db, input.audienceId!).catch(() => {
        throw badRequest('Audience not found', { audienceId: 'Choose a saved audience' });
      });
      const where = await audienceCondition(geocoder, storedRules(audience));
      userIds = (await db.select({ id: users.id }).from(users).where(where)).map((row) => row.id);
      target = { userId: null, audienceId: audience.id, to: audience.name };
    }
    await notifyMany(
      tx,
      userIds.map((userId) => ({ userId, type: 'alert' as const, title: input.title, message: input.message })),
    );
    const [row] = await db
      .insert(adminNotifications)
      .values({
        title: input.title,
        message: input.message,
        userId: target.userId,
        audienceId: target.audienceId,
        recipientCount: userIds.length,
        sentByUserId: admin.id,
        createdAt: now,
      })
      .returning();
    return {
      id: row!.id,
      title: row!.title,
      message: row!.message,
      to: target.to,
      recipientCount: row!.recipientCount,
      sentBy: admin.name,
      createdAt: row!.createdAt.toISOString(),
    };
  });
}

/** The notices admins sent, newest first. */
export async function listAdminNotifications(db: Database, actor: Actor): Promise<AdminNotification[]> {
  requireRole(actor, 'admin');
  const recipient = alias(users, 'recipient');
  const sender = alias(users, 'sender');
  const rows = await db
    .select({ row: adminNotifications, recipientEmail: recipient.email, audienceName: audiences.name, sentBy: sender.name })
    .from(adminNotifications)
    .leftJoin(recipient, eq(recipient.id, adminNotifications.userId))
    .leftJoin(audiences, eq(audiences.id, adminNotifications.audienceId))
    .leftJoin(sender, eq(sender.id, adminNotifications.sentByUserId))
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(100);
  return rows.map(({ row, recipientEmail, audienceName, sentBy }) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    to: recipientEmail ?? audienceName ?? 'Removed',
    recipientCount: row.recipientCount,
    sentBy,
    createdAt: row.createdAt.toISOString(),
  }));
}
