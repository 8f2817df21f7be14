import { z } from 'zod';
import { idParam, idSchema, textSchema } from './common.ts';

/** Spec section 3: the notification types. */
export const notificationTypes = [
  'booking_request',
  'booking_update',
  'message',
  'payment',
  'review',
  'service_complete',
  'service_update',
  'user_update',
  'reminder',
  'alert',
  // Marketing (decision 022): off by default, and never sent to anyone who has not turned it on.
  'promotions',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** A notification as the API returns it and the live stream sends it. */
export const notificationSchema = z.object({
  id: z.number(),
  userId: z.number(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The id the notification links to; empty for none. */
  entityId: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?userId= : the spec's client sends its own id; only admins may name someone else. */
export const notificationsQuerySchema = z.object({
  userId: idParam('userId').optional(),
});

/** GET /api/notifications/count?userId=&unreadOnly=true */
export const notificationCountQuerySchema = z.object({
  userId: idParam('userId').optional(),
  unreadOnly: z
    .enum(['true', 'false'], { error: 'unreadOnly must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

export const notificationIdParamsSchema = z.object({ id: idParam('id') });

export const deviceTypes = ['android', 'ios', 'web'] as const;
export const deviceNames = ['Chrome', 'Safari', 'Firefox', 'Internet Explorer', 'Edge', 'Unknown'] as const;
export type DeviceName = (typeof deviceNames)[number];

/** POST /api/device-tokens (spec section 7). */
export const deviceTokenInputSchema = z.object({
  userId: idSchema('userId'),
  token: textSchema('token', 4096, { tooLong: 'token is too long' }).min(1, 'token is required'),
  deviceType: z.enum(deviceTypes, { error: 'deviceType must be android, ios or web' }),
  deviceName: z.enum(deviceNames, { error: 'deviceName is not a known browser' }),
  isActive: z.boolean().default(true),
});
export type DeviceTokenInput = z.infer<typeof deviceTokenInputSchema>;

export const deviceTokenSchema = z.object({
  id: z.number(),
  userId: z.number(),
  token: z.string(),
  deviceType: z.enum(deviceTypes),
  deviceName: z.enum(deviceNames),
  isActive: z.boolean(),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** Which channels deliver one notification type to a user (/notification-settings); every channel is on by default. */
export const notificationSettingSchema = z.object({
  type: z.enum(notificationTypes, { error: 'type is not a notification type' }),
  inApp: z.boolean({ error: 'inApp must be true or false' }),
  push: z.boolean({ error: 'push must be true or false' }),
  email: z.boolean({ error: 'email must be true or false' }),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** PUT /api/notification-settings: the types to change (others keep their value); the answer lists every type. */
export const notificationSettingsInputSchema = z.object({
  settings: z
    .array(notificationSettingSchema, { error: 'settings must be a list' })
    .min(1, 'settings must name at least one type')
    .max(notificationTypes.length * 2, 'settings is too long'),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** Human names of the types, for the settings page. */
export const notificationTypeLabels: Record<NotificationType, string> = {
  booking_request: 'Booking requests',
  booking_update: 'Booking updates',
  message: 'Messages',
  payment: 'Payments',
  review: 'Reviews',
  service_complete: 'Service complete',
  service_update: 'Service progress',
  user_update: 'Account updates',
  reminder: 'Reminders',
  alert: 'Alerts',
  promotions: 'Promotions',
};
