-- Two live bookings of one detailer can never overlap: the database refuses it, whatever the code does.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "detailer_id" WITH =,
  tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("status" IN ('pending_payment', 'requested', 'accepted', 'en_route', 'in_progress'));
