CREATE TABLE "offline_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"refusal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offline_actions" ADD CONSTRAINT "offline_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_actions" ADD CONSTRAINT "offline_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_actions_client_unique" ON "offline_actions" USING btree ("user_id","client_id");
