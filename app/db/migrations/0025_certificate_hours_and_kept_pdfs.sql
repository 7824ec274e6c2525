CREATE TABLE "document_pdfs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid,
	"certificate_id" uuid,
	"variant" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_pdfs_one_document_check" CHECK (("document_pdfs"."agreement_id" is null) <> ("document_pdfs"."certificate_id" is null))
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "hour_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD CONSTRAINT "document_pdfs_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_pdfs" ADD CONSTRAINT "document_pdfs_certificate_id_certificate_holders_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate_holders"("certificate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_pdfs_agreement_key" ON "document_pdfs" USING btree ("agreement_id") WHERE "document_pdfs"."agreement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_pdfs_certificate_key" ON "document_pdfs" USING btree ("certificate_id") WHERE "document_pdfs"."certificate_id" is not null;