import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte, notInArray, sql } from "drizzle-orm";
import type { QuestionRecord } from "@/core/play/attempt";
import { NOT_CARD_TYPES, type QuestionData } from "@/core/question";
import { offsetMinutes, studyDayNumber, studyDayStart, DAY_STARTS_AT_HOUR } from "@/core/study/day";
import { byMostDue, countDecks, deckStats, newLeftToday, type DeckCounts, type DeckOf, type DeckStats } from "@/core/study/decks";
import { buildQueue, dayAllowance, LEARN_AHEAD_MS } from "@/core/study/limits";
import { newCardMemory, RATING_NUMBER, reviewCard, schedulerFor, type CardMemory, type StudyRating } from "@/core/study/scheduler";
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from "@/core/study/settings";
import type { StudySettingsInput } from "@/core/study/settings-schema";
import { mergeGuestProgress, type GuestProgress } from "@/core/study/merge";
import { achievedRetention, forecast, heatmap, studyStreak } from "@/core/study/stats";
import { queryRows, type Db } from "../client";
import { cards, questions, quizzes, reviewLogs, studySettings } from "../schema";
import { visibleTo, type QuizAccess } from "./quizzes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type CardRow = typeof cards.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

export const asQuestionRecord = (q: QuestionRow): QuestionRecord => ({ ...q, data: q.data as QuestionData });

const memoryOf = (c: CardRow): CardMemory => ({
  due: c.due,
  stability: c.stability,
  difficulty: c.difficulty,
  elapsedDays: c.elapsedDays,
  scheduledDays: c.scheduledDays,
  learningSteps: c.learningSteps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  lastReview: c.lastReview,
});

export async function getStudySettings(db: Db | Tx, userId: string): Promise<StudySettings> {
  const [row] = await db.select().from(studySettings).where(eq(studySettings.userId, userId));
  if (!row) return DEFAULT_STUDY_SETTINGS;
  return {
    desiredRetention: row.desiredRetention,
    newPerDay: row.newPerDay,
    maxReviewsPerDay: row.maxReviewsPerDay,
    weights: row.weights ?? null,
    timeZone: row.timeZone,
  };
}

export async function saveStudySettings(db: Db, userId: string, input: StudySettingsInput, now = new Date()): Promise<StudySettings> {
  await db
    .insert(studySettings)
    .values({ userId, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: studySettings.userId, set: { ...input, updatedAt: now } });
  return getStudySettings(db, userId);
}

/** Whether the member has saved study settings (a row: the defaults otherwise). */
export async function hasStudySettings(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: studySettings.userId }).from(studySettings).where(eq(studySettings.userId, userId));
  return row !== undefined;
}

/**
 * A member without saved settings starts from the defaults in `timeZone` (their device's); true
 * when it was taken. Settings already saved stay as they are, a zone chosen before included.
 */
export async function adoptStudyTimeZone(db: Db, userId: string, timeZone: string, now = new Date()): Promise<boolean> {
  const rows = await db.insert(studySettings).values({ userId, timeZone, updatedAt: now }).onConflictDoNothing({ target: studySettings.userId }).returning({ userId: studySettings.userId });
  return rows.length > 0;
}

/** How much of today's limits a member has used: new cards started and reviews of review cards. */
async function today(db: Db | Tx, userId: string, now: Date, timeZone: string) {
  const since = studyDayStart(now, timeZone);
  const [row] = await queryRows<{ new_studied: number; reviews_done: number }>(
    db,
    sql`select count(*) filter (where ${reviewLogs.state} = 'new')::int as new_studied,
               count(*) filter (where ${reviewLogs.state} = 'review')::int as reviews_done
        from ${reviewLogs}
        where ${reviewLogs.userId} = ${userId} and ${reviewLogs.reviewedAt} >= ${since.toISOString()} and ${reviewLogs.reviewedAt} <= ${now.toISOString()}`,
  );
  return { newStudied: Number(row?.new_studied ?? 0), reviewsDone: Number(row?.reviews_done ?? 0) };
}

