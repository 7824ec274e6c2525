CREATE TABLE "certificate_holders" (
	"certificate_id" uuid PRIMARY KEY NOT NULL,
	"volunteer_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"volunteer_id" uuid,
	"institution_id" uuid,
	"scope" text NOT NULL,
	"request_key" text NOT NULL,
	"institution_name" text NOT NULL,
	"institution_cnpj" text NOT NULL,
	"issued_place" text NOT NULL,
	"activity" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"total_minutes" integer NOT NULL,
	"hours" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by" uuid,
	"issued_by_role" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoke_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_scope_check" CHECK ("certificates"."scope" in ('EVENT', 'ONGOING', 'PERIOD')),
	CONSTRAINT "certificates_issued_by_role_check" CHECK ("certificates"."issued_by_role" in ('VOLUNTEER', 'INSTITUTION')),
	CONSTRAINT "certificates_code_check" CHECK ("certificates"."code" ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
	CONSTRAINT "certificates_minutes_check" CHECK ("certificates"."total_minutes" > 0),
	CONSTRAINT "certificates_period_check" CHECK ("certificates"."period_from" <= "certificates"."period_to"),
	CONSTRAINT "certificates_revoke_reason_length_check" CHECK (char_length("certificates"."revoke_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "certificate_holders" ADD CONSTRAINT "certificate_holders_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_holders" ADD CONSTRAINT "certificate_holders_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_valid_request_key" ON "certificates" USING btree ("request_key") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_volunteer_idx" ON "certificates" USING btree ("volunteer_id","issued_at");--> statement-breakpoint
CREATE INDEX "certificates_institution_idx" ON "certificates" USING btree ("institution_id","issued_at");