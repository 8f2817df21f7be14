CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer,
	"user_id" integer NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	"pushed_to" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"pushed_at" timestamp with time zone,
	"email_queued_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_some_channel" CHECK ("notification_deliveries"."push" or "notification_deliveries"."email"),
	CONSTRAINT "notification_deliveries_attempts_non_negative" CHECK ("notification_deliveries"."attempts" >= 0),
	CONSTRAINT "notification_deliveries_legs_of_channels_wanted" CHECK (("notification_deliveries"."pushed_at" is null or "notification_deliveries"."push") and ("notification_deliveries"."email_queued_at" is null or "notification_deliveries"."email") and ("notification_deliveries"."push" or cardinality("notification_deliveries"."pushed_to") = 0)),
	CONSTRAINT "notification_deliveries_one_end" CHECK ("notification_deliveries"."sent_at" is null or "notification_deliveries"."gave_up_at" is null),
	CONSTRAINT "notification_deliveries_due_until_ended" CHECK (("notification_deliveries"."next_attempt_at" is null) = ("notification_deliveries"."sent_at" is not null or "notification_deliveries"."gave_up_at" is not null)),
	CONSTRAINT "notification_deliveries_sent_when_every_leg_done" CHECK ("notification_deliveries"."sent_at" is null or ((not "notification_deliveries"."push" or "notification_deliveries"."pushed_at" is not null) and (not "notification_deliveries"."email" or "notification_deliveries"."email_queued_at" is not null))),
	CONSTRAINT "notification_deliveries_given_up_with_error" CHECK ("notification_deliveries"."gave_up_at" is null or ("notification_deliveries"."last_error" is not null and "notification_deliveries"."attempts" > 0))
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("next_attempt_at") WHERE "notification_deliveries"."next_attempt_at" is not null;
