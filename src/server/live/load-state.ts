import "server-only";
import { mergeStoredRows, restoreGame, type GameState, type Result } from "@/core/live/engine";
import type { GameRow, StoredPlayer } from "@/core/live/stored";
import type { GameStore } from "./game-store";

/**
 * A game's engine state from the database: its snapshot plus the rows written after it (players,
 * answers), merged by the engine's mergeStoredRows. What a restarted server resumes and what a
 * finished game's report is made from.
 */
export async function loadGameState(
  store: Pick<GameStore, "listGamePlayers" | "listGameAnswers">,
  row: Pick<GameRow, "id" | "snapshot">,
): Promise<Result<{ state: GameState; players: StoredPlayer[] }>> {
  const restored = restoreGame(typeof row.snapshot === "string" ? row.snapshot : JSON.stringify(row.snapshot));
  if (!restored.ok) return restored;
  const [rows, answerRows] = await Promise.all([store.listGamePlayers(row.id), store.listGameAnswers(row.id)]);
  return { ok: true, value: { state: mergeStoredRows(restored.value, rows, answerRows), players: rows } };
}
