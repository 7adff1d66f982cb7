-- The trigram operators of the contentIdFilter index (PGlite loads the extension in database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "publications_content_id_trgm_idx" ON "publications" USING gin ("content_id" gin_trgm_ops);
