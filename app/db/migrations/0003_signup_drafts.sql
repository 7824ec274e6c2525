CREATE TABLE "signup_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"profile_type" text DEFAULT 'VOLUNTEER' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signup_drafts_profile_type_check" CHECK ("signup_drafts"."profile_type" in ('VOLUNTEER', 'INSTITUTION'))
);
--> statement-breakpoint
CREATE INDEX "signup_drafts_expires_idx" ON "signup_drafts" USING btree ("expires_at");