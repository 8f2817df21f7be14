import { pgEnum } from 'drizzle-orm/pg-core';
import { bookingStatuses } from '@core/domain/booking-status.ts';
import { roles } from '@core/domain/roles.ts';
import { notificationTypes } from '@core/schemas/notification.ts';

export const roleEnum = pgEnum('role', roles);

export const bookingStatusEnum = pgEnum('booking_status', bookingStatuses);

export const notificationTypeEnum = pgEnum('notification_type', notificationTypes);
