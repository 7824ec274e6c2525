CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"request_id" uuid,
	"participation_id" uuid,
	"activity" text NOT NULL,
	"template_version" text NOT NULL,
	"body" text NOT NULL,
	"body_sha256" text NOT NULL,
	"guardian_required" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"guardian_name" text,
	"guardian_email" text,
	"guardian_consented_at" timestamp with time zone,
	"guardian_consent_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_kind_check" CHECK ("agreements"."kind" in ('APPLICATION', 'EVENT')),
	CONSTRAINT "agreements_source_check" CHECK (("agreements"."kind" = 'APPLICATION' and "agreements"."request_id" is not null and "agreements"."participation_id" is null) or ("agreements"."kind" = 'EVENT' and "agreements"."participation_id" is not null and "agreements"."request_id" is null)),
	CONSTRAINT "agreements_sha256_check" CHECK ("agreements"."body_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "guardian_tokens" (
	"digest" text PRIMARY KEY NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"agreement_id" uuid,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_tokens_purpose_check" CHECK ("guardian_tokens"."purpose" in ('ACCOUNT', 'AGREEMENT')),
	CONSTRAINT "guardian_tokens_agreement_check" CHECK (("guardian_tokens"."purpose" = 'AGREEMENT') = ("guardian_tokens"."agreement_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "guardian_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "guardian_consent_ip" text;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "guardian_consent_name" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_request_id_volunteer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."volunteer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_tokens" ADD CONSTRAINT "guardian_tokens_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_tokens" ADD CONSTRAINT "guardian_tokens_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_request_key" ON "agreements" USING btree ("request_id") WHERE "agreements"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_participation_key" ON "agreements" USING btree ("participation_id") WHERE "agreements"."participation_id" is not null;--> statement-breakpoint
CREATE INDEX "agreements_volunteer_idx" ON "agreements" USING btree ("volunteer_id","created_at");--> statement-breakpoint
CREATE INDEX "agreements_institution_idx" ON "agreements" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "guardian_tokens_volunteer_idx" ON "guardian_tokens" USING btree ("volunteer_id");--> statement-breakpoint
CREATE INDEX "guardian_tokens_expires_idx" ON "guardian_tokens" USING btree ("expires_at");