/** Polls and slides have no answer to recall: they are never cards (docs/rules.md §5). */
const studiable = notInArray(questions.type, [...NOT_CARD_TYPES]);

/** How many of a quiz's questions are polls and slides, which study leaves out. */
export async function unstudiedCount(db: Db, quizId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(questions)
    .where(and(eq(questions.quizId, quizId), inArray(questions.type, [...NOT_CARD_TYPES])));
  return Number(row?.n ?? 0);
}

/** Most cards a session loads at once; a session asks again when it runs out. */
export const SESSION_BATCH = 100;

export type DeckQueueItem = { question: QuestionRecord; kind: "learning" | "review" | "new"; due: Date };

/**
 * A member's study queue for one quiz: due (re)learning cards, due reviews within the day's
 * review limit, then questions never studied within the day's new-card limit. A guest (null)
 * gets the quiz's first SESSION_BATCH questions: their browser knows which it has studied.
 */
export async function deckQueue(db: Db, quizId: string, userId: string | null, now: Date): Promise<{ queue: DeckQueueItem[]; settings: StudySettings }> {
  if (!userId) {
    // The guest's browser holds their cards and applies the limits (core/study/guest).
    const rows = await db.select().from(questions).where(and(eq(questions.quizId, quizId), studiable)).orderBy(asc(questions.position)).limit(SESSION_BATCH);
    return { queue: rows.map((q) => ({ question: asQuestionRecord(q), kind: "new", due: now })), settings: DEFAULT_STUDY_SETTINGS };
  }
  const settings = await getStudySettings(db, userId);
  // Independent reads: side by side on a PostgreSQL pool (PGlite queues them anyway).
  const [used, due, fresh] = await Promise.all([
    today(db, userId, now, settings.timeZone),
    db
      .select({ card: cards, question: questions })
      .from(cards)
      .innerJoin(questions, eq(questions.id, cards.questionId))
      .where(and(eq(cards.userId, userId), eq(cards.quizId, quizId), lte(cards.due, new Date(now.getTime() + LEARN_AHEAD_MS))))
      .orderBy(asc(cards.due))
      .limit(SESSION_BATCH),
    settings.newPerDay === 0
      ? []
      : db
          .select({ question: questions })
          .from(questions)
          // The deck's own cards only (a range of the (user_id, quiz_id, due) index), not all of the member's.
          .leftJoin(cards, and(eq(cards.questionId, questions.id), eq(cards.userId, userId), eq(cards.quizId, quizId)))
          .where(and(eq(questions.quizId, quizId), studiable, isNull(cards.id)))
          .orderBy(asc(questions.position))
          .limit(Math.min(settings.newPerDay, SESSION_BATCH)),
  ]);
  const allowance = dayAllowance(settings, used);
  const queue = buildQueue(
    due.map((d) => ({ item: asQuestionRecord(d.question), due: d.card.due, state: d.card.state === "new" ? ("learning" as const) : d.card.state })),
    fresh.map((f) => asQuestionRecord(f.question)),
    allowance,
    now,
  );
  return { queue: queue.map((c) => ({ question: c.item, kind: c.kind, due: c.due })), settings };
}

/** A member's card for a question, or a new one. */
export async function cardMemory(db: Db, userId: string | null, questionId: string, now: Date): Promise<CardMemory> {
  if (!userId) return newCardMemory(now);
  const [row] = await db.select().from(cards).where(and(eq(cards.userId, userId), eq(cards.questionId, questionId)));
  return row ? memoryOf(row) : newCardMemory(now);
}

export type RecordedReview = { card: CardMemory; duplicate: boolean };

/**
 * Records one review in one transaction: the card (made on its first review) is locked, moved on
 * by FSRS with the member's settings, and logged. A client review id already recorded returns the
 * card as it is, so a retried request is counted once.
 */
