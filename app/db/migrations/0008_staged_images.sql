CREATE TABLE "staged_images" (
	"id" text PRIMARY KEY NOT NULL,
	"uploader" text NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staged_images_kind_check" CHECK ("staged_images"."kind" in ('profile', 'cover'))
);
--> statement-breakpoint
CREATE INDEX "staged_images_uploader_idx" ON "staged_images" USING btree ("uploader","created_at");--> statement-breakpoint
CREATE INDEX "staged_images_created_idx" ON "staged_images" USING btree ("created_at");