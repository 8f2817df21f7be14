ALTER TYPE "public"."notification_type" ADD VALUE 'promotions';--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"referral_id" integer,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_grants_amount_positive" CHECK ("credit_grants"."amount_cents" > 0),
	CONSTRAINT "credit_grants_reason_known" CHECK ("credit_grants"."reason" in ('referral_welcome', 'referral_reward'))
);
--> statement-breakpoint
CREATE TABLE "membership_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"gateway_ref" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "membership_invoices_amount_non_negative" CHECK ("membership_invoices"."amount_cents" >= 0),
	CONSTRAINT "membership_invoices_status_known" CHECK ("membership_invoices"."status" in ('open', 'paid', 'failed')),
	CONSTRAINT "membership_invoices_paid_at_when_paid" CHECK (("membership_invoices"."status" = 'paid') = ("membership_invoices"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "membership_plan_categories" (
	"plan_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "membership_plan_categories_plan_id_category_id_pk" PRIMARY KEY("plan_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"included_visits_per_month" integer NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"perks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"stripe_price_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_price_positive" CHECK ("membership_plans"."monthly_price_cents" > 0),
	CONSTRAINT "membership_plans_visits_range" CHECK ("membership_plans"."included_visits_per_month" between 0 and 8),
	CONSTRAINT "membership_plans_discount_range" CHECK ("membership_plans"."discount_basis_points" between 0 and 5000),
	CONSTRAINT "membership_plans_status_known" CHECK ("membership_plans"."status" in ('active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "membership_schedules" (
	"membership_id" integer PRIMARY KEY NOT NULL,
	"every_weeks" integer NOT NULL,
	"detailer_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"time_window" text NOT NULL,
	"vehicle_id" integer,
	"saved_address_id" integer,
	"next_visit_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_schedules_every_weeks" CHECK ("membership_schedules"."every_weeks" in (2, 4)),
	CONSTRAINT "membership_schedules_weekday_range" CHECK ("membership_schedules"."weekday" between 0 and 6),
	CONSTRAINT "membership_schedules_window_known" CHECK ("membership_schedules"."time_window" in ('morning', 'afternoon', 'evening')),
	CONSTRAINT "membership_schedules_next_visit_format" CHECK ("membership_schedules"."next_visit_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "membership_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"due_on" text NOT NULL,
	"status" text NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_visits_due_on_format" CHECK ("membership_visits"."due_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "membership_visits_status_known" CHECK ("membership_visits"."status" in ('booked', 'needs_confirmation', 'skipped', 'unfilled'))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"payment_method_ref" text,
	"billing_day" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_status_known" CHECK ("memberships"."status" in ('incomplete', 'active', 'past_due', 'canceled')),
	CONSTRAINT "memberships_billing_day_range" CHECK ("memberships"."billing_day" between 1 and 31),
	CONSTRAINT "memberships_period_order" CHECK ("memberships"."current_period_end" > "memberships"."current_period_start"),
	CONSTRAINT "memberships_failed_attempts_range" CHECK ("memberships"."failed_attempts" between 0 and 4),
	CONSTRAINT "memberships_canceled_at_when_canceled" CHECK (("memberships"."status" = 'canceled') = ("memberships"."canceled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_user_id" integer NOT NULL,
	"friend_user_id" integer NOT NULL,
	"first_booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_user_id" <> "referrals"."friend_user_id")
);
--> statement-breakpoint
CREATE TABLE "admin_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"audience_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_status_known" CHECK ("campaign_recipients"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"audience_id" integer NOT NULL,
	"channels" text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"promo_code_id" integer,
	"cta_url" text,
	"cta_label" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_known" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'sent', 'canceled')),
	CONSTRAINT "campaigns_channels_known" CHECK (cardinality("campaigns"."channels") > 0 and "campaigns"."channels" <@ array['email', 'push', 'in_app']::text[]),
	CONSTRAINT "campaigns_scheduled_when_scheduled" CHECK ("campaigns"."status" <> 'scheduled' or "campaigns"."scheduled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "platform_setting_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting" text NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"changed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_redemptions_discount_positive" CHECK ("promo_code_redemptions"."discount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"min_order_cents" integer DEFAULT 0 NOT NULL,
	"service_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"detailer_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"owner_detailer_id" integer,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"first_booking_only" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Za-z0-9_-]{3,32}$'),
	CONSTRAINT "promo_codes_kind_known" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_amount_matches_kind" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null) or ("promo_codes"."kind" = 'fixed' and "promo_codes"."amount_off_cents" > 0 and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_min_order_non_negative" CHECK ("promo_codes"."min_order_cents" >= 0),
	CONSTRAINT "promo_codes_uses_within_limit" CHECK ("promo_codes"."uses_count" >= 0 and ("promo_codes"."max_uses" is null or "promo_codes"."uses_count" <= "promo_codes"."max_uses")),
	CONSTRAINT "promo_codes_limits_positive" CHECK (("promo_codes"."max_uses" is null or "promo_codes"."max_uses" > 0) and ("promo_codes"."max_uses_per_customer" is null or "promo_codes"."max_uses_per_customer" > 0)),
	CONSTRAINT "promo_codes_dates_in_order" CHECK ("promo_codes"."ends_at" is null or "promo_codes"."ends_at" > "promo_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "weather_checks" (
	"booking_id" integer NOT NULL,
	"check_window" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"precipitation_chance" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_checks_booking_id_check_window_starts_at_pk" PRIMARY KEY("booking_id","check_window","starts_at"),
	CONSTRAINT "weather_checks_window_known" CHECK ("weather_checks"."check_window" in ('24h', '3h')),
	CONSTRAINT "weather_checks_outcome_known" CHECK ("weather_checks"."outcome" in ('dry', 'wet'))
);
--> statement-breakpoint
CREATE TABLE "weather_forecasts" (
	"zip" text NOT NULL,
	"date" text NOT NULL,
	"condition" text NOT NULL,
	"precipitation_chance" integer NOT NULL,
	"set_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_forecasts_zip_date_pk" PRIMARY KEY("zip","date"),
	CONSTRAINT "weather_forecasts_zip_format" CHECK ("weather_forecasts"."zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "weather_forecasts_date_format" CHECK ("weather_forecasts"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "weather_forecasts_condition_known" CHECK ("weather_forecasts"."condition" in ('clear', 'rain', 'snow')),
	CONSTRAINT "weather_forecasts_chance_range" CHECK ("weather_forecasts"."precipitation_chance" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_is_sum";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8)) NOT NULL;--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "travel_buffer_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_categories" ADD COLUMN "weather_sensitive" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "free_cancellation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancellation_fee_cents" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "service_fee_cents" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "free_cancellation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "late_cancellation_fee_cents" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "hold_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "request_timeout_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "referral_friend_credit_cents" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "referral_referrer_credit_cents" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "support_email" text DEFAULT 'support@glossly.app' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plan_categories" ADD CONSTRAINT "membership_plan_categories_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plan_categories" ADD CONSTRAINT "membership_plan_categories_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_schedules" ADD CONSTRAINT "membership_schedules_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_schedules" ADD CONSTRAINT "membership_schedules_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_schedules" ADD CONSTRAINT "membership_schedules_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_schedules" ADD CONSTRAINT "membership_schedules_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_schedules" ADD CONSTRAINT "membership_schedules_saved_address_id_saved_addresses_id_fk" FOREIGN KEY ("saved_address_id") REFERENCES "public"."saved_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_visits" ADD CONSTRAINT "membership_visits_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_visits" ADD CONSTRAINT "membership_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_user_id_users_id_fk" FOREIGN KEY ("friend_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_first_booking_id_bookings_id_fk" FOREIGN KEY ("first_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notifications" ADD CONSTRAINT "admin_notifications_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_setting_changes" ADD CONSTRAINT "platform_setting_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_owner_detailer_id_detailers_id_fk" FOREIGN KEY ("owner_detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_checks" ADD CONSTRAINT "weather_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_forecasts" ADD CONSTRAINT "weather_forecasts_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_once_per_referral" ON "credit_grants" USING btree ("referral_id","reason");--> statement-breakpoint
CREATE INDEX "credit_grants_user_id_idx" ON "credit_grants" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invoices_one_per_period" ON "membership_invoices" USING btree ("membership_id","kind","period_start") WHERE "membership_invoices"."kind" <> 'proration';--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invoices_gateway_ref_unique" ON "membership_invoices" USING btree ("gateway_ref");--> statement-breakpoint
CREATE INDEX "membership_invoices_membership_id_idx" ON "membership_invoices" USING btree ("membership_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_name_unique" ON "membership_plans" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "membership_visits_once_per_due_date" ON "membership_visits" USING btree ("membership_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_visits_booking_unique" ON "membership_visits" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_live_per_customer" ON "memberships" USING btree ("customer_id") WHERE "memberships"."status" <> 'canceled';--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_gateway_ref_unique" ON "memberships" USING btree ("gateway_ref");--> statement-breakpoint
CREATE INDEX "memberships_status_period_end_idx" ON "memberships" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_unique" ON "referrals" USING btree ("friend_user_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_user_id","id");--> statement-breakpoint
CREATE INDEX "admin_notifications_created_at_idx" ON "admin_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_name_unique" ON "audiences" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_once" ON "campaign_recipients" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_token_unique" ON "campaign_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_scheduled_at_idx" ON "campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "platform_setting_changes_created_at_idx" ON "platform_setting_changes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_redemptions_booking_unique" ON "promo_code_redemptions" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_code_customer_idx" ON "promo_code_redemptions" USING btree ("promo_code_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree (lower("referral_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "detailer_ledger_one_covered_job_per_booking" ON "detailer_ledger" USING btree ("booking_id") WHERE "detailer_ledger"."kind" = 'job' and "detailer_ledger"."payment_id" is null;--> statement-breakpoint
ALTER TABLE "detailers" ADD CONSTRAINT "detailers_travel_buffer_range" CHECK ("detailers"."travel_buffer_minutes" between 0 and 120);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_range" CHECK ("bookings"."discount_cents" >= 0 and "bookings"."discount_cents" <= "bookings"."price_cents" + "bookings"."vehicle_surcharge_cents");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_priced_with_ranges" CHECK ("bookings"."tax_rate_basis_points" between 0 and 2500 and "bookings"."free_cancellation_hours" between 0 and 168 and "bookings"."late_cancellation_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_is_sum" CHECK ("bookings"."total_cents" = "bookings"."price_cents" + "bookings"."vehicle_surcharge_cents" - "bookings"."discount_cents" + "bookings"."service_fee_cents" + "bookings"."tax_cents");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_service_fee_range" CHECK ("platform_settings"."service_fee_cents" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_tax_rate_range" CHECK ("platform_settings"."tax_rate_basis_points" between 0 and 2500);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_cancellation_range" CHECK ("platform_settings"."free_cancellation_hours" between 0 and 168 and "platform_settings"."late_cancellation_fee_cents" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_hold_minutes_range" CHECK ("platform_settings"."hold_minutes" between 5 and 60);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_request_timeout_range" CHECK ("platform_settings"."request_timeout_hours" between 1 and 72);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_referral_range" CHECK ("platform_settings"."referral_friend_credit_cents" between 0 and 10000 and "platform_settings"."referral_referrer_credit_cents" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_support_email_format" CHECK ("platform_settings"."support_email" ~ '^[^@[:space:]]+@[^@[:space:]]+$');--> statement-breakpoint
-- Hand-written (decision 022). The bookings' links to a promo code and a membership: declared in the Drizzle schema
-- they would make its files import each other in a cycle.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Backfills: a booking made before keeps the late fee it was priced with (its service fee), categories keep their
-- order, and interior work is not spoiled by rain.
UPDATE "bookings" SET "late_cancellation_fee_cents" = "service_fee_cents";--> statement-breakpoint
UPDATE "service_categories" SET "sort_order" = "id";--> statement-breakpoint
UPDATE "service_categories" SET "weather_sensitive" = false WHERE lower("name") = 'interior';
