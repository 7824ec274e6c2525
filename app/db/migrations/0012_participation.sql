CREATE TABLE "participations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participations_status_check" CHECK ("participations"."status" in ('CONFIRMED', 'WAITLISTED', 'CANCELLED', 'REMOVED'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "end_time" time;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "online_link" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "places" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participations_event_user_key" ON "participations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "participations_event_status_idx" ON "participations" USING btree ("event_id","status","joined_at");--> statement-breakpoint
CREATE INDEX "participations_user_idx" ON "participations" USING btree ("user_id","joined_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_times_check" CHECK (("events"."start_time" is null and "events"."end_time" is null) or ("events"."start_time" is not null and "events"."end_time" is not null and "events"."end_time" > "events"."start_time"));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_places_check" CHECK ("events"."places" is null or "events"."places" between 1 and 10000);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_online_link_length_check" CHECK (char_length("events"."online_link") <= 500);