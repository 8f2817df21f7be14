ALTER TYPE "public"."booking_status" ADD VALUE 'overdue';--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'no_show';--> statement-breakpoint
ALTER TABLE "detailers" ADD COLUMN "instant_booking" boolean DEFAULT false NOT NULL;