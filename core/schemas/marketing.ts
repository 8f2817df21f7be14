import { z } from 'zod';
import { roles } from '../domain/roles.ts';
import { vehicleTypes } from './booking.ts';
import { dateSchema, idParam, idSchema, textSchema } from './common.ts';

// Audiences and campaigns (issue 19, decision 022): one contract for the admin's forms and the API.

export const marketingLimits = {
  nameMax: 80,
  subjectMax: 120,
  bodyMax: 2_000,
  ctaLabelMax: 40,
  ctaUrlMax: 300,
  cityMax: 80,
  radiusMaxMiles: 500,
  bookingsMax: 10_000,
  sampleSize: 5,
} as const;

const limits = marketingLimits;
const zipPattern = /^\d{5}$/;
const count = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(limits.bookingsMax, `${field} must be at most ${limits.bookingsMax}`);

/** Every rule is optional; the ones given are AND-ed. Dates are calendar days (UTC), both ends included. */
export const audienceRulesSchema = z
  .object({
    role: z.enum(roles, { error: 'Role must be customer, detailer or admin' }).optional(),
    city: textSchema('City', limits.cityMax).min(1, 'City is required').optional(),
    zip: z.string({ error: 'ZIP code must be 5 digits' }).trim().regex(zipPattern, 'ZIP code must be 5 digits').optional(),
    radiusMiles: z
      .number({ error: 'Radius must be a number of miles' })
      .positive('Radius must be more than 0 miles')
      .max(limits.radiusMaxMiles, `Radius must be at most ${limits.radiusMaxMiles} miles`)
      .optional(),
    lastBookingBefore: dateSchema('Last booking before').optional(),
    lastBookingAfter: dateSchema('Last booking after').optional(),
    minBookings: count('Minimum bookings').optional(),
    maxBookings: count('Maximum bookings').optional(),
    hasMembership: z.boolean({ error: 'Has a membership must be yes or no' }).optional(),
    vehicleType: z.enum(vehicleTypes, { error: `Car type must be one of ${vehicleTypes.join(', ')}` }).optional(),
    signedUpFrom: dateSchema('Signed up from').optional(),
    signedUpTo: dateSchema('Signed up to').optional(),
  })
  .strict()
  .superRefine((rules, ctx) => {
    if ((rules.zip === undefined) !== (rules.radiusMiles === undefined)) {
      const path = rules.zip === undefined ? 'zip' : 'radiusMiles';
      ctx.addIssue({ code: 'custom', path: [path], message: 'A ZIP code and a radius go together' });
    }
    if (rules.city !== undefined && rules.zip !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'Choose a city or a ZIP code with a radius, not both' });
    }
    if (rules.minBookings !== undefined && rules.maxBookings !== undefined && rules.minBookings > rules.maxBookings) {
      ctx.addIssue({ code: 'custom', path: ['maxBookings'], message: 'Maximum bookings must be at least the minimum' });
    }
    if (rules.signedUpFrom && rules.signedUpTo && rules.signedUpFrom > rules.signedUpTo) {
      ctx.addIssue({ code: 'custom', path: ['signedUpTo'], message: 'Signed up to must be on or after signed up from' });
    }
  });
export type AudienceRules = z.infer<typeof audienceRulesSchema>;

export const audienceInputSchema = z.object({
  name: textSchema('Name', limits.nameMax).min(1, 'Name is required'),
  rules: audienceRulesSchema,
});
export type AudienceInput = z.infer<typeof audienceInputSchema>;

/** The audience form's rule fields, each typed as text (a select's value too); an empty one is no rule. */
export const audienceRuleFields = [
  'role',
  'city',
  'zip',
  'radiusMiles',
  'lastBookingAfter',
  'lastBookingBefore',
  'minBookings',
  'maxBookings',
  'hasMembership',
  'vehicleType',
  'signedUpFrom',
  'signedUpTo',
] as const;
export type AudienceRuleField = (typeof audienceRuleFields)[number];
const numberRules = new Set<AudienceRuleField>(['radiusMiles', 'minBookings', 'maxBookings']);

