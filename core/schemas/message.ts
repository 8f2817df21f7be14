import { z } from 'zod';
import { idParam, idSchema, textSchema } from './common.ts';

// Messages (decision 018): a booking's thread between its customer and its detailer, or a user's support thread
// with the admins. These are the contracts of /api/conversations, /api/messages and /api/admin/conversations.

export const conversationKinds = ['booking', 'support'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** How an admin's message reads to everyone in a support thread. */
export const supportSenderName = 'Glossly Support';

export const messageBodyMaxLength = 2000;
export const messagesPageSize = 50;
export const reportReasonMaxLength = 500;
export const clientIdMaxLength = 64;

/** Photos: these types only (recognised by their bytes), at most 5 MB, stored as webp at most 1600 px a side. */
export const messagePhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MessagePhotoType = (typeof messagePhotoTypes)[number];
export const messagePhotoMaxBytes = 5 * 1024 * 1024;
export const messagePhotoMaxPixels = 1600;
/** Base64 of the largest photo allowed: 4 characters per 3 bytes. */
const photoDataMaxLength = Math.ceil(messagePhotoMaxBytes / 3) * 4;

export const conversationSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(conversationKinds),
  bookingId: z.number().nullable(),
  /** The detailer's business for a customer, the customer for the detailer, 'Glossly Support' for a support thread. */
  otherParty: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  booking: z.object({ serviceName: z.string(), startsAt: z.string() }).nullable(),
  lastMessage: z.object({ body: z.string(), hasPhoto: z.boolean(), senderUserId: z.number(), createdAt: z.string() }).nullable(),
  unreadCount: z.number(),
  /** A booking thread a week after its booking ended: sending answers 409. */
  isReadOnly: z.boolean(),
  /** ISO 8601; null until the first message. */
  lastMessageAt: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  senderUserId: z.number(),
  senderName: z.string(),
  isMine: z.boolean(),
  /** Plain text; contact details read `[contact hidden]` until the booking is accepted. */
  body: z.string(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  clientId: z.string(),
  /** For a participant: whether they reported it. For an admin: whether anyone did. */
  isReported: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/conversations/:id: a page of 50, oldest first; `before` pages back. */
export const conversationThreadSchema = z.object({
  conversation: conversationSummarySchema,
  messages: z.array(messageSchema),
  /** The other side's read mark, for 'Seen' (for a support thread's user: the furthest any admin read). */
  otherPartyLastReadMessageId: z.number().nullable(),
  hasMore: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const conversationIdParamsSchema = z.object({ id: idParam('id') });
export const messageIdParamsSchema = z.object({ id: idParam('id') });

export const conversationThreadQuerySchema = z.object({ before: idParam('before').optional() });
export type ConversationThreadQuery = z.infer<typeof conversationThreadQuerySchema>;

/** POST /api/conversations: `{ bookingId }` for a booking's thread, or `{ support: true }` for one's support thread. */
export const openConversationSchema = z
  .object({
    bookingId: idSchema('bookingId').optional(),
    support: z.literal(true, { error: 'support must be true' }).optional(),
  })
  .refine((input) => (input.bookingId === undefined) !== (input.support === undefined), {
    message: 'Name either bookingId or support',
    path: ['bookingId'],
  });
export type OpenConversationInput = z.infer<typeof openConversationSchema>;

export const messagePhotoInputSchema = z.object(
  {
    contentType: z.enum(messagePhotoTypes, { error: 'photo.contentType must be image/jpeg, image/png or image/webp' }),
    data: z
      .string({ error: 'photo.data is required' })
      .min(1, 'photo.data is required')
      .max(photoDataMaxLength, 'photo must be at most 5 MB')
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photo.data must be base64'),
  },
  { error: 'photo must be an object with contentType and data' },
);
export type MessagePhotoInput = z.infer<typeof messagePhotoInputSchema>;

/** POST /api/conversations/:id/messages */
export const sendMessageSchema = z
  .object({
    clientId: textSchema('clientId', clientIdMaxLength, { trim: false }).min(1, 'clientId is required'),
    body: textSchema('body', messageBodyMaxLength, { multiline: true })
      .optional()
      .transform((value) => value ?? ''),
    photo: messagePhotoInputSchema.optional(),
  })
  .refine((input) => input.body !== '' || input.photo !== undefined, { message: 'Write a message or add a photo', path: ['body'] });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** POST /api/conversations/:id/read */
export const readMarkSchema = z.object({ lastReadMessageId: idSchema('lastReadMessageId') });
export type ReadMarkInput = z.infer<typeof readMarkSchema>;

/** POST /api/messages/:id/report */
const reportReasonRequired = 'Tell us what is wrong with this message.';
export const reportMessageSchema = z.object({
  reason: textSchema('Reason', reportReasonMaxLength, {
    multiline: true,
    required: reportReasonRequired,
    tooLong: `Keep the reason under ${reportReasonMaxLength} characters.`,
  }).min(1, reportReasonRequired),
});
export type ReportMessageInput = z.infer<typeof reportMessageSchema>;

export const messageReportSchema = z.object({ id: z.number(), messageId: z.number(), reason: z.string(), createdAt: z.string() });
export type MessageReport = z.infer<typeof messageReportSchema>;

export const unreadMessagesCountSchema = z.object({ count: z.number() });
export type UnreadMessagesCount = z.infer<typeof unreadMessagesCountSchema>;

/** GET /api/admin/conversations?bookingId=&userId=&reported=true */
export const adminConversationsQuerySchema = z.object({
  bookingId: idParam('bookingId').optional(),
  userId: idParam('userId').optional(),
  reported: z
    .enum(['true', 'false'], { error: 'reported must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type AdminConversationsQuery = z.infer<typeof adminConversationsQuerySchema>;

/** The admins' list is capped: they narrow it with the filters. */
export const adminConversationsLimit = 100;

/** One thread as the admins' list shows it: both sides (a support thread's user alone), raw last message, reports. */
export const adminConversationSchema = z.object({
  id: z.number(),
  kind: z.enum(conversationKinds),
  bookingId: z.number().nullable(),
  participants: z.array(z.object({ userId: z.number(), name: z.string() })),
  /** timeZone: the detailer's, the clock the booking's slot is on (as on /admin/bookings). */
  booking: z.object({ serviceName: z.string(), startsAt: z.string(), timeZone: z.string(), status: z.string() }).nullable(),
  lastMessage: conversationSummarySchema.shape.lastMessage,
  lastMessageAt: z.string().nullable(),
  reportedMessageCount: z.number(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;
