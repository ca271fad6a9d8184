ALTER TABLE "game_answers" ADD COLUMN "question_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_answers" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "snapshot" jsonb;