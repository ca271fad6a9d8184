import "server-only";
import type { z } from "zod";
import { correctAnswerOf, parseAnswer } from "@/core/grading";
import { timeLimitMs, toPlayQuestion } from "@/core/play/attempt";
import { nextStudyDayStart } from "@/core/study/day";
import { byMostDue, countDecks, deckStats, newLeftToday, studyStrip, type DeckStats, type StudyStrip } from "@/core/study/decks";
import { intervalLabel } from "@/core/study/interval";
import { dayAllowance } from "@/core/study/limits";
import type { OptimizerOutcome } from "@/core/study/optimizer";
import { newCardMemory, previewDue, schedulerFor } from "@/core/study/scheduler";
import { revealCard, type StudyCard, type StudyRated, type StudyReveal } from "@/core/study/session";
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from "@/core/study/settings";
import { studySettingsInput } from "@/core/study/settings-schema";
import { getDb } from "@/db";
import { findPublicQuizId, getPublicQuiz } from "@/db/queries/quizzes";
import {
  adoptStudyTimeZone,
  cardMemory,
  deckQueue,
  getStudySettings,
  hasStudySettings,
  listDue,
  questionsById,
  quizSlugOf,
  recordReview,
  mergeGuestStudy,
  questionDecks,
  saveStudySettings,
  studyQuestion,
  studyOverview,
  studyStats,
  type StudyStats,
} from "@/db/queries/study";
import { studyNow } from "./clock";
import { isCard } from "@/core/question";
import { AppError } from "./errors";
import { quizAccess } from "./quiz-access";
import type { deviceTimeZoneInput, guestProgressInput, guestStudyInput, studyAnswerInput, studyDueQuery, studyReviewInput } from "./study-schemas";
import { publicTexts, withRich } from "./rich-text";
import { optimizeForMember } from "./study-optimize";
import { getViewer } from "./viewer";

export type StudySession = {
  quiz: { slug: string; title: string; language: string };
  cards: StudyCard[];
  signedIn: boolean;
  /** The quiz's polls and slides: not cards, as they have no answer to recall. */
  notStudied: number;
  /** Open questions: cards rated by the learner against the model answer. */
  openCards: number;
};

async function visibleQuiz(slug: string) {
  const db = await getDb();
  const id = await findPublicQuizId(db, slug, await quizAccess());
  if (!id) throw new AppError("not_found", `There is no quiz "${slug}" to study.`);
  return { db, id };
}

/** The cards to study now: the member's due and new cards of this quiz, or a guest's first ones. */
export async function loadStudySession(slug: string): Promise<StudySession | null> {
  const db = await getDb();
  const quiz = await getPublicQuiz(db, slug, await quizAccess());
  if (!quiz) return null;
  const viewer = await getViewer();
  const { queue } = await deckQueue(db, quiz.id, viewer?.id ?? null, await studyNow());
  return {
    quiz: { slug: quiz.slug, title: quiz.title, language: quiz.language },
    cards: queue.map((c, i) => {
      const card = toPlayQuestion(c.question, quiz, i);
      // The card's front formatted on the server; its back comes with the reveal (studyAnswer).
      return withRich({ ...card, kind: c.kind }, publicTexts(card.prompt, card.data));
    }),
    signedIn: viewer !== null,
    notStudied: quiz.questions.filter((q) => !isCard(q.type)).length,
    openCards: quiz.questions.filter((q) => q.type === "open").length,
  };
}

/**
 * Grades an answer (or, with none, reveals the card): only now does the answer key leave the
 * server, with the rating the answer suggests and what each rating would schedule.
 */
export async function studyAnswer(slug: string, input: z.infer<typeof studyAnswerInput>): Promise<StudyReveal> {
  const { db, id } = await visibleQuiz(slug);
  const found = await studyQuestion(db, id, input.questionId);
  if (!found) throw new AppError("not_found", "That question is not in this quiz.");
  const q = found.question;
  let answer = null;
  if (input.answer !== null) {
    answer = parseAnswer(q.type, input.answer);
    if (answer === null)
      throw new AppError("validation_failed", "The answer does not have the shape this question type takes.", {
        fields: { answer: ["The answer does not have the shape this question type takes."] },
      });
  }
  const viewer = await getViewer();
  const now = await studyNow();
  const settings = viewer ? await getStudySettings(db, viewer.id) : DEFAULT_STUDY_SETTINGS;
  const card = await cardMemory(db, viewer?.id ?? null, q.id, now);
  const limit = timeLimitMs(q, { timeLimit: found.quizTimeLimit });
  const reveal = revealCard(q, answer, input.timeMs, limit, previewDue(schedulerFor(settings), card, q.id, now), now);
  return withRich(reveal, [reveal.explanation, ...reveal.feedback]);
}