export async function recordReview(
  db: Db,
  input: { userId: string; questionId: string; rating: StudyRating; clientReviewId: string; durationMs: number | null; now: Date },
): Promise<RecordedReview | null> {
  return db.transaction(async (tx) => {
    const [question] = await tx.select({ id: questions.id, quizId: questions.quizId }).from(questions).where(eq(questions.id, input.questionId));
    if (!question) return null;
    await tx
      .insert(cards)
      .values({ userId: input.userId, questionId: question.id, quizId: question.quizId, due: input.now })
      .onConflictDoNothing({ target: [cards.userId, cards.questionId] });
    const [row] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.userId, input.userId), eq(cards.questionId, question.id)))
      .for("update");
    const card = row as CardRow;
    const [seen] = await tx
      .select({ id: reviewLogs.id })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, input.userId), eq(reviewLogs.clientReviewId, input.clientReviewId)));
    if (seen) return { card: memoryOf(card), duplicate: true };
    const settings = await getStudySettings(tx, input.userId);
    const next = reviewCard(schedulerFor(settings), memoryOf(card), question.id, input.rating, input.now);
    await tx
      .update(cards)
      .set({ ...next.card, lastReview: next.card.lastReview })
      .where(eq(cards.id, card.id));
    await tx.insert(reviewLogs).values({
      cardId: card.id,
      userId: input.userId,
      clientReviewId: input.clientReviewId,
      grade: RATING_NUMBER[next.log.rating],
      state: next.log.state,
      due: next.log.due,
      stability: next.log.stability,
      difficulty: next.log.difficulty,
      elapsedDays: next.log.elapsedDays,
      scheduledDays: next.log.scheduledDays,
      learningSteps: next.log.learningSteps,
      durationMs: input.durationMs,
      reviewedAt: input.now,
    });
    return { card: next.card, duplicate: false };
  });
}

export type DueCard = { questionId: string; quizSlug: string; quizTimeLimit: number; state: CardMemory["state"]; due: string };

/** A member's cards due now across every deck, soonest first. */
export async function listDue(db: Db, userId: string, now: Date, limit: number, quizId?: string): Promise<{ items: DueCard[]; total: number }> {
  const where = and(eq(cards.userId, userId), lte(cards.due, now), quizId ? eq(cards.quizId, quizId) : undefined);
  const rows = await db
    .select({ questionId: cards.questionId, quizSlug: quizzes.slug, quizTimeLimit: quizzes.timeLimit, state: cards.state, due: cards.due })
    .from(cards)
    .innerJoin(quizzes, eq(quizzes.id, cards.quizId))
    .where(where)
    .orderBy(asc(cards.due))
    .limit(limit);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cards).where(where);
  return { items: rows.map((r) => ({ ...r, due: r.due.toISOString() })), total: Number(count?.n ?? 0) };
}

export type StudyStats = {
  settings: StudySettings;
  today: { newStudied: number; reviewsDone: number; newLeft: number; reviewsLeft: number };
  decks: DeckStats[];
  streak: number;
  forecast: { date: string; count: number }[];
  heatmap: { date: string; count: number }[];
  retention: { desired: number; achieved: number | null; reviews: number };
  totalReviews: number;
};

/**
 * A member's cards counted per deck studied, by the rule guests' cards are counted by
 * (`countDecks` in core/study/decks): this loads each card's due time and its deck (the quiz's
 * slug, title and questions), and core counts. As for a guest (questionDecks), only quizzes the
 * member may still see and study count: a quiz made private or unpublished since leaves the strip
 * and the dashboard with it.
 */
