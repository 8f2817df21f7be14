CREATE TABLE "detailer_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"detailer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer,
	"payment_id" integer,
	"payout_id" integer,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detailer_ledger_kind_known" CHECK ("detailer_ledger"."kind" in ('job', 'tip', 'refund', 'payout', 'payout_reversal')),
	CONSTRAINT "detailer_ledger_split_adds_up" CHECK ("detailer_ledger"."amount_cents" = "detailer_ledger"."gross_cents" - "detailer_ledger"."commission_cents" or "detailer_ledger"."kind" in ('payout', 'payout_reversal'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"detailer_id" integer PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"account_ref" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_status_known" CHECK ("payout_accounts"."status" in ('pending', 'active', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"detailer_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text NOT NULL,
	"transfer_ref" text,
	"run_date" text NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "payouts_run_date_format" CHECK ("payouts"."run_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_basis_points" integer DEFAULT 1500 NOT NULL,
	"payout_weekday" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_commission_range" CHECK ("platform_settings"."commission_basis_points" between 0 and 5000),
	CONSTRAINT "platform_settings_payout_weekday_range" CHECK ("platform_settings"."payout_weekday" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "logo_upload_id" integer;--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "detailer_ledger" ADD CONSTRAINT "detailer_ledger_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detailer_ledger" ADD CONSTRAINT "detailer_ledger_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detailer_ledger" ADD CONSTRAINT "detailer_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detailer_ledger" ADD CONSTRAINT "detailer_ledger_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "detailer_ledger_detailer_id_idx" ON "detailer_ledger" USING btree ("detailer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "detailer_ledger_one_per_payment" ON "detailer_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "detailer_ledger_one_per_payout" ON "detailer_ledger" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_ref_unique" ON "payout_accounts" USING btree ("account_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_per_run" ON "payouts" USING btree ("detailer_id","run_date");--> statement-breakpoint
CREATE INDEX "payouts_detailer_id_idx" ON "payouts" USING btree ("detailer_id","id");--> statement-breakpoint
ALTER TABLE "detailers" ADD CONSTRAINT "detailers_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 021): the one settings row, and every detailer that existed before approval existed stays listed.
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "detailers" SET "approved_at" = now() WHERE "approved_at" IS NULL;
