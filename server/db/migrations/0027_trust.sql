CREATE TABLE "detailer_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"detailer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upload_id" integer NOT NULL,
	"expires_on" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detailer_documents_kind_known" CHECK ("detailer_documents"."kind" in ('insurance', 'business_licence')),
	CONSTRAINT "detailer_documents_status_known" CHECK ("detailer_documents"."status" in ('pending', 'granted', 'refused')),
	CONSTRAINT "detailer_documents_expires_format" CHECK ("detailer_documents"."expires_on" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "detailer_documents_refusal_has_reason" CHECK ("detailer_documents"."status" <> 'refused' or char_length("detailer_documents"."reason") > 0),
	CONSTRAINT "detailer_documents_decided" CHECK (("detailer_documents"."status" = 'pending') = ("detailer_documents"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "portfolio_consents" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"allowed" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"detailer_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"before_photo_id" integer NOT NULL,
	"after_photo_id" integer NOT NULL,
	"before_upload_id" integer NOT NULL,
	"after_upload_id" integer NOT NULL,
	"before_blurred" boolean NOT NULL,
	"after_blurred" boolean NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detailer_documents" ADD CONSTRAINT "detailer_documents_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "detailer_documents" ADD CONSTRAINT "detailer_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "detailer_documents" ADD CONSTRAINT "detailer_documents_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_consents" ADD CONSTRAINT "portfolio_consents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_before_photo_id_booking_photos_id_fk" FOREIGN KEY ("before_photo_id") REFERENCES "public"."booking_photos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_after_photo_id_booking_photos_id_fk" FOREIGN KEY ("after_photo_id") REFERENCES "public"."booking_photos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_before_upload_id_uploads_id_fk" FOREIGN KEY ("before_upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "portfolio_photos" ADD CONSTRAINT "portfolio_photos_after_upload_id_uploads_id_fk" FOREIGN KEY ("after_upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "detailer_documents_detailer_idx" ON "detailer_documents" USING btree ("detailer_id","kind");
--> statement-breakpoint
CREATE INDEX "detailer_documents_status_idx" ON "detailer_documents" USING btree ("status","id");
--> statement-breakpoint
CREATE INDEX "portfolio_photos_detailer_idx" ON "portfolio_photos" USING btree ("detailer_id","id");
--> statement-breakpoint
CREATE INDEX "portfolio_photos_booking_idx" ON "portfolio_photos" USING btree ("booking_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_photos_pair_unique" ON "portfolio_photos" USING btree ("before_photo_id","after_photo_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_photos_before_upload_unique" ON "portfolio_photos" USING btree ("before_upload_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_photos_after_upload_unique" ON "portfolio_photos" USING btree ("after_upload_id");
