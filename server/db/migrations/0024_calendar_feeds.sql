CREATE TABLE "calendar_feeds" (
	"detailer_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_token_hash_sha256" CHECK ("calendar_feeds"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_detailer_id_detailers_id_fk" FOREIGN KEY ("detailer_id") REFERENCES "public"."detailers"("id") ON DELETE cascade ON UPDATE no action;
