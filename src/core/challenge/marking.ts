import { z } from "../zod";
import { markedPoints, type OpenMark } from "../open-answer";
import { questionPoints } from "../scoring";

/**
 * Marking open answers in a challenge (docs/rules.md §11): its owner (or an admin) marks each
 * player's open answer right or wrong, later, on the report page. A right one earns the question's
 * points (the challenge's ×0/×1/×2 applied; no speed or streak bonus: no person timed it) and counts
 * as a right answer; a wrong one earns nothing. Marking again replaces the mark. Pure.
 */
export const markOpenInput = z.object({
  attemptId: z.uuid(),
  questionId: z.uuid(),
  mark: z.enum(["right", "wrong"]),
});
export type MarkOpenInput = z.infer<typeof markOpenInput>;

/** One open answer of a challenge, for its owner to mark. */
export type OpenAnswerRow = {
  attemptId: string;
  nickname: string;
  questionId: string;
  position: number;
  prompt: string;
  modelAnswer: string | null;
  answer: string;
  mark: "right" | "wrong" | null;
};

/** What a marked answer stores: right or not, and its points. */
export function markedAnswer(mark: Exclude<OpenMark, null>, question: { points: number; position: number }, multipliers: readonly number[] | null | undefined) {
  return { correct: mark === "right", points: markedPoints(mark, questionPoints(question.points, multipliers, question.position)) };
}

/** An attempt's totals from its stored answers: the score and the right answers. */
export function attemptTotals(answers: readonly { points: number; correct: boolean }[]): { score: number; correctCount: number } {
  return { score: answers.reduce((n, a) => n + a.points, 0), correctCount: answers.filter((a) => a.correct).length };
}
