CREATE TABLE "event_coordinators" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_coordinators_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "institution_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "institution_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "institution_invitations_role_check" CHECK ("institution_invitations"."role" in ('RESPONSAVEL', 'COORDENADOR'))
);
--> statement-breakpoint
CREATE TABLE "institution_members" (
	"institution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"invited_by" uuid,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_members_institution_id_user_id_pk" PRIMARY KEY("institution_id","user_id"),
	CONSTRAINT "institution_members_role_check" CHECK ("institution_members"."role" in ('RESPONSAVEL', 'COORDENADOR')),
	CONSTRAINT "institution_members_limited_check" CHECK (not ("institution_members"."limited" and "institution_members"."role" = 'RESPONSAVEL'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "volunteer_requests" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "event_coordinators" ADD CONSTRAINT "event_coordinators_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coordinators" ADD CONSTRAINT "event_coordinators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_coordinators" ADD CONSTRAINT "event_coordinators_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invitations" ADD CONSTRAINT "institution_invitations_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invitations" ADD CONSTRAINT "institution_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_invitations" ADD CONSTRAINT "institution_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_institution_id_institutions_user_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_coordinators_user_idx" ON "event_coordinators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "institution_invitations_institution_idx" ON "institution_invitations" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "institution_members_user_idx" ON "institution_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_requests" ADD CONSTRAINT "volunteer_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- ADR 0077: each institution's own account (its user id is the institution's id) becomes the
-- institution's first responsável, joined when the institution was created; events made before
-- teams were made by that account. Decisions on applications made before teams name nobody.
INSERT INTO "institution_members" ("institution_id", "user_id", "role", "limited", "invited_by", "joined_at")
SELECT "user_id", "user_id", 'RESPONSAVEL', false, NULL, "created_at" FROM "institutions";
--> statement-breakpoint
UPDATE "events" SET "created_by" = "institution_id" WHERE "created_by" IS NULL;