/** The form's text as rules: numbers stay numbers the schema refuses when they are not ones; 'yes'/'no' is a boolean. */
export const audienceRulesFormSchema = z
  .object(Object.fromEntries(audienceRuleFields.map((field) => [field, z.string()])) as Record<AudienceRuleField, z.ZodString>)
  .transform((form) => {
    const rules: Record<string, unknown> = {};
    for (const field of audienceRuleFields) {
      const text = form[field].trim();
      if (text === '') continue;
      rules[field] = field === 'hasMembership' ? text === 'yes' : numberRules.has(field) ? Number(text) : text;
    }
    return rules;
  })
  .pipe(audienceRulesSchema);
export type AudienceRulesFormValues = z.input<typeof audienceRulesFormSchema>;

/** The admin's audience form: the API's name rule and the rules typed as text. */
export const audienceFormSchema = z.object({ name: audienceInputSchema.shape.name, rules: audienceRulesFormSchema });
export type AudienceFormValues = z.input<typeof audienceFormSchema>;

/** One member of the sample: enough to recognise the segment, not a mailing list. */
export type AudienceMember = { name: string; email: string; city: string | null };
export type AudiencePreview = { count: number; sample: AudienceMember[] };
export type Audience = { id: number; name: string; rules: AudienceRules; count: number; createdAt: string; updatedAt: string };

export const campaignChannels = ['email', 'push', 'in_app'] as const;
export type CampaignChannel = (typeof campaignChannels)[number];
export const campaignChannelLabels: Record<CampaignChannel, string> = { email: 'Email', push: 'Push', in_app: 'In-app' };

/** A call to action is a path in this app ("/detailers"): the tracked link can never send anyone elsewhere. */
export const ctaPathPattern = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/;

export const campaignInputSchema = z.object({
  name: textSchema('Name', limits.nameMax).min(1, 'Name is required'),
  audienceId: idSchema('Audience'),
  channels: z
    .array(z.enum(campaignChannels, { error: 'Channel must be email, push or in-app' }), { error: 'Choose at least one channel' })
    .min(1, 'Choose at least one channel')
    .max(campaignChannels.length, 'Choose each channel once')
    .refine((channels) => new Set(channels).size === channels.length, 'Choose each channel once'),
  subject: textSchema('Subject', limits.subjectMax).min(1, 'Subject is required'),
  body: textSchema('Text', limits.bodyMax, { multiline: true }).min(1, 'Text is required'),
  promoCodeId: idSchema('Promo code').nullable().default(null),
  ctaUrl: textSchema('Link', limits.ctaUrlMax)
    .regex(ctaPathPattern, 'Link must be a page of Glossly starting with / (for example /detailers)')
    .nullable()
    .default(null),
  ctaLabel: textSchema('Button text', limits.ctaLabelMax).nullable().default(null),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

/** The admin's campaign form: selects and fields hold text; empty optional ones are sent as null. */
export const campaignFormSchema = z
  .object({
    name: z.string(),
    audienceId: z.string(),
    channels: z.array(z.enum(campaignChannels)),
    subject: z.string(),
    body: z.string(),
    promoCodeId: z.string(),
    ctaUrl: z.string(),
    ctaLabel: z.string(),
  })
  .transform(
    (form): CampaignInput => ({
      ...form,
      // No audience chosen is left out, so that the API's schema says 'Audience is required'.
      audienceId: form.audienceId ? Number(form.audienceId) : (undefined as unknown as number),
      promoCodeId: form.promoCodeId ? Number(form.promoCodeId) : null,
      ctaUrl: form.ctaUrl.trim() || null,
      ctaLabel: form.ctaLabel.trim() || null,
    }),
  )
  .pipe(campaignInputSchema);
export type CampaignFormValues = z.input<typeof campaignFormSchema>;
export type CampaignFormOutput = z.output<typeof campaignFormSchema>;

const instant = z
  .string({ error: 'Send at is required' })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), 'Send at must be a date and time');
