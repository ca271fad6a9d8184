import { closestGuessers, liveEstimationGrade } from "../estimation";
import { scoreAnswer } from "../scoring";
import { type Fx } from "./effects";
import { answersOf, pointsOf, question, type AnswerRecord, type GameState } from "./state";

/**
 * "Closest takes all" at a live reveal (docs/rules.md, "Estimation"): when question `i` is an
 * estimation (`scoring: "closest"`), the closest guesses among its answers (ties included) are
 * re-scored as right, with full points, speed and streak as when they were given; their rows are
 * written again (the store updates an answer's points and correctness). Other answers keep the
 * share they got when given. Called as the question closes, before the scores are credited.
 */
export function creditClosest(s: GameState, i: number, fx: Fx): GameState {
  const q = question(s, i);
  if (q.data.type !== "number" || q.data.scoring !== "closest") return s;
  const list = answersOf(s, i);
  const guesses = list.flatMap((a) => (typeof a.answer === "number" ? [{ playerId: a.playerId, guess: a.answer }] : []));
  const closest = closestGuessers(q.data.answer, guesses);
  if (closest.size === 0) return s;
  const streakBefore = new Map(s.players.map((p) => [p.id, p.streak]));
  let changed = false;
  const next = list.map((rec): AnswerRecord => {
    const grade = liveEstimationGrade(rec, closest.has(rec.playerId));
    if (grade.correct === rec.correct && grade.share === rec.share) return rec;
    const scored = scoreAnswer({
      points: pointsOf(s, i),
      share: grade.share,
      correct: grade.correct,
      timeMs: rec.timeMs,
      timeLimitMs: q.timeLimitSeconds * 1000,
      hintUsed: false,
      streakBefore: streakBefore.get(rec.playerId) ?? 0,
      switches: { speedBonus: s.settings.speedBonus, streakBonus: s.settings.streakBonus },
    });
    changed = true;
    fx.answer({
      kind: "persistAnswer",
      questionIndex: i,
      questionId: q.id,
      playerId: rec.playerId,
      answer: rec.answer,
      correct: grade.correct,
      points: scored.points,
      timeMs: rec.timeMs,
      answeredAt: rec.answeredAt,
      clientId: rec.clientId,
    });
    return { ...rec, correct: grade.correct, share: grade.share, points: scored.points, streak: scored.streak };
  });
  return changed ? { ...s, answers: s.answers.map((a, j) => (j === i ? next : a)) } : s;
}
