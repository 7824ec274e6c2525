ALTER TABLE "agreements" ADD COLUMN "representative_name" text;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "representative_role" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "representative_name" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "representative_role" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "representative_name" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "representative_role" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_representative_check" CHECK (("institutions"."representative_name" is null) = ("institutions"."representative_role" is null));