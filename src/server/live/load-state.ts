import "server-only";
import { gradeAnswer, type Answer } from "@/core/grading";
import { recomputeFromAnswers, restoreGame, type AnswerRecord, type GameState, type PlayerState, type Result } from "@/core/live/engine";
import { isGeneratedNickname } from "@/core/live/nicknames";
import type { GameRow, StoredPlayer } from "@/core/live/stored";
import type { GameStore } from "./game-store";

/**
 * A game's engine state from the database: its snapshot (written at every phase and settings
 * change, without the answers: see serializeSnapshot) plus the rows written in between: players
 * who joined after it, names and kicks, and every stored answer. What a restarted server resumes
 * and what a finished game's report is made from.
 */
export async function loadGameState(
  store: Pick<GameStore, "listGamePlayers" | "listGameAnswers">,
  row: Pick<GameRow, "id" | "snapshot">,
): Promise<Result<{ state: GameState; players: StoredPlayer[] }>> {
  const restored = restoreGame(typeof row.snapshot === "string" ? row.snapshot : JSON.stringify(row.snapshot));
  if (!restored.ok) return restored;
  const [rows, answerRows] = await Promise.all([store.listGamePlayers(row.id), store.listGameAnswers(row.id)]);
  let s = restored.value;
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Names and kicks written after the snapshot come from the players' rows.
  const known = new Set(s.players.map((p) => p.id));
  // Players who joined after the snapshot: the snapshot's phase was still on (every phase change
  // writes one), so they start where the engine would have started them, with nothing scored.
  const firstQuestion = s.phase === "lobby" ? 0 : s.phase === "question" ? s.index : s.index + 1;
  const late = rows
    .filter((r) => !known.has(r.id))
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime())
    .map(
      (r, i): PlayerState => ({
        id: r.id,
        nickname: r.nickname,
        generated: isGeneratedNickname(r.nickname),
        rerollsLeft: 0,
        joinSeq: s.joinCount + i,
        joinedAt: r.joinedAt.getTime(),
        firstQuestion,
        connected: true,
        kicked: r.kicked,
        score: 0,
        streak: 0,
        totalTimeMs: 0,
        prevScore: 0,
        prevTotalTimeMs: 0,
        rank: null,
        previousRank: null,
      }),
    );
  s = {
    ...s,
    joinCount: s.joinCount + late.length,
    players: [
      ...s.players.map((p) => {
        const r = byId.get(p.id);
        return { ...p, nickname: r?.nickname ?? p.nickname, kicked: r?.kicked ?? p.kicked };
      }),
      ...late,
    ],
  };
  // The answers, in the order they arrived. Those to revealed questions are already in the
  // players' scores; those to the open question are credited at its reveal, with the streak the
  // player has now (an answer's own streak matters only to the question it answers).
  const answers: AnswerRecord[][] = s.answers.map((list) => [...list]);
  const seen = answers.map((list) => new Set(list.map((a) => a.playerId)));
  const players = new Map(s.players.map((p) => [p.id, p]));
  for (const a of answerRows) {
    const list = answers[a.questionIndex];
    const q = s.questions[a.questionIndex];
    const p = players.get(a.playerId);
    if (!list || !q || !p || seen[a.questionIndex]!.has(a.playerId)) continue;
    const value = a.answer as Answer;
    list.push({
      playerId: a.playerId,
      answer: value,
      correct: a.correct,
      share: gradeAnswer(q.data, value).share,
      points: a.points,
      streak: a.correct ? p.streak + 1 : 0,
      timeMs: a.timeMs,
      answeredAt: a.answeredAt.getTime(),
      clientId: a.clientId,
    });
    seen[a.questionIndex]!.add(a.playerId);
  }
  s = { ...s, answers };
  if (late.length > 0) s = recomputeFromAnswers(s); // ranks them among the others
  return { ok: true, value: { state: s, players: rows } };
}