async function deckCounts(db: Db, userId: string, now: Date, access: QuizAccess): Promise<DeckCounts[]> {
  const rows = await queryRows<{ question_id: string; due: Date | string; slug: string; title: string; total: number }>(
    db,
    sql`with mine as (select c.question_id, c.due, c.quiz_id from ${cards} c where c.user_id = ${userId}),
        decks as (
          select ${quizzes.id} as id, ${quizzes.slug} as slug, ${quizzes.title} as title,
                 (select count(*)::int from ${questions} where ${questions.quizId} = ${quizzes.id} and ${studiable}) as total
          from ${quizzes} where ${quizzes.id} in (select quiz_id from mine) and ${visibleTo(access)}
        )
        select mine.question_id, mine.due, decks.slug, decks.title, decks.total from mine join decks on decks.id = mine.quiz_id`,
  );
  const deckOf = new Map(rows.map((r) => [r.question_id, { slug: r.slug, title: r.title, total: Number(r.total) }]));
  return countDecks(rows.map((r) => ({ questionId: r.question_id, due: new Date(r.due) })), deckOf, now);
}

/**
 * What the home page's strip needs of a member: their decks' counts, their settings and today's
 * use of the limits (core/study/decks decides the rest). Lighter than the dashboard's studyStats.
 */
export async function studyOverview(
  db: Db,
  userId: string,
  now: Date,
  access: QuizAccess = { userId, admin: false },
): Promise<{ settings: StudySettings; decks: DeckCounts[]; used: { newStudied: number; reviewsDone: number } }> {
  const settings = await getStudySettings(db, userId);
  // Independent reads: side by side on a PostgreSQL pool (PGlite queues them anyway).
  const [decks, used] = await Promise.all([deckCounts(db, userId, now, access), today(db, userId, now, settings.timeZone)]);
  return { settings, decks, used };
}

/**
 * The decks of a guest's studied questions, for the questions of quizzes the caller may see: a
 * guest's browser keeps its cards by question id only. Questions deleted since, or in quizzes
 * made private or hidden since, are left out (and so are their cards from the guest's counts).
 */
export async function questionDecks(db: Db, questionIds: readonly string[], access: QuizAccess): Promise<Map<string, DeckOf>> {
  const ids = [...new Set(questionIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ questionId: questions.id, quizId: quizzes.id, slug: quizzes.slug, title: quizzes.title })
    .from(questions)
    .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
    .where(and(inArray(questions.id, ids), visibleTo(access)));
  const quizIds = [...new Set(rows.map((r) => r.quizId))];
  const totals =
    quizIds.length === 0
      ? []
      : await db
          .select({ quizId: questions.quizId, total: sql<number>`count(*)::int` })
          .from(questions)
          .where(and(inArray(questions.quizId, quizIds), studiable))
          .groupBy(questions.quizId);
  const totalOf = new Map(totals.map((t) => [t.quizId, Number(t.total)]));
  return new Map(rows.map((r) => [r.questionId, { slug: r.slug, title: r.title, total: totalOf.get(r.quizId) ?? 0 }]));
}

/**
 * A member's dashboard: due and new cards per deck studied, today's counts against the limits,
 * the study-day streak, a 30-day forecast, a year of reviews per day, and retention. Days are
 * grouped in SQL with the time zone's offset now (a day on the other side of a DST change may be
 * an hour off: acceptable for charts).
 */
