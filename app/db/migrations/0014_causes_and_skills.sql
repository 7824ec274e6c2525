ALTER TABLE "events" ADD COLUMN "causes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "causes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "causes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "events_causes_idx" ON "events" USING gin ("causes") WHERE "events"."status" = 'APPROVED';--> statement-breakpoint
CREATE INDEX "institutions_causes_idx" ON "institutions" USING gin ("causes") WHERE "institutions"."status" = 'APPROVED';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_causes_check" CHECK ("events"."causes" <@ array['educacao', 'saude', 'meio-ambiente', 'protecao-animal', 'criancas-e-adolescentes', 'pessoas-idosas', 'pessoas-com-deficiencia', 'combate-a-fome', 'direitos-humanos', 'cultura', 'esporte', 'cidadania', 'emergencias']::text[]
    and cardinality("events"."causes") <= 3);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_skills_check" CHECK ("events"."skills" <@ array['comunicacao', 'ensino', 'saude', 'tecnologia', 'cozinha', 'construcao', 'artes', 'esportes', 'juridico', 'gestao', 'idiomas', 'cuidados', 'logistica']::text[]
    and cardinality("events"."skills") <= 6);--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_causes_check" CHECK ("institutions"."causes" <@ array['educacao', 'saude', 'meio-ambiente', 'protecao-animal', 'criancas-e-adolescentes', 'pessoas-idosas', 'pessoas-com-deficiencia', 'combate-a-fome', 'direitos-humanos', 'cultura', 'esporte', 'cidadania', 'emergencias']::text[]
    and cardinality("institutions"."causes") <= 3);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_causes_check" CHECK ("volunteers"."causes" <@ array['educacao', 'saude', 'meio-ambiente', 'protecao-animal', 'criancas-e-adolescentes', 'pessoas-idosas', 'pessoas-com-deficiencia', 'combate-a-fome', 'direitos-humanos', 'cultura', 'esporte', 'cidadania', 'emergencias']::text[]
    and cardinality("volunteers"."causes") <= 3);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_skills_check" CHECK ("volunteers"."skills" <@ array['comunicacao', 'ensino', 'saude', 'tecnologia', 'cozinha', 'construcao', 'artes', 'esportes', 'juridico', 'gestao', 'idiomas', 'cuidados', 'logistica']::text[]
    and cardinality("volunteers"."skills") <= 6);