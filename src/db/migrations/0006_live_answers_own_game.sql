ALTER TABLE "game_answers" DROP CONSTRAINT "game_answers_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "game_answers" DROP CONSTRAINT "game_answers_question_id_questions_id_fk";
