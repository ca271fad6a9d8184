ALTER TABLE "games" ADD COLUMN "class_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "class_student_id" uuid;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_class_idx" ON "games" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "players_class_student_idx" ON "players" USING btree ("class_student_id");