/** POST /api/admin/campaigns/:id/schedule. */
export const campaignScheduleSchema = z.object({ sendAt: instant });
/** 'Or send at': the browser's local date and time (datetime-local), sent as an instant. */
export const campaignScheduleFormSchema = z
  .object({ sendAt: z.string().min(1, 'Choose a date and time') })
  .transform(({ sendAt }) => {
    const at = new Date(sendAt);
    return { sendAt: Number.isNaN(at.getTime()) ? sendAt : at.toISOString() };
  })
  .pipe(campaignScheduleSchema);
export type CampaignScheduleFormValues = z.input<typeof campaignScheduleFormSchema>;
export type CampaignScheduleInput = z.output<typeof campaignScheduleSchema>;

/** POST /api/admin/campaigns/reach: who a campaign to this audience on these channels would be sent to, now. */
export const campaignReachInputSchema = campaignInputSchema.pick({ audienceId: true, channels: true });
export type CampaignReachInput = z.infer<typeof campaignReachInputSchema>;
/**
 * `recipients`: the people it is sent to (the audience with Promotions on for at least one of the channels), the
 * count 'Send now' freezes; `byChannel`: of them, who gets it on each chosen channel; `promotionsOff`: the rest of
 * the audience, left out because Promotions are off for them on every chosen channel (off until a person turns them on).
 */
export type CampaignReach = {
  audience: number;
  recipients: number;
  byChannel: Partial<Record<CampaignChannel, number>>;
  promotionsOff: number;
};

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'canceled';
export type CampaignFigures = {
  recipients: number;
  processed: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bookings: number;
};
export type Campaign = {
  id: number;
  name: string;
  audienceId: number;
  audienceName: string;
  channels: CampaignChannel[];
  subject: string;
  body: string;
  promoCodeId: number | null;
  promoCode: string | null;
  ctaUrl: string | null;
  ctaLabel: string | null;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  figures: CampaignFigures;
};
export type CampaignPreview = {
  email: { subject: string; text: string };
  push: { title: string; body: string };
  inApp: { title: string; message: string; link: string | null };
};

export type ActivePromoCode = { id: number; code: string; usesCount: number; maxUses: number | null; endsAt: string | null };
export type MarketingOverview = { activeCodes: ActivePromoCode[]; recentCampaigns: Campaign[] };

/** POST /api/admin/notifications: to one user (by email) or to an audience. */
export const adminNotificationInputSchema = z
  .object({
    email: textSchema('Email', 254).optional(),
    audienceId: idSchema('Audience').optional(),
    title: textSchema('Title', limits.subjectMax).min(1, 'Title is required'),
    message: textSchema('Message', limits.bodyMax, { multiline: true }).min(1, 'Message is required'),
  })
  .superRefine((input, ctx) => {
    const targets = Number(Boolean(input.email)) + Number(input.audienceId !== undefined);
    if (targets !== 1) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Choose one user by email or an audience' });
  });
export type AdminNotificationInput = z.input<typeof adminNotificationInputSchema>;
/** The admin's notification form: 'Send to' one user (their email) or an audience (the select's value). */
export const adminNotificationFormSchema = z
  .object({ to: z.enum(['user', 'audience']), email: z.string(), audienceId: z.string(), title: z.string(), message: z.string() })
  .transform(({ to, email, audienceId, title, message }) => ({
    ...(to === 'user' ? { email } : audienceId ? { audienceId: Number(audienceId) } : {}),
    title,
    message,
  }))
  .pipe(adminNotificationInputSchema);
export type AdminNotificationFormValues = z.input<typeof adminNotificationFormSchema>;
export type AdminNotificationFormOutput = z.output<typeof adminNotificationFormSchema>;
export type AdminNotification = {
  id: number;
  title: string;
  message: string;
  to: string;
  recipientCount: number;
  sentBy: string | null;
  createdAt: string;
};

export const marketingIdParamsSchema = z.object({ id: idParam('Id') });
export const trackingTokenParamsSchema = z.object({ token: z.string().regex(/^[a-f0-9]{64}$/, 'Unknown link') });
