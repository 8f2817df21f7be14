ALTER TABLE "outbox_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_plan_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_next_plan_id_membership_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;