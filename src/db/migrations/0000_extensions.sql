-- Trigram matching (typo-tolerant search) and accent folding; both are trusted extensions, so the
-- database owner may create them without superuser rights, and PGlite ships both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