/** Rates a card: a member's review is recorded (once per client review id); a guest's is not kept. */
export async function studyRate(slug: string, input: z.infer<typeof studyReviewInput>): Promise<StudyRated> {
  const { db, id } = await visibleQuiz(slug);
  const found = await studyQuestion(db, id, input.questionId);
  if (!found) throw new AppError("not_found", "That question is not in this quiz.");
  return rateQuestion(found.question.id, input);
}

export async function rateQuestion(questionId: string, input: z.infer<typeof studyReviewInput>): Promise<StudyRated> {
  const viewer = await getViewer();
  const now = await studyNow();
  if (!viewer) {
    const due = previewDue(schedulerFor(DEFAULT_STUDY_SETTINGS), newCardMemory(now), questionId, now)[input.rating];
    return { saved: false, due: due.toISOString(), interval: intervalLabel(now, due) };
  }
  const db = await getDb();
  const recorded = await recordReview(db, {
    userId: viewer.id,
    questionId,
    rating: input.rating,
    clientReviewId: input.clientReviewId,
    durationMs: input.durationMs ?? null,
    now,
  });
  if (!recorded) throw new AppError("not_found", "There is no such question.");
  return { saved: true, due: recorded.card.due.toISOString(), interval: intervalLabel(now, recorded.card.due) };
}

async function requireMember() {
  const viewer = await getViewer();
  if (!viewer) throw new AppError("unauthorized", "Sign in to keep study progress and settings.");
  return viewer;
}

export async function memberStudyStats() {
  const viewer = await requireMember();
  return studyStats(await getDb(), viewer.id, await studyNow(), await quizAccess());
}

/** The home page's "due for study" strip of the member signed in (null for a guest: their browser knows). */
export async function memberStudyStrip(): Promise<{ strip: StudyStrip | null; now: Date } | null> {
  const viewer = await getViewer();
  if (!viewer) return null;
  const now = await studyNow();
  const { settings, decks, used } = await studyOverview(await getDb(), viewer.id, now, await quizAccess());
  const limits = { newLeft: dayAllowance(settings, used).newCards, newPerDay: settings.newPerDay };
  return { strip: studyStrip(decks, limits, nextStudyDayStart(now, settings.timeZone)), now };
}

export type GuestStudy = {
  now: Date;
  strip: StudyStrip | null;
  /** The dashboard's part a guest has: their decks, today's counts and the streak. */
  dashboard: { decks: DeckStats[]; today: StudyStats["today"]; streak: number };
};

/**
 * A guest's strip and dashboard from what their browser keeps (it sends each studied card's due
 * time, today's use of the limits and the streak): the server places the cards in their decks
 * (quizzes the guest may see) and the rules of core/study/decks do the rest, as for a member, with
 * the default settings at the browser's clock and time zone. Nothing is stored.
 */
export async function guestStudy(input: z.infer<typeof guestStudyInput>): Promise<GuestStudy> {
  const { now } = input;
  const deckOf = await questionDecks(await getDb(), input.cards.map((c) => c.questionId), await quizAccess());
  const decks = countDecks(input.cards, deckOf, now);
  const allowance = dayAllowance(DEFAULT_STUDY_SETTINGS, input.today);
  const limits = { newLeft: allowance.newCards, newPerDay: DEFAULT_STUDY_SETTINGS.newPerDay };
  return {
    now,
    strip: studyStrip(decks, limits, nextStudyDayStart(now, input.timeZone)),
    dashboard: {
      decks: decks.map(deckStats).sort(byMostDue),
      today: { ...input.today, newLeft: newLeftToday(allowance.newCards, decks.map(deckStats)), reviewsLeft: allowance.reviews },
      streak: input.streak,
    },
  };
}

