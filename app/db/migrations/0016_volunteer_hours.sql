CREATE TABLE "volunteer_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid,
	"request_id" uuid,
	"worked_on" date NOT NULL,
	"minutes" integer NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"logged_by" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_hours_kind_check" CHECK ("volunteer_hours"."kind" in ('EVENT', 'ONGOING')),
	CONSTRAINT "volunteer_hours_source_check" CHECK (("volunteer_hours"."kind" = 'EVENT' and "volunteer_hours"."event_id" is not null and "volunteer_hours"."request_id" is null) or ("volunteer_hours"."kind" = 'ONGOING' and "volunteer_hours"."request_id" is not null and "volunteer_hours"."event_id" is null)),
	CONSTRAINT "volunteer_hours_status_check" CHECK ("volunteer_hours"."status" in ('PENDING', 'CONFIRMED', 'DECLINED', 'ABSENT')),
	CONSTRAINT "volunteer_hours_logged_by_check" CHECK ("volunteer_hours"."logged_by" in ('VOLUNTEER', 'INSTITUTION')),
	CONSTRAINT "volunteer_hours_minutes_check" CHECK ("volunteer_hours"."minutes" between 0 and case when "volunteer_hours"."kind" = 'EVENT' then 1440 else 18000 end),
	CONSTRAINT "volunteer_hours_description_length_check" CHECK (char_length("volunteer_hours"."description") <= 500),
	CONSTRAINT "volunteer_hours_decline_reason_length_check" CHECK (char_length("volunteer_hours"."decline_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_request_id_volunteer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."volunteer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_hours" ADD CONSTRAINT "volunteer_hours_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_hours_event_key" ON "volunteer_hours" USING btree ("event_id","volunteer_id") WHERE "volunteer_hours"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_hours_request_month_key" ON "volunteer_hours" USING btree ("request_id","worked_on") WHERE "volunteer_hours"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "volunteer_hours_volunteer_idx" ON "volunteer_hours" USING btree ("volunteer_id","status","worked_on");--> statement-breakpoint
CREATE INDEX "volunteer_hours_institution_idx" ON "volunteer_hours" USING btree ("institution_id","status","worked_on");