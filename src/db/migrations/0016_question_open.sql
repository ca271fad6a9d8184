ALTER TYPE "public"."question_type" ADD VALUE 'open';--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "open_mark" text;