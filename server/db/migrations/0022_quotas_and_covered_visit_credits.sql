ALTER TABLE "messages" ADD COLUMN "photo_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_photo_bytes_known" CHECK ("messages"."photo_bytes" >= 0 and ("messages"."photo_key" is not null or "messages"."photo_bytes" = 0));--> statement-breakpoint
CREATE INDEX "messages_sender_photo_idx" ON "messages" USING btree ("sender_user_id") WHERE "messages"."photo_key" is not null;--> statement-breakpoint
CREATE TABLE "object_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "queue_message_photo_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."photo_key" IS NOT NULL AND (TG_OP = 'DELETE' OR NEW."photo_key" IS DISTINCT FROM OLD."photo_key") THEN
		INSERT INTO "object_removals" ("object_key") VALUES (OLD."photo_key");
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "messages_photo_removal" AFTER DELETE OR UPDATE OF "photo_key" ON "messages" FOR EACH ROW EXECUTE FUNCTION "queue_message_photo_removal"();--> statement-breakpoint
CREATE TABLE "covered_visit_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"detailer_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"period" text NOT NULL,
	"visit_count" integer NOT NULL,
	"included_visits_per_month" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "covered_visit_flags_period_format" CHECK ("covered_visit_flags"."period" ~ '^[0-9]{4}-[0-9]{2}$')
);--> statement-breakpoint
ALTER TABLE "covered_visit_flags" ADD CONSTRAINT "covered_visit_flags_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covered_visit_flags" ADD CONSTRAINT "covered_visit_flags_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "covered_visit_flags_once_per_period" ON "covered_visit_flags" USING btree ("detailer_id","customer_id","period");
