CREATE TABLE "game_leases" (
	"game_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"handoff_to" text
);
--> statement-breakpoint
ALTER TABLE "game_leases" ADD CONSTRAINT "game_leases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;