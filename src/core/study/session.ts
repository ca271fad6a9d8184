/**
 * What a study session's browser receives. A card carries no answer key; the reveal (after an
 * answer, or when the learner asks) does.
 */
import { correctAnswerOf, gradeAnswer, type Answer } from "../grading";
import { answerFeedback } from "../question";
import type { PlayQuestion, QuestionRecord, RichTexts } from "../play/attempt";
import { intervalLabel, type IntervalLabel } from "./interval";
import { RATINGS, type StudyRating } from "./scheduler";
import { suggestRating } from "./suggest";

/** `rich`: the HTML of the card's formatted texts, prompt and options (set by the server). */
export type StudyCard = PlayQuestion & { kind: "learning" | "review" | "new"; rich?: RichTexts };

export type StudyReveal = {
  questionId: string;
  answered: boolean;
  correct: boolean;
  correctAnswer: Answer;
  explanation: string;
  /** What the answer earns: the picked options' own feedback, or true/false's (may be empty). */
  feedback: string[];
  suggested: StudyRating;
  /** What each button would give. */
  intervals: Record<StudyRating, IntervalLabel>;
  /** The HTML of the explanation's and feedback's formatted texts (set by the server). */
  rich?: RichTexts;
};

export type StudyRated = { saved: boolean; due: string; interval: IntervalLabel };

/** Grades a study answer as solo play does (case, spaces and accents ignored in typed answers). */
export function revealCard(
  q: QuestionRecord,
  answer: Answer | null,
  timeMs: number,
  timeLimitMs: number,
  dues: Record<StudyRating, Date>,
  now: Date,
): StudyReveal {
  const correct = answer !== null && gradeAnswer(q.data, answer).correct;
  const intervals = Object.fromEntries(RATINGS.map((r) => [r, intervalLabel(now, dues[r])])) as Record<StudyRating, IntervalLabel>;
  return {
    questionId: q.id,
    answered: answer !== null,
    correct,
    correctAnswer: correctAnswerOf(q.data),
    explanation: q.explanation,
    feedback: answer === null ? [] : answerFeedback(q.data, answer, correct),
    // An open answer is not auto-graded: the learner compares it with the model answer and rates it ("good" to start from).
    suggested: q.data.type === "open" ? "good" : suggestRating({ correct, answered: answer !== null, timeMs, timeLimitMs }),
    intervals,
  };
}
