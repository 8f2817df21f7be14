CREATE TABLE "email_change_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"apt" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"zip" text NOT NULL,
	"access_notes" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_addresses_zip_format" CHECK ("saved_addresses"."zip" ~ '^[0-9]{5}(-[0-9]{4})?$'),
	CONSTRAINT "saved_addresses_text_lengths" CHECK (char_length("saved_addresses"."label") between 1 and 40 and char_length("saved_addresses"."address") between 1 and 200
      and char_length("saved_addresses"."city") between 1 and 100 and char_length("saved_addresses"."apt") <= 40 and char_length("saved_addresses"."access_notes") <= 500)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_dimensions_positive" CHECK ("uploads"."width" > 0 and "uploads"."height" > 0 and "uploads"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"license_plate" text DEFAULT '' NOT NULL,
	"vehicle_type" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"photo_upload_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_year_range" CHECK ("vehicles"."year" between 1950 and 2100),
	CONSTRAINT "vehicles_vehicle_type_known" CHECK ("vehicles"."vehicle_type" in ('Sedan', 'SUV', 'Truck', 'Van', 'Luxury/Sports')),
	CONSTRAINT "vehicles_text_lengths" CHECK (char_length("vehicles"."make") between 1 and 40 and char_length("vehicles"."model") between 1 and 60
      and char_length("vehicles"."color") <= 30 and char_length("vehicles"."license_plate") <= 12 and char_length("vehicles"."nickname") <= 40)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_upload_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_details" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "access_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_addresses" ADD CONSTRAINT "saved_addresses_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_tokens_user_id_idx" ON "email_change_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_addresses_customer_id_idx" ON "saved_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_one_default" ON "saved_addresses" USING btree ("customer_id") WHERE "saved_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "uploads_owner_user_id_idx" ON "uploads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "vehicles_customer_id_idx" ON "vehicles" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_one_default" ON "vehicles" USING btree ("customer_id") WHERE "vehicles"."is_default";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_upload_id_uploads_id_fk" FOREIGN KEY ("avatar_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;