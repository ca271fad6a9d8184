import { gradeAnswer, type Answer } from "../grading";
import { isGraded } from "../question";
import { nextStreak } from "../scoring";
import { isGeneratedNickname } from "./nicknames";
import {
  answersByPlayer,
  err,
  firstQuestionFor,
  newPlayer,
  question,
  rank,
  STATE_VERSION,
  type AnswerRecord,
  type GameState,
  type PlayerState,
  type Result,
} from "./state";
import { DEFAULT_SETTINGS } from "./schemas";
import type { StoredAnswer, StoredPlayer } from "./stored";

/** A game's state to and from what the store keeps: snapshots, and a recount from the answers. */

/**
 * Recomputes every player's score, streak, time total and ranks from the recorded answers: what a
 * server restoring from the `game_answers` rows (rather than a snapshot) needs, and a check that
 * the incremental bookkeeping is right. Streaks follow from the `correct` flags alone.
 */
export function recomputeFromAnswers(s: GameState): GameState {
  const byQuestion = s.answers.map((_, i) => answersByPlayer(s, i));
  const players = s.players.map((p): PlayerState => {
    let score = 0;
    let streak = 0;
    let total = 0;
    let prevScore = 0;
    let prevTotal = 0;
    for (let i = p.firstQuestion; i <= s.lastRevealedIndex; i++) {
      if (!isGraded(question(s, i).data.type)) continue; // a poll or a slide changes nothing
      prevScore = score;
      prevTotal = total;
      const rec = byQuestion[i]?.get(p.id);
      score += rec?.points ?? 0;
      streak = nextStreak(streak, rec?.correct === true);
      total += rec ? rec.timeMs : question(s, i).timeLimitSeconds * 1000;
    }
    return { ...p, score, streak, totalTimeMs: total, prevScore, prevTotalTimeMs: prevTotal, rank: null, previousRank: null };
  });
  return rank({ ...s, players });
}

/** The state as JSON for the games snapshot column. */
export function serializeGame(s: GameState): string {
  return JSON.stringify(s);
}

/**
 * The state as the server stores it at each phase change: without the answers, which have rows
 * of their own (game_answers) that a restore merges back in. Every answer in every snapshot would
 * make a 20-question game at 2,000 players rewrite ~6 MB at each phase change.
 */
export function serializeSnapshot(s: GameState): string {
  return JSON.stringify({ ...s, answers: s.answers.map(() => []) });
}

/** Reads a snapshot written by `serializeGame`; a snapshot of another version is refused. */
export function restoreGame(json: string): Result<GameState> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: err("validation_failed", "The game snapshot is not JSON.") };
  }
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { version?: unknown }).version !== STATE_VERSION ||
    !Array.isArray((value as { questions?: unknown }).questions) ||
    !Array.isArray((value as { players?: unknown }).players) ||
    !Array.isArray((value as { answers?: unknown }).answers)
  ) {
    return { ok: false, error: err("validation_failed", "The game snapshot has an unknown shape or version.") };
  }
  const s = value as GameState;
  // Snapshots written before a setting existed take its default (an older game: no join field,
  // and the quiz's own points per question).
  return { ok: true, value: { ...s, settings: { ...DEFAULT_SETTINGS, ...s.settings } } };
}

/**
 * A snapshot's state with the rows written after it (docs/live-protocol.md, "Restart"): the
 * snapshot is written at every phase and settings change, without the answers (see
 * serializeSnapshot); players who joined since, names and kicks come from the players' rows, and
 * every answer from the answers' rows. What a restarted server resumes and what a finished
 * game's report is made from.
 */
export function mergeStoredRows(snapshot: GameState, rows: readonly StoredPlayer[], answerRows: readonly StoredAnswer[]): GameState {
  let s = snapshot;
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Names and kicks written after the snapshot come from the players' rows.
  const known = new Set(s.players.map((p) => p.id));
  // Players who joined after the snapshot: the snapshot's phase was still on (every phase change
  // writes one), so they start where the engine would have started them, with nothing scored.
  const firstQuestion = firstQuestionFor(s);
  const late = rows
    .filter((r) => !known.has(r.id))
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime())
    .map(
      (r, i): PlayerState => ({
        ...newPlayer({
          id: r.id,
          nickname: r.nickname,
          generated: isGeneratedNickname(r.nickname),
          rerollsLeft: 0,
          joinSeq: s.joinCount + i,
          joinedAt: r.joinedAt.getTime(),
          firstQuestion,
          identifier: r.identifier ?? null,
          rosterId: r.classStudentId ?? null,
        }),
        // A team game's player keeps the team it joined (the snapshot has the others' teams).
        ...(r.team != null && { team: r.team }),
        kicked: r.kicked,
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
      // Right is full share (an estimation's closest guess too: closest.ts); otherwise the grade's.
      share: a.correct ? 1 : gradeAnswer(q.data, value).share,
      points: a.points,
      streak: isGraded(q.data.type) ? nextStreak(p.streak, a.correct) : p.streak,
      timeMs: a.timeMs,
      answeredAt: a.answeredAt.getTime(),
      clientId: a.clientId,
    });
    seen[a.questionIndex]!.add(a.playerId);
  }
  s = { ...s, answers };
  if (late.length > 0) s = recomputeFromAnswers(s); // ranks them among the others
  return s;
}
