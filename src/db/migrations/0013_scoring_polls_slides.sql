ALTER TYPE "public"."question_type" ADD VALUE 'poll';--> statement-breakpoint
ALTER TYPE "public"."question_type" ADD VALUE 'slide';--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "speed_bonus" boolean;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "streak_bonus" boolean;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "points_multipliers" jsonb;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "identifier" text;