ALTER TABLE "questions" ADD COLUMN "audio_url" text;--> statement-breakpoint
ALTER TABLE "class_students" ADD COLUMN "extra_time" real DEFAULT 1 NOT NULL;