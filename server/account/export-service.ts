import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../db/client.ts';
import {
  bookings,
  detailers,
  messages,
  notifications,
  notificationSettings,
  paymentIntents,
  payments,
  savedAddresses,
  savedCards,
  services,
  vehicles,
} from '../db/schema.ts';
import { requireUser, type Actor } from '../identity/access.ts';
import { toPublicUser } from '../identity/user-service.ts';

/** The download's name: glossly-data-YYYY-MM-DD.json (the day in UTC). */
export const exportFileName = (now: Date) => `glossly-data-${now.toISOString().slice(0, 10)}.json`;

/** One section of the download: the caller's rows of one table (`ownedBy` is their id), the columns named only. */
function ownRows<Columns extends SelectedFields>(
  db: Database,
  userId: number,
  section: { from: PgTable; ownedBy: PgColumn; orderBy?: PgColumn; columns: Columns },
): Promise<SelectResultFields<Columns>[]> {
  const rows = db
    .select(section.columns)
    .from(section.from)
    .where(eq(section.ownedBy, userId))
    .orderBy(...(section.orderBy ? [asc(section.orderBy)] : []));
  // Drizzle's builder types cannot follow a generic selection; the rows are those columns' values, as for any select.
  return rows as unknown as Promise<SelectResultFields<Columns>[]>;
}

/**
 * GET /api/account/export: what Glossly keeps about the caller, chosen column by column: their profile, bookings
 * (and, for a detailer, jobs without the customer's address or notes), payments, cars, places, saved cards (brand
 * and last four), notifications and notification settings, and the messages they sent. Never a password hash, a
 * token, a gateway secret or another person's private data.
 */
export async function exportAccountData(db: Database, actor: Actor, now: Date) {
  const me = requireUser(actor);
  const profile = await toPublicUser(db, me);

  const ownBookings = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      service: services.name,
      detailer: detailers.businessName,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      vehicleType: bookings.vehicleType,
      vehicle: bookings.vehicleDetails,
      notes: bookings.notes,
      accessNotes: bookings.accessNotes,
      address: bookings.address,
      apt: bookings.apt,
      city: bookings.city,
      zip: bookings.zip,
      priceCents: bookings.priceCents,
      serviceFeeCents: bookings.serviceFeeCents,
      taxCents: bookings.taxCents,
      totalCents: bookings.totalCents,
      cancellationFeeCents: bookings.cancellationFeeCents,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(detailers, eq(detailers.id, bookings.detailerId))
    .where(eq(bookings.customerId, me.id))
    .orderBy(asc(bookings.id));

  const bookingIds = ownBookings.map((booking) => booking.id);
  const ownPayments = bookingIds.length
    ? await db
        .select({
          bookingId: payments.bookingId,
          kind: payments.kind,
          amountCents: payments.amountCents,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(inArray(payments.bookingId, bookingIds))
        .orderBy(asc(payments.id))
    : [];
  const intents = await ownRows(db, me.id, {
    from: paymentIntents,
    ownedBy: paymentIntents.customerId,
    orderBy: paymentIntents.id,
    columns: {
      bookingId: paymentIntents.bookingId,
      amountCents: paymentIntents.amountCents,
      creditsAppliedCents: paymentIntents.creditsAppliedCents,
      status: paymentIntents.status,
      cardBrand: paymentIntents.cardBrand,
      cardLast4: paymentIntents.cardLast4,
      createdAt: paymentIntents.createdAt,
    },
  });

  const [detailerProfile] = await db
    .select({ id: detailers.id, businessName: detailers.businessName, description: detailers.description, timeZone: detailers.timeZone })
    .from(detailers)
    .where(eq(detailers.userId, me.id));
  const jobs = detailerProfile
    ? await db
        .select({
          id: bookings.id,
          status: bookings.status,
          service: services.name,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          city: bookings.city,
          priceCents: bookings.priceCents,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .innerJoin(services, eq(services.id, bookings.serviceId))
        .where(eq(bookings.detailerId, detailerProfile.id))
        .orderBy(asc(bookings.id))
    : [];

  const cars = await ownRows(db, me.id, {
    from: vehicles,
    ownedBy: vehicles.customerId,
    orderBy: vehicles.id,
    columns: {
      id: vehicles.id,
      make: vehicles.make,
      model: vehicles.model,
      year: vehicles.year,
      color: vehicles.color,
      licensePlate: vehicles.licensePlate,
      vehicleType: vehicles.vehicleType,
      nickname: vehicles.nickname,
      isDefault: vehicles.isDefault,
      createdAt: vehicles.createdAt,
    },
  });
  const places = await ownRows(db, me.id, {
    from: savedAddresses,
    ownedBy: savedAddresses.customerId,
    orderBy: savedAddresses.id,
    columns: {
      id: savedAddresses.id,
      label: savedAddresses.label,
      address: savedAddresses.address,
      apt: savedAddresses.apt,
      city: savedAddresses.city,
      zip: savedAddresses.zip,
      accessNotes: savedAddresses.accessNotes,
      isDefault: savedAddresses.isDefault,
      createdAt: savedAddresses.createdAt,
    },
  });
  const cards = await ownRows(db, me.id, {
    from: savedCards,
    ownedBy: savedCards.userId,
    columns: {
      brand: savedCards.brand,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
      createdAt: savedCards.createdAt,
    },
  });
  const ownNotifications = await ownRows(db, me.id, {
    from: notifications,
    ownedBy: notifications.userId,
    orderBy: notifications.id,
    columns: {
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      isRead: notifications.isRead,
      entityId: notifications.entityId,
      createdAt: notifications.createdAt,
    },
  });
  const settings = await ownRows(db, me.id, {
    from: notificationSettings,
    ownedBy: notificationSettings.userId,
    columns: {
      type: notificationSettings.type,
      inApp: notificationSettings.inApp,
      push: notificationSettings.push,
      email: notificationSettings.email,
    },
  });
  const sentMessages = await ownRows(db, me.id, {
    from: messages,
    ownedBy: messages.senderUserId,
    orderBy: messages.id,
    columns: { conversationId: messages.conversationId, body: messages.body, hasPhoto: messages.photoKey, createdAt: messages.createdAt },
  });

  return {
    exportedAt: now.toISOString(),
    profile: { ...profile, emailVerified: me.emailVerifiedAt !== null, createdAt: me.createdAt.toISOString() },
    bookings: ownBookings,
    payments: { intents, ledger: ownPayments },
    detailer: detailerProfile ? { ...detailerProfile, jobs } : null,
    cars,
    places,
    savedCards: cards,
    notifications: ownNotifications,
    notificationSettings: settings,
    messagesSent: sentMessages.map(({ hasPhoto, ...message }) => ({ ...message, hasPhoto: hasPhoto !== null })),
  };
}
