/**
 * The report's input from where results are kept (docs/rules.md §12): a live game's state (its
 * snapshot with the stored answers merged in) and a challenge's finished attempts.
 */
import { gradeAnswer, type Answer } from "../grading";
import type { GameState } from "../live/engine";
import { compareBoard } from "../play/board";
import type { QuestionData } from "../question";
import { pointsOf } from "../live/state";
import { questionPoints, STANDARD_POINTS } from "../scoring";
import type { ReportAnswerInput, ReportInput, ReportPlayerInput, ReportQuestionInput, ReportScoring } from "./build";

/**
 * A live game: the questions played (up to the last one revealed), the players not kicked, and
 * every answer they gave (a player who joined late starts at their first question).
 */
export function liveReportInput(s: GameState): Omit<ReportInput, "words"> {
  const played = Math.max(0, s.lastRevealedIndex + 1);
  const questions: ReportQuestionInput[] = s.questions.slice(0, played).map((q) => ({
    prompt: q.prompt,
    data: q.data,
    imageUrl: q.imageUrl ?? null,
    imageAlt: q.imageAlt ?? null,
  }));
  const players: ReportPlayerInput[] = s.players
    .filter((p) => !p.kicked)
    .map((p) => ({
      id: p.id,
      nickname: p.nickname,
      // A game for a class: the player took their name from its roster (docs/rules.md §13).
      ...(p.rosterId ? { rosterName: p.nickname } : {}),
      identifier: p.identifier ?? null,
      score: p.score,
      firstQuestion: p.firstQuestion,
      ...(s.settings.teams && { team: p.team ?? null }),
    }));
  const answers: ReportAnswerInput[] = [];
  s.answers.slice(0, played).forEach((list, questionIndex) => {
    for (const a of list) {
      answers.push({ playerId: a.playerId, questionIndex, answer: a.answer ?? null, correct: a.correct, share: a.share, points: a.points, timeMs: a.timeMs });
    }
  });
  const scoring: ReportScoring = {
    speedBonus: s.settings.speedBonus,
    streakBonus: s.settings.streakBonus,
    questionPoints: questions.map((_, i) => pointsOf(s, i)),
    identifierLabel: s.settings.identifierLabel ?? null,
  };
  return { questions, players, answers, scoring, ...(s.settings.teams && { teamCount: s.settings.teams.count, ...(s.settings.teams.names && { teamNames: s.settings.teams.names }) }) };
}

/** A challenge's scoring for its report: its owner's switches and the points each question was worth. */
export function challengeReportScoring(
  scoring: { speedBonus: boolean; streakBonus: boolean; pointsMultipliers: readonly number[] | null },
  questions: readonly { points?: number }[],
): ReportScoring {
  return {
    speedBonus: scoring.speedBonus,
    streakBonus: scoring.streakBonus,
    questionPoints: questions.map((q, i) => questionPoints(q.points ?? STANDARD_POINTS, scoring.pointsMultipliers, i)),
    identifierLabel: null,
  };
}

export type ChallengeRows = {
  questions: readonly { id: string; prompt: string; data: QuestionData; imageUrl: string | null; imageAlt: string | null; points?: number }[];
  attempts: readonly { id: string; nickname: string; player: string; score: number; durationMs: number; finishedAt: Date }[];
  answers: readonly { attemptId: string; questionId: string; answer: unknown; correct: boolean; points: number; timeMs: number }[];
};

const given = (answer: unknown): Answer | null => (answer === null || answer === undefined ? null : (answer as Answer));

/**
 * A challenge: each player's best finished attempt (as the leaderboard picks it, core's
 * compareBoard) is their row; the quiz's questions in order.
 */
export function challengeReportInput(rows: ChallengeRows): Omit<ReportInput, "words"> {
  const indexOf = new Map(rows.questions.map((q, i) => [q.id, i]));
  const answered = new Map<string, number>();
  for (const a of rows.answers) if (given(a.answer) !== null) answered.set(a.attemptId, (answered.get(a.attemptId) ?? 0) + 1);
  const best = new Map<string, ChallengeRows["attempts"][number]>();
  const key = (a: ChallengeRows["attempts"][number]) => ({
    score: a.score,
    answered: answered.get(a.id) ?? 0,
    durationMs: a.durationMs,
    finishedAt: a.finishedAt.getTime(),
  });
  for (const a of rows.attempts) {
    const held = best.get(a.player);
    if (!held || compareBoard(key(a), key(held)) < 0) best.set(a.player, a);
  }
  const chosen = new Set([...best.values()].map((a) => a.id));
  const players: ReportPlayerInput[] = [...best.values()].map((a) => ({ id: a.id, nickname: a.nickname, score: a.score, firstQuestion: 0 }));
  const answers: ReportAnswerInput[] = [];
  for (const a of rows.answers) {
    const questionIndex = indexOf.get(a.questionId);
    if (questionIndex === undefined || !chosen.has(a.attemptId)) continue;
    const answer = given(a.answer);
    const data = rows.questions[questionIndex]!.data;
    answers.push({
      playerId: a.attemptId,
      questionIndex,
      answer,
      correct: a.correct,
      share: answer === null ? 0 : gradeAnswer(data, answer).share,
      points: a.points,
      timeMs: a.timeMs,
    });
  }
  return { questions: rows.questions.map(({ prompt, data, imageUrl, imageAlt }) => ({ prompt, data, imageUrl, imageAlt })), players, answers };
}