export async function studyStats(db: Db, userId: string, now: Date, access: QuizAccess = { userId, admin: false }): Promise<StudyStats> {
  const settings = await getStudySettings(db, userId);
  const offsetSec = offsetMinutes(settings.timeZone, now) * 60 - DAY_STARTS_AT_HOUR * 3600;
  const todayNumber = studyDayNumber(now, settings.timeZone);
  const dayOf = (column: unknown) => sql`floor((extract(epoch from ${column}) + ${offsetSec}) / 86400)::int`;
  const decks = await deckCounts(db, userId, now, access);
  const horizon = new Date(now.getTime() + 31 * 86_400_000);
  const dueDays = await queryRows<{ day: number; count: number }>(
    db,
    sql`select ${dayOf(cards.due)} as day, count(*)::int as count from ${cards}
        where ${cards.userId} = ${userId} and ${cards.due} < ${horizon.toISOString()} group by 1`,
  );
  const yearAgo = new Date(now.getTime() - 366 * 86_400_000);
  const reviewDays = await queryRows<{ day: number; count: number }>(
    db,
    sql`select ${dayOf(reviewLogs.reviewedAt)} as day, count(*)::int as count from ${reviewLogs}
        where ${reviewLogs.userId} = ${userId} and ${reviewLogs.reviewedAt} >= ${yearAgo.toISOString()} group by 1`,
  );
  const [ret] = await queryRows<{ recalled: number; total: number; all: number }>(
    db,
    sql`select count(*) filter (where ${reviewLogs.state} = 'review' and ${reviewLogs.grade} > 1)::int as recalled,
               count(*) filter (where ${reviewLogs.state} = 'review')::int as total,
               count(*)::int as all
        from ${reviewLogs} where ${reviewLogs.userId} = ${userId}`,
  );
  const used = await today(db, userId, now, settings.timeZone);
  const allowance = dayAllowance(settings, used);
  const days = reviewDays.map((d) => ({ day: Number(d.day), count: Number(d.count) }));
  const deckList = decks.map(deckStats).sort(byMostDue);
  return {
    settings,
    today: { ...used, newLeft: newLeftToday(allowance.newCards, deckList), reviewsLeft: allowance.reviews },
    decks: deckList,
    streak: studyStreak(
      days.filter((d) => d.count > 0).map((d) => d.day),
      todayNumber,
    ),
    forecast: forecast(
      dueDays.map((d) => ({ day: Number(d.day), count: Number(d.count) })),
      todayNumber,
    ),
    heatmap: heatmap(days, todayNumber),
    retention: { desired: settings.desiredRetention, achieved: achievedRetention({ recalled: Number(ret?.recalled ?? 0), total: Number(ret?.total ?? 0) }), reviews: Number(ret?.total ?? 0) },
    totalReviews: Number(ret?.all ?? 0),
  };
}

/** A question of a quiz with the quiz's time limit, for grading a study answer (answer key included: server only). */
export async function studyQuestion(db: Db, quizId: string, questionId: string): Promise<{ question: QuestionRecord; quizTimeLimit: number } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(questionId)) return null;
  const [row] = await db
    .select({ question: questions, quizTimeLimit: quizzes.timeLimit })
    .from(questions)
    .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
    .where(and(eq(questions.id, questionId), eq(questions.quizId, quizId)));
  return row ? { question: asQuestionRecord(row.question), quizTimeLimit: row.quizTimeLimit } : null;
}

/** Questions by id (for the API's due list with prompts). */
export async function questionsById(db: Db, ids: string[]): Promise<QuestionRecord[]> {
  if (ids.length === 0) return [];
  return (await db.select().from(questions).where(inArray(questions.id, ids))).map(asQuestionRecord);
}

export async function quizSlugOf(db: Db, questionId: string): Promise<string | null> {
  const [row] = await db.select({ slug: quizzes.slug }).from(questions).innerJoin(quizzes, eq(quizzes.id, questions.quizId)).where(eq(questions.id, questionId));
  return row?.slug ?? null;
}

/** Reviews since a time (tests and the bench read them). */
export async function reviewsSince(db: Db, userId: string, since: Date) {
  return db.select().from(reviewLogs).where(and(eq(reviewLogs.userId, userId), gte(reviewLogs.reviewedAt, since))).orderBy(asc(reviewLogs.reviewedAt));
}

export type MergedProgress = { cards: number; reviews: number; skipped: number };

/**
 * Merges a guest's study progress into a member's account in one transaction, by the rule in
 * core/study/merge: the latest review decides each card's state, and the review logs are a union
 * by client review id. Questions that no longer exist are skipped (counted in `skipped`).
 */
