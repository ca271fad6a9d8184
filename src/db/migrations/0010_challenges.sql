CREATE INDEX "attempts_challenge_idx" ON "attempts" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "challenges_owner_idx" ON "challenges" USING btree ("owner_id");