/** Fits the member's FSRS parameters to their review log (at least MIN_OPTIMIZER_REVIEWS reviews). */
export async function optimizeMemberParameters(): Promise<OptimizerOutcome> {
  const viewer = await requireMember();
  return optimizeForMember(await getDb(), viewer.id);
}

export async function updateStudySettings(input: unknown): Promise<StudySettings> {
  const viewer = await requireMember();
  return saveStudySettings(await getDb(), viewer.id, studySettingsInput.parse(input));
}

/** Whether the signed-in member should offer their device's zone (no settings saved yet). */
export async function viewerNeedsStudyZone(): Promise<boolean> {
  const viewer = await getViewer();
  return viewer !== null && !(await hasStudySettings(await getDb(), viewer.id));
}

/**
 * A member's first study page: with no settings saved, the study day follows their device's zone
 * from now on, not UTC (docs/rules.md, study). Saved settings are never changed here.
 */
export async function adoptDeviceTimeZone(input: z.infer<typeof deviceTimeZoneInput>): Promise<{ adopted: boolean }> {
  const viewer = await requireMember();
  return { adopted: await adoptStudyTimeZone(await getDb(), viewer.id, input.timeZone) };
}

/** GET /api/v1/study/due: the member's cards due now, with each question (never its key). */
export async function apiDue(query: z.infer<typeof studyDueQuery>) {
  const viewer = await requireMember();
  const db = await getDb();
  let quizId: string | undefined;
  if (query.quiz) quizId = (await visibleQuiz(query.quiz)).id;
  const now = await studyNow();
  const { items, total } = await listDue(db, viewer.id, now, query.limit, quizId);
  const byId = new Map((await questionsById(db, items.map((i) => i.questionId))).map((q) => [q.id, q]));
  return {
    total,
    items: items.flatMap((i) => {
      const q = byId.get(i.questionId);
      if (!q) return [];
      return [{ questionId: i.questionId, quiz: i.quizSlug, state: i.state, due: i.due, question: toPlayQuestion(q, { timeLimit: i.quizTimeLimit }, 0) }];
    }),
  };
}

/**
 * POST /api/v1/study/reviews: records a member's review of a question of a quiz they may see
 * (once per clientReviewId) and answers with the new schedule and the answer key.
 */
export async function apiReview(input: z.infer<typeof studyReviewInput>) {
  const viewer = await requireMember();
  const db = await getDb();
  const [q] = await questionsById(db, [input.questionId]);
  const quizSlug = q ? await quizSlugOf(db, q.id) : null;
  // Only questions of quizzes the caller may see (the same check as the pages).
  if (!q || !quizSlug || !(await findPublicQuizId(db, quizSlug, await quizAccess()))) throw new AppError("not_found", "There is no such question.");
  const now = await studyNow();
  const recorded = await recordReview(db, {
    userId: viewer.id,
    questionId: q.id,
    rating: input.rating,
    clientReviewId: input.clientReviewId,
    durationMs: input.durationMs ?? null,
    now,
  });
  if (!recorded) throw new AppError("not_found", "There is no such question.");
  return {
    saved: !recorded.duplicate,
    duplicate: recorded.duplicate,
    state: recorded.card.state,
    due: recorded.card.due.toISOString(),
    interval: intervalLabel(now, recorded.card.due),
    correctAnswer: correctAnswerOf(q.data),
    explanation: q.explanation,
  };
}

/** A guest's clock may run a little ahead of the server's; more than this is not a real review. */
const CLOCK_SLACK_MS = 60 * 60 * 1000;

/**
 * POST /api/v1/study/guest-progress: a guest's cards and review log, kept in their browser,
 * joining the account they have just signed up for or signed in to (docs/rules.md, study).
 */
export async function mergeGuestProgressForViewer(input: z.infer<typeof guestProgressInput>) {
  const viewer = await requireMember();
  const now = await studyNow();
  const limit = now.getTime() + CLOCK_SLACK_MS;
  const future = [...input.cards.map((c) => c.memory.lastReview), ...input.reviews.map((r) => r.reviewedAt)].some((d) => d !== null && d.getTime() > limit);
  if (future)
    throw new AppError("validation_failed", "Some reviews are dated in the future; check the device's clock.", {
      fields: { reviews: ["A review is dated in the future."] },
    });
  return mergeGuestStudy(await getDb(), viewer.id, input, now);
}
