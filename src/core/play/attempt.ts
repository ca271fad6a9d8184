/**
 * Solo play's rules: what a player may see of a question, when an answer is late, how an answer
 * moves an attempt on, and when an untouched attempt is abandoned. Pure: the database layer loads
 * and locks the rows, calls these, and writes what they return.
 */
import { correctAnswerOf, gradeAnswer, hintHelp, type Answer, type HintHelp } from "../grading";
import { answerFeedback, isGraded, toPublicData, type PublicQuestionData, type QuestionData, type QuestionType } from "../question";
import type { CloudWord } from "../wordcloud";
import { questionPoints, scoreAnswer } from "../scoring";
import { extendedLimitMs } from "../extra-time";

/** Who is playing: a member, or a guest known by the signed cookie's id. */
export type PlayerIdentity = { userId: string | null; guestId: string | null };

/** Network and rendering slack on top of a question's time limit before an answer is late. */
export const SOLO_ANSWER_GRACE_MS = 2000;

/** An attempt nobody has touched for a day is abandoned. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

export type AttemptStatus = "in_progress" | "finished" | "abandoned";

export type PlayQuestion = {
  id: string;
  position: number;
  type: QuestionType;
  prompt: string;
  points: number;
  timeLimit: number;
  imageUrl: string | null;
  /** The picture's description for people who cannot see it; null when the author gave none. */
  imageAlt: string | null;
  /** A sound to play with the question (docs/rules.md §5 "Audio"); absent without one. */
  audioUrl?: string;
  hasHint: boolean;
  data: PublicQuestionData;
};

/** Rendered formatted texts by source (src/core/rich-text.ts, richMap); absent when all are plain. */
export type RichTexts = Record<string, string>;

export type HintView = { text: string | null; rich?: RichTexts } & HintHelp;

export type Feedback = {
  questionId: string;
  correct: boolean;
  answered: boolean;
  answer: Answer | null;
  correctAnswer: Answer;
  explanation: string;
  /** What the answer given earns: the picked options' own feedback, or true/false's (may be empty). */
  feedback: string[];
  points: number;
  streak: number;
  score: number;
  /** False for a poll or a slide: no right answer, nothing scored (docs/rules.md §5). */
  graded: boolean;
  /** A poll's votes so far, this one included: every stored answer to it, per option. */
  poll?: PollBar[];
  /** A word cloud's most given words so far, this answer included (docs/rules.md §5). */
  cloud?: CloudWord[];
  /** The HTML of the explanation's and feedback's formatted texts (set by the server). */
  rich?: RichTexts;
};

export type PollBar = { id: string; text: string; count: number };

export type AttemptView = {
  id: string;
  status: AttemptStatus;
  nickname: string;
  quiz: { slug: string; title: string; language: string };
  position: number;
  total: number;
  score: number;
  correctCount: number;
  streak: number;
  bestStreak: number;
  question: PlayQuestion | null;
  hint: HintView | null;
  /** When the current question's answer window closes (server clock), and the server's now. */
  deadline: string | null;
  serverNow: string;
  /** Set when the current question ran out of time while the player was away. */
  expired: Feedback | null;
  /** The HTML of the question's formatted texts (set by the server). */
  rich?: RichTexts;
};

export type AnswerOutcome = { feedback: Feedback; next: AttemptView };

export type PlayError =
  | "not_found"
  | "forbidden"
  | "already_answered"
  | "answer_too_late"
  | "not_current"
  | "bad_answer"
  | "finished"
  | "abandoned";

export type PlayResult<T> = { ok: true; value: T } | { ok: false; error: PlayError };

export type LeaderboardEntry = {
  rank: number;
  attemptId: string;
  nickname: string;
  score: number;
  durationMs: number;
  finishedAt: string;
  isViewer: boolean;
};

export type ReviewItem = {
  position: number;
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string | null;
  /** Every choice or item text, so the review can name answers by their text. */
  choices: { id: string; text: string }[];
  unit?: string;
  answer: Answer | null;
  correctAnswer: Answer;
  correct: boolean;
  points: number;
  timeMs: number;
  hintUsed: boolean;
  explanation: string;
  /** False for a poll or a slide: neither right nor wrong. */
  graded: boolean;
  /** A poll's votes from everyone who played it. */
  poll?: PollBar[];
  /** A word cloud's most given words, from everyone who played it. */
  cloud?: CloudWord[];
  /** An open answer's mark by its challenge's owner; absent while not marked (docs/rules.md §11). */
  mark?: "right" | "wrong";
};

