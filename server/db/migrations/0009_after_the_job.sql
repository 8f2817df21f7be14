CREATE TABLE "service_surcharges" (
	"service_id" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"surcharge_cents" integer NOT NULL,
	CONSTRAINT "service_surcharges_service_id_vehicle_type_pk" PRIMARY KEY("service_id","vehicle_type"),
	CONSTRAINT "service_surcharges_vehicle_type_known" CHECK ("service_surcharges"."vehicle_type" in ('Sedan', 'SUV', 'Truck', 'Van', 'Luxury/Sports')),
	CONSTRAINT "service_surcharges_amount_range" CHECK ("service_surcharges"."surcharge_cents" between 1 and 50000)
);
--> statement-breakpoint
CREATE TABLE "booking_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by_user_id" integer,
	CONSTRAINT "booking_checklist_items_label_length" CHECK (char_length("booking_checklist_items"."label") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "booking_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"phase" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_photos_phase_known" CHECK ("booking_photos"."phase" in ('before', 'after'))
);
--> statement-breakpoint
CREATE TABLE "claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"upload_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_cents" integer,
	"resolution_note" text,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_status_known" CHECK ("claims"."status" in ('open', 'resolved', 'rejected')),
	CONSTRAINT "claims_description_length" CHECK (char_length("claims"."description") between 10 and 2000),
	CONSTRAINT "claims_resolution" CHECK (("claims"."status" = 'open') = ("claims"."resolved_at" is null) and ("claims"."refund_cents" is null or "claims"."refund_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"author_role" text NOT NULL,
	"author_user_id" integer NOT NULL,
	"detailer_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_author_role_known" CHECK ("reviews"."author_role" in ('customer', 'detailer')),
	CONSTRAINT "reviews_text_lengths" CHECK (char_length("reviews"."body") <= 2000 and ("reviews"."reply" is null or char_length("reviews"."reply") between 1 and 1000)),
	CONSTRAINT "reviews_reply_only_on_customer_review" CHECK ("reviews"."reply" is null or "reviews"."author_role" = 'customer'),
	CONSTRAINT "reviews_hidden_has_reason" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"gateway" text NOT NULL,
	"intent_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_range" CHECK ("tips"."amount_cents" between 100 and 100000)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_is_sum";--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "history_rating" numeric(2, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "history_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "image_upload_id" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "checklist" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_surcharge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_surcharges" ADD CONSTRAINT "service_surcharges_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_checklist_items" ADD CONSTRAINT "booking_checklist_items_checked_by_user_id_users_id_fk" FOREIGN KEY ("checked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_photos" ADD CONSTRAINT "booking_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_photos" ADD CONSTRAINT "booking_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_photos" ADD CONSTRAINT "booking_photos_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_user_id_users_id_fk" FOREIGN KEY ("hidden_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_checklist_items_position_unique" ON "booking_checklist_items" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "booking_photos_booking_id_idx" ON "booking_photos" USING btree ("booking_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_photos_upload_unique" ON "booking_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "claim_photos_claim_id_idx" ON "claim_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_photos_upload_unique" ON "claim_photos" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "claims_booking_id_idx" ON "claims" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_one_open_per_booking" ON "claims" USING btree ("booking_id") WHERE "claims"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_side" ON "reviews" USING btree ("booking_id","author_role");--> statement-breakpoint
CREATE INDEX "reviews_detailer_id_idx" ON "reviews" USING btree ("detailer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_intent_id_unique" ON "tips" USING btree ("intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_idempotency_key_unique" ON "tips" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_one_succeeded_per_booking" ON "tips" USING btree ("booking_id") WHERE "tips"."status" = 'succeeded';--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detailers" ADD CONSTRAINT "detailers_history_range" CHECK ("detailers"."history_rating" >= 0 and "detailers"."history_rating" <= 5 and "detailers"."history_review_count" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_checklist_size" CHECK (cardinality("services"."checklist") <= 20);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_completed_at_when_completed" CHECK ("bookings"."completed_at" is null or "bookings"."status" = 'completed');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amounts_non_negative" CHECK ("bookings"."price_cents" > 0 and "bookings"."vehicle_surcharge_cents" >= 0 and "bookings"."service_fee_cents" >= 0 and "bookings"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_is_sum" CHECK ("bookings"."total_cents" = "bookings"."price_cents" + "bookings"."vehicle_surcharge_cents" + "bookings"."service_fee_cents" + "bookings"."tax_cents");--> statement-breakpoint
-- Backfills (hand-written, decision 020): the history the seed gave every detailer becomes the baseline their
-- reviews add to, and bookings completed before this migration count their windows from their completion event.
UPDATE "detailers" SET "history_rating" = "rating", "history_review_count" = "review_count";--> statement-breakpoint
UPDATE "bookings" AS b SET "completed_at" = coalesce(
  (SELECT max(e."created_at") FROM "booking_events" AS e WHERE e."booking_id" = b."id" AND e."to_status" = 'completed'),
  b."ends_at"
) WHERE b."status" = 'completed';
