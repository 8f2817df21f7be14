ALTER TABLE "bookings" ADD COLUMN "place_precision" text DEFAULT 'zip' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_place_precision_known" CHECK ("bookings"."place_precision" in ('street', 'zip'));
