ALTER TYPE "public"."question_type" ADD VALUE 'open';--> statement-breakpoint
CREATE TABLE "totp_used_codes" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"kept_until" timestamp with time zone NOT NULL,
	CONSTRAINT "totp_used_codes_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "audio_url" text;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "open_mark" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "team" smallint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "class_student_id" uuid;--> statement-breakpoint
ALTER TABLE "class_students" ADD COLUMN "extra_time" real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_used_codes" ADD CONSTRAINT "totp_used_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "totp_used_codes_kept_until_idx" ON "totp_used_codes" USING btree ("kept_until");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_class_idx" ON "games" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "players_class_student_idx" ON "players" USING btree ("class_student_id");