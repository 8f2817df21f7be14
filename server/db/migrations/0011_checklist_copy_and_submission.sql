DROP INDEX "services_detailer_name_unique";--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checklist_copied_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "services_detailer_name_unique" ON "services" USING btree ("detailer_id",lower("name")) WHERE "services"."archived_at" is null;--> statement-breakpoint
-- Hand-written: jobs whose checklist was already copied keep it; detailers already approved were submitted then.
UPDATE "bookings" SET "checklist_copied_at" = now() WHERE EXISTS (SELECT 1 FROM "booking_checklist_items" AS i WHERE i."booking_id" = "bookings"."id");--> statement-breakpoint
UPDATE "detailers" SET "submitted_at" = "approved_at" WHERE "approved_at" IS NOT NULL;