export async function mergeGuestStudy(db: Db, userId: string, guest: GuestProgress, now: Date): Promise<MergedProgress> {
  const asked = [...new Set([...guest.cards.map((c) => c.questionId), ...guest.reviews.map((r) => r.questionId)])];
  if (asked.length === 0) return { cards: 0, reviews: 0, skipped: 0 };
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: questions.id, quizId: questions.quizId }).from(questions).where(inArray(questions.id, asked));
    const quizOf = new Map(found.map((q) => [q.id, q.quizId]));
    const known = {
      cards: guest.cards.filter((c) => quizOf.has(c.questionId)),
      reviews: guest.reviews.filter((r) => quizOf.has(r.questionId)),
    };
    const ids = [...quizOf.keys()];
    // Every card a review belongs to must exist before its log; locked so a review recorded at
    // the same moment waits for the merge (or the merge for it).
    await tx
      .insert(cards)
      .values(ids.map((id) => ({ userId, questionId: id, quizId: quizOf.get(id)!, due: now })))
      .onConflictDoNothing({ target: [cards.userId, cards.questionId] });
    const mine = await tx
      .select({ id: cards.id, questionId: cards.questionId, lastReview: cards.lastReview })
      .from(cards)
      .where(and(eq(cards.userId, userId), inArray(cards.questionId, ids)))
      .for("update");
    const reviewIds = known.reviews.map((r) => r.id);
    const seen =
      reviewIds.length === 0
        ? []
        : await tx
            .select({ id: reviewLogs.clientReviewId })
            .from(reviewLogs)
            .where(and(eq(reviewLogs.userId, userId), inArray(reviewLogs.clientReviewId, reviewIds)));
    // Cards just made above (never reviewed) count as absent.
    const plan = mergeGuestProgress(
      { cards: new Map(mine.filter((c) => c.lastReview).map((c) => [c.questionId, { lastReview: c.lastReview }])), reviewIds: new Set(seen.map((s) => s.id)) },
      known,
    );
    const cardId = new Map(mine.map((c) => [c.questionId, c.id]));
    for (const c of plan.cards) {
      await tx.update(cards).set(c.memory).where(eq(cards.id, cardId.get(c.questionId)!));
    }
    for (let i = 0; i < plan.reviews.length; i += 500) {
      await tx
        .insert(reviewLogs)
        .values(
          plan.reviews.slice(i, i + 500).map((r) => ({
            cardId: cardId.get(r.questionId)!,
            userId,
            clientReviewId: r.id,
            grade: RATING_NUMBER[r.rating],
            state: r.state,
            due: r.due,
            stability: r.stability,
            difficulty: r.difficulty,
            elapsedDays: r.elapsedDays,
            scheduledDays: r.scheduledDays,
            learningSteps: r.learningSteps,
            durationMs: r.durationMs,
            reviewedAt: r.reviewedAt,
          })),
        )
        .onConflictDoNothing({ target: [reviewLogs.userId, reviewLogs.clientReviewId] });
    }
    return { cards: plan.cards.length, reviews: plan.reviews.length, skipped: asked.length - ids.length };
  });
}

/** A member's whole review log as the optimizer reads it, oldest first. */
export async function optimizerLog(db: Db, userId: string) {
  return db
    .select({ cardId: reviewLogs.cardId, grade: reviewLogs.grade, reviewedAt: reviewLogs.reviewedAt })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.reviewedAt));
}

/** The member's own FSRS parameters (null: the defaults), leaving their other settings as they are. */
export async function saveStudyWeights(db: Db, userId: string, weights: number[] | null, now = new Date()): Promise<void> {
  await db
    .insert(studySettings)
    .values({ userId, weights, updatedAt: now })
    .onConflictDoUpdate({ target: studySettings.userId, set: { weights, updatedAt: now } });
}
