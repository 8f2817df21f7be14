// The whole Drizzle schema, one file per area under ./schema/; drizzle.config.ts and the app import this file.
export * from './schema/enums.ts';
export * from './schema/accounts.ts';
export * from './schema/catalog.ts';
export * from './schema/bookings.ts';
export * from './schema/notifications.ts';
export * from './schema/payments.ts';
export * from './schema/platform.ts';
export * from './schema/messages.ts';
export * from './schema/tracking.ts';
export * from './schema/garage.ts';
export * from './schema/after-the-job.ts';
export * from './schema/business.ts';
export * from './schema/memberships.ts';
export * from './schema/marketing.ts';
export * from './schema/smart-booking.ts';
export * from './schema/calendar.ts';
export * from './schema/trust.ts';