export type AttemptResult = {
  id: string;
  status: AttemptStatus;
  nickname: string;
  quiz: { id: string; slug: string; title: string; language: string };
  score: number;
  correctCount: number;
  total: number;
  bestStreak: number;
  hintsUsed: number;
  durationMs: number | null;
  finishedAt: string | null;
  rank: number;
  players: number;
  isOwner: boolean;
  /** The challenge the attempt was played in; only for the attempt's own player. */
  challenge: { code: string } | null;
  /** Only for the attempt's own player. */
  review: ReviewItem[] | null;
};

/** The parts of a stored attempt the rules read. */
export type AttemptState = {
  id: string;
  userId: string | null;
  guestId: string | null;
  status: AttemptStatus;
  questionCount: number;
  currentPosition: number;
  score: number;
  correctCount: number;
  streak: number;
  bestStreak: number;
  hintsUsed: number;
  currentHintUsed: boolean;
  questionStartedAt: Date | null;
  startedAt: Date;
  updatedAt: Date;
};

/**
 * How an attempt is scored: the quiz's switches, or a challenge's (its owner's choice, with a
 * ×0 / ×1 / ×2 per question in `pointsMultipliers`; absent: each question's own points).
 */
export type QuizRules = {
  speedBonus: boolean;
  streakBonus: boolean;
  timeLimit: number;
  pointsMultipliers?: readonly number[] | null;
  /**
   * The player's extra time (×1.5, ×2; absent or 1: none): a class's student whose teacher set it
   * on the roster, playing a challenge assigned to the class (docs/rules.md §13). Every question's
   * limit, deadline and speed bonus follow it.
   */
  timeFactor?: number | null;
};

/** The parts of a stored question the rules read (answer key included: server side only). */
export type QuestionRecord = {
  id: string;
  type: QuestionType;
  prompt: string;
  points: number;
  timeLimit: number | null;
  imageUrl: string | null;
  imageAlt: string | null;
  audioUrl?: string | null;
  hint: string | null;
  explanation: string;
  data: QuestionData;
};

export const owns = (a: Pick<AttemptState, "userId" | "guestId">, who: PlayerIdentity): boolean =>
  (a.userId !== null && a.userId === who.userId) || (a.userId === null && a.guestId !== null && a.guestId === who.guestId);

export const isAbandoned = (a: Pick<AttemptState, "status" | "updatedAt">, now: Date): boolean =>
  a.status === "in_progress" && now.getTime() - a.updatedAt.getTime() > ABANDON_AFTER_MS;

export const timeLimitMs = (q: Pick<QuestionRecord, "timeLimit">, quiz: Pick<QuizRules, "timeLimit" | "timeFactor">): number =>
  extendedLimitMs((q.timeLimit ?? quiz.timeLimit) * 1000, quiz.timeFactor);

/**
 * Past the question's time limit and the grace, measured from when it was first shown. A slide
 * has no time limit: it stays until its player continues.
 */
export const isLate = (started: Date | null, q: Pick<QuestionRecord, "timeLimit"> & { type?: QuestionType }, quiz: Pick<QuizRules, "timeLimit" | "timeFactor">, now: Date): boolean =>
  q.type !== "slide" && started !== null && now.getTime() - started.getTime() > timeLimitMs(q, quiz) + SOLO_ANSWER_GRACE_MS;

/** When the current question's answer window closes. */
export const deadlineOf = (started: Date, q: Pick<QuestionRecord, "timeLimit">, quiz: Pick<QuizRules, "timeLimit" | "timeFactor">): Date =>
  new Date(started.getTime() + timeLimitMs(q, quiz));

/** A hint is offered only when it helps: authored text, options it can remove, or a first letter. */
export function hintHelpful(q: Pick<QuestionRecord, "hint" | "data">): boolean {
  if (q.hint) return true;
  const help = hintHelp(q.data, "");
  return (help.removedOptionIds?.length ?? 0) > 0 || Boolean(help.firstLetter);
}

/** The question as its player sees it before answering: no answer key. */
export function toPlayQuestion(q: QuestionRecord, quiz: Pick<QuizRules, "timeLimit" | "pointsMultipliers" | "timeFactor">, position: number): PlayQuestion {
  return {
    id: q.id,
    position,
    type: q.type,
    prompt: q.prompt,
    points: questionPoints(q.points, quiz.pointsMultipliers, position),
    // The player's own limit, extra time included: what its clock counts down from.
    timeLimit: Math.ceil(timeLimitMs(q, quiz) / 1000),
    imageUrl: q.imageUrl,
    imageAlt: q.imageUrl ? q.imageAlt : null,
    ...(q.audioUrl && { audioUrl: q.audioUrl }),
    hasHint: hintHelpful(q),
    data: toPublicData(q.data, q.id),
  };
}

/** The hint of a question in an attempt; seeded by both so a reload removes the same options. */
export function hintView(q: Pick<QuestionRecord, "id" | "hint" | "data">, attemptId: string): HintView {
  return { text: q.hint, ...hintHelp(q.data, `${attemptId}:${q.id}`) };
}

/** Why an answer to a question that is not the current one is refused. */
export function misplacedAnswerError(status: AttemptStatus, answeredBefore: boolean): PlayError {
  if (answeredBefore) return "already_answered";
  if (status === "abandoned") return "abandoned";
  return status !== "in_progress" ? "finished" : "not_current";
}

export type AnswerRecord = {
  answer: Answer | null;
  correct: boolean;
  points: number;
  timeMs: number;
  hintUsed: boolean;
  answeredAt: Date;
};

export type AttemptPatch = Pick<
  AttemptState,
  "score" | "correctCount" | "streak" | "bestStreak" | "hintsUsed" | "currentPosition" | "questionStartedAt" | "currentHintUsed" | "updatedAt"
> & { status?: "finished"; finishedAt?: Date; durationMs?: number };

export type AnswerStep = {
  /** The row to store for this question. */
  record: AnswerRecord;
  /** What changes on the attempt. */
  patch: AttemptPatch;
  finished: boolean;
  feedback: Feedback;
};

/**
 * One answer (null: none, as when time ran out) to the current question, graded and scored on
 * the server's clock: a late answer counts as none. The last question finishes the attempt.
 */
export function applyAnswer(attempt: AttemptState, quiz: QuizRules, q: QuestionRecord, answer: Answer | null, now: Date): AnswerStep {
  const started = attempt.questionStartedAt ?? now;
  const timeMs = Math.max(0, now.getTime() - started.getTime());
  const late = isLate(started, q, quiz, now);
  const given = answer === null || late ? null : answer;
  const grade = given === null ? { correct: false, share: 0 } : gradeAnswer(q.data, given);
  const limit = timeLimitMs(q, quiz);
  const graded = isGraded(q.type);
  // A poll or a slide scores nothing and leaves the streak as it was.
  const scored = !graded ? { points: 0, streak: attempt.streak } : scoreAnswer({
    points: questionPoints(q.points, quiz.pointsMultipliers, attempt.currentPosition),
    share: grade.share,
    correct: grade.correct,
    timeMs,
    timeLimitMs: limit,
    hintUsed: attempt.currentHintUsed,
    streakBefore: attempt.streak,
    switches: { speedBonus: quiz.speedBonus, streakBonus: quiz.streakBonus },
  });
  const nextPosition = attempt.currentPosition + 1;
  const finished = nextPosition >= attempt.questionCount;
  const score = attempt.score + scored.points;
  const patch: AttemptPatch = {
    score,
    correctCount: attempt.correctCount + (grade.correct ? 1 : 0),
    streak: scored.streak,
    bestStreak: Math.max(attempt.bestStreak, scored.streak),
    hintsUsed: attempt.hintsUsed + (attempt.currentHintUsed && graded ? 1 : 0),
    currentPosition: nextPosition,
    questionStartedAt: null,
    currentHintUsed: false,
    updatedAt: now,
    ...(finished
      ? { status: "finished" as const, finishedAt: now, durationMs: Math.max(0, now.getTime() - attempt.startedAt.getTime()) }
      : {}),
  };
  return {
    record: {
      answer: given,
      correct: grade.correct,
      points: scored.points,
      timeMs: Math.min(timeMs, limit),
      hintUsed: attempt.currentHintUsed,
      answeredAt: now,
    },
    patch,
    finished,
    feedback: {
      questionId: q.id,
      correct: grade.correct,
      answered: given !== null,
      answer: given,
      correctAnswer: correctAnswerOf(q.data),
      explanation: q.explanation,
      feedback: answerFeedback(q.data, given, grade.correct),
      points: scored.points,
      streak: scored.streak,
      score,
      graded,
    },
  };
}

/** One question of a finished attempt for its own player's review. */
export function reviewItemOf(
  q: QuestionRecord,
  position: number,
  given: { answer: Answer | null; correct: boolean; points: number; timeMs: number; hintUsed: boolean } | undefined,
): ReviewItem {
  const data = q.data;
  return {
    position,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.imageUrl,
    imageAlt: q.imageUrl ? q.imageAlt : null,
    choices: data.type === "single" || data.type === "multiple" || data.type === "poll" ? data.options : data.type === "order" ? data.items : [],
    ...(data.type === "number" && data.unit ? { unit: data.unit } : {}),
    answer: given?.answer ?? null,
    correctAnswer: correctAnswerOf(data),
    correct: given?.correct ?? false,
    points: given?.points ?? 0,
    timeMs: given?.timeMs ?? 0,
    hintUsed: given?.hintUsed ?? false,
    explanation: q.explanation,
    graded: isGraded(q.type),
  };
}
