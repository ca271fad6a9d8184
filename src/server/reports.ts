import "server-only";
import { buildReport, type GameReport } from "@/core/report/build";
import { challengeReportInput, challengeReportScoring, liveReportInput } from "@/core/report/sources";
import { isUuid } from "@/core/ids";
import { getDb } from "@/db";
import { getGame } from "@/db/queries/games";
import { challengeReportRows } from "@/db/queries/reports";
import { managedChallenge } from "./challenges";
import { AppError } from "./errors";
import { DrizzleGameStore } from "./live/game-store-drizzle";
import { loadGameState } from "./live/load-state";
import { requireViewer } from "./permissions";

/**
 * Reports after a live game or a challenge (docs/rules.md §12), for the host or the challenge's
 * owner and admins only: a guest is `unauthorized`, another member `forbidden`, an unknown game or
 * challenge `not_found`. Everything is read from the database (the game's snapshot and its
 * stored answers), so a report outlives a restart.
 */

export type ReportWords = { true: string; false: string };

export type GameReportView = GameReport & {
  kind: "game";
  game: { id: string; pin: string; quizTitle: string; state: string; startedAt: string | null; endedAt: string | null };
};

export type ChallengeReportView = GameReport & {
  kind: "challenge";
  challenge: { code: string; quizTitle: string; quizSlug: string; opensAt: string; closesAt: string };
};

export async function gameReport(gameId: string, words?: ReportWords): Promise<GameReportView> {
  const viewer = await requireViewer();
  if (!isUuid(gameId)) throw new AppError("not_found", "There is no such game.");
  const db = await getDb();
  const game = await getGame(db, gameId);
  if (!game?.snapshot) throw new AppError("not_found", "There is no such game.");
  if (game.hostId !== viewer.id && viewer.role !== "admin") throw new AppError("forbidden", "Only the host of this game can see its report.");
  const loaded = await loadGameState(new DrizzleGameStore(async () => db), game);
  if (!loaded.ok) throw new AppError("internal_error");
  const s = loaded.value.state;
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    kind: "game",
    game: { id: game.id, pin: game.pin, quizTitle: s.quizTitle, state: s.phase, startedAt: iso(s.startedAt), endedAt: iso(s.endedAt) },
    ...buildReport({ ...liveReportInput(s), words }),
  };
}

export async function challengeReport(code: string, words?: ReportWords): Promise<ChallengeReportView> {
  const c = await managedChallenge(code);
  const rows = await challengeReportRows(await getDb(), c.id, c.quiz.id);
  return {
    kind: "challenge",
    challenge: { code: c.code, quizTitle: c.quiz.title, quizSlug: c.quiz.slug, opensAt: c.opensAt.toISOString(), closesAt: c.closesAt.toISOString() },
    ...buildReport({ ...challengeReportInput(rows), words, scoring: challengeReportScoring(c.scoring, rows.questions) }),
  };
}
