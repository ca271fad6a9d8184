ALTER TYPE "public"."question_type" ADD VALUE 'poll';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'slide';