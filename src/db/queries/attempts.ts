import "server-only";
import { and, asc, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Answer } from "@/core/grading";
import {
  isAbandoned,
  owns,
  reviewItemOf,
  type AnswerRecord,
  type AttemptPatch,
  type AttemptResult,
  type LeaderboardEntry,
  type PlayerIdentity,
  type QuestionRecord,
  type ReviewItem,
} from "@/core/play/attempt";
import type { AttemptUpdate, NewAttempt, PlayQuiz, StoredAttempt } from "@/core/play/attempt-store";
import { playerKey } from "@/core/challenge/rules";
import { correctOfTotal, isGraded, pollCounts, type QuestionData } from "@/core/question";
import { CLOUD_ANSWERS_READ, wordCloud } from "@/core/wordcloud";
import { isUuid } from "@/core/ids";
import { queryRows, type Db } from "../client";
import { attemptAnswers, attempts, challenges, classAttempts, classStudents, questions, quizzes } from "../schema";

/**
 * Solo play's storage: the attempts, their answers and the leaderboards. The steps of play are
 * src/server/solo-play.ts, over the AttemptStore (src/server/attempt-store-drizzle.ts) that these
 * functions implement; the rules are src/core/play.
 */
export type { PlayerIdentity };

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type AttemptRow = typeof attempts.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

const asRecord = (q: QuestionRow): QuestionRecord => ({ ...q, data: q.data as QuestionData });

async function quizQuestions(tx: Tx | Db, quizId: string): Promise<QuestionRow[]> {
  return tx.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position));
}

/** The id of a published quiz `who` may play: public or unlisted, or private and theirs. */
export async function findPlayableQuiz(db: Db, slug: string, who: PlayerIdentity): Promise<string | null> {
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.slug, slug),
        eq(quizzes.status, "published"),
        who.userId ? sql`(${quizzes.visibility} <> 'private' or ${quizzes.ownerId} = ${who.userId})` : sql`${quizzes.visibility} <> 'private'`,
      ),
    );
  return quiz?.id ?? null;
}

/**
 * Stores a new attempt of a quiz the caller has decided may be played (solo play, or a challenge
 * within the challenge's transaction); null when the quiz has no questions to play.
 */
export async function insertAttempt(tx: Tx | Db, input: NewAttempt): Promise<{ id: string } | null> {
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(questions).where(eq(questions.quizId, input.quizId));
  if (!count || Number(count.n) === 0) return null;
  const [row] = await tx
    .insert(attempts)
    .values({
      quizId: input.quizId,
      userId: input.who.userId,
      guestId: input.who.userId ? null : input.who.guestId,
      challengeId: input.challengeId,
      nickname: input.nickname,
      questionCount: Number(count.n),
      startedAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: attempts.id });
  return row ? { id: row.id } : null;
}

const stored = (row: AttemptRow): StoredAttempt => row;

/** The attempt and its quiz, locked until the transaction ends. */
export async function lockAttempt(tx: Tx, attemptId: string): Promise<{ attempt: StoredAttempt; quiz: PlayQuiz } | null> {
  // `for update` holds concurrent answers to one attempt back on PostgreSQL; PGlite runs one
  // transaction at a time anyway.
  const [row] = await tx
    .select({
      attempt: attempts,
      quiz: {
        id: quizzes.id,
        slug: quizzes.slug,
        title: quizzes.title,
        language: quizzes.language,
        speedBonus: quizzes.speedBonus,
        streakBonus: quizzes.streakBonus,
        timeLimit: quizzes.timeLimit,
      },
      // A challenge's attempt is scored as its owner chose (null: the quiz's own).
      challenge: { speedBonus: challenges.speedBonus, streakBonus: challenges.streakBonus, pointsMultipliers: challenges.pointsMultipliers },
      // A class student's attempt at an assignment: the roster's extra time, as it is now.
      extraTime: classStudents.extraTime,
    })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(challenges, eq(challenges.id, attempts.challengeId))
    .leftJoin(classAttempts, eq(classAttempts.attemptId, attempts.id))
    .leftJoin(classStudents, eq(classStudents.id, classAttempts.classStudentId))
    .where(eq(attempts.id, attemptId))
    .for("update", { of: attempts });
  if (!row) return null;
  const c = row.challenge;
  const quiz: PlayQuiz = {
    ...row.quiz,
    speedBonus: c?.speedBonus ?? row.quiz.speedBonus,
    streakBonus: c?.streakBonus ?? row.quiz.streakBonus,
    ...(c?.pointsMultipliers ? { pointsMultipliers: c.pointsMultipliers } : {}),
    ...(row.extraTime !== null && row.extraTime !== 1 ? { timeFactor: row.extraTime } : {}),
  };
  return { attempt: stored(row.attempt), quiz };
}

/** At most `count` of a quiz's questions from `position` on, in order. */
export async function questionsFrom(tx: Tx | Db, quizId: string, position: number, count: number): Promise<QuestionRecord[]> {
  const rows = await tx.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position)).offset(position).limit(count);
  return rows.map(asRecord);
}

export async function hasAnswer(tx: Tx | Db, attemptId: string, questionId: string): Promise<boolean> {
  const [done] = await tx
    .select({ id: attemptAnswers.id })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)));
  return Boolean(done);
}

/** How many stored answers to a question name each option id (a poll's votes, from every attempt). */
export async function optionVotes(tx: Tx | Db, questionId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: sql<string>`${attemptAnswers.answer} #>> '{}'`, n: sql<number>`count(*)::int` })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.questionId, questionId), sql`jsonb_typeof(${attemptAnswers.answer}) = 'string'`))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The latest `limit` stored answers to a question that are lists of words (a word cloud's), from every attempt. */
export async function wordAnswers(tx: Tx | Db, questionId: string, limit: number): Promise<string[][]> {
  const rows = await tx
    .select({ answer: attemptAnswers.answer })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.questionId, questionId), sql`jsonb_typeof(${attemptAnswers.answer}) = 'array'`))
    .orderBy(desc(attemptAnswers.answeredAt))
    .limit(limit);
  return rows.map((r) => (Array.isArray(r.answer) ? r.answer.filter((w): w is string => typeof w === "string") : []));
}

/** Stores an answer and the attempt's changes; a finishing answer counts a play of the quiz. */
export async function recordAnswer(
  tx: Tx,
  attempt: Pick<StoredAttempt, "id" | "quizId">,
  questionId: string,
  record: AnswerRecord,
  patch: AttemptPatch,
): Promise<StoredAttempt> {
  await tx.insert(attemptAnswers).values({ attemptId: attempt.id, questionId, ...record });
  const [updated] = await tx.update(attempts).set(patch).where(eq(attempts.id, attempt.id)).returning();
  if (patch.status === "finished") await tx.update(quizzes).set({ playCount: sql`${quizzes.playCount} + 1` }).where(eq(quizzes.id, attempt.quizId));
  return stored(updated as AttemptRow);
}

export async function updateAttempt(tx: Tx, attemptId: string, update: AttemptUpdate): Promise<StoredAttempt> {
  const [updated] = await tx.update(attempts).set(update).where(eq(attempts.id, attemptId)).returning();
  return stored(updated as AttemptRow);
}

/** Which attempts a leaderboard ranks: a quiz's (every solo play, challenges' too) or one challenge's. */
export type BoardScope = { quizId: string } | { challengeId: string };

const inScope = (scope: BoardScope) => ("challengeId" in scope ? sql`a.challenge_id = ${scope.challengeId}` : sql`a.quiz_id = ${scope.quizId}`);

/** How many questions an attempt answered (a question left when it ended, or timed out, holds a null answer). */
const answeredCount = (attemptId: SQL) =>
  sql`(select count(*) from attempt_answers aa where aa.attempt_id = ${attemptId} and coalesce(jsonb_typeof(aa.answer), 'null') <> 'null')::int`;

/**
 * Each player's best finished attempt in scope, keyed by player, in the order of core's
 * compareBoard (src/core/play/board.ts): score, then answered, then time, then finish.
 */
const bestAttempts = (scope: BoardScope) => sql`
  select distinct on (player) id, nickname, score, answered, duration_ms, finished_at, player
  from (
    select a.*, case when a.user_id is not null then 'u:' || a.user_id else 'g:' || a.guest_id end as player,
           ${answeredCount(sql`a.id`)} as answered
    from attempts a
    where ${inScope(scope)} and a.status = 'finished'
  ) x
  order by player, score desc, answered desc, duration_ms asc, finished_at asc`;

/**
 * A quiz's leaderboard (docs/rules.md §9): each player's best finished attempt, ranked by score,
 * then more questions answered, then shorter time, then earlier finish (core's compareBoard); the
 * top `limit` and the viewer's own entry.
 */
export async function leaderboard(db: Db, quizId: string, who: PlayerIdentity | null, limit = 10) {
  return rankedBoard(db, { quizId }, who, limit);
}

/** A challenge's leaderboard: the same ranking, of the attempts made in the challenge only. */
export async function challengeLeaderboard(db: Db, challengeId: string, who: PlayerIdentity | null, limit = 100) {
  return rankedBoard(db, { challengeId }, who, limit);
}

async function rankedBoard(
  db: Db,
  scope: BoardScope,
  who: PlayerIdentity | null,
  limit: number,
): Promise<{ top: LeaderboardEntry[]; viewer: LeaderboardEntry | null; players: number }> {
  const viewerKey = playerKey(who);
  type Row = { rank: number; attempt_id: string; nickname: string; score: number; duration_ms: number; finished_at: string | Date; player: string; players: number };
  const rows = await queryRows<Row>(
    db,
    sql`
      with best as (${bestAttempts(scope)}),
      ranked as (
        select id as attempt_id, nickname, score, duration_ms, finished_at, player,
               rank() over (order by score desc, answered desc, duration_ms asc, finished_at asc)::int as rank,
               count(*) over ()::int as players
        from best
      )
      select * from ranked where rank <= ${limit} or player = ${viewerKey ?? ""}
      order by rank, finished_at
    `,
  );
  const toEntry = (r: Row): LeaderboardEntry => ({
    rank: Number(r.rank),
    attemptId: r.attempt_id,
    nickname: r.nickname,
    score: Number(r.score),
    durationMs: Number(r.duration_ms),
    finishedAt: new Date(r.finished_at).toISOString(),
    isViewer: viewerKey !== null && r.player === viewerKey,
  });
  const entries = rows.map(toEntry);
  return {
    top: entries.filter((e) => e.rank <= limit).slice(0, limit),
    viewer: entries.find((e) => e.isViewer) ?? null,
    players: rows[0] ? Number(rows[0].players) : 0,
  };
}

/** Whether an attempt exists and is still being played (for sending a player back to it). */
export async function attemptInProgress(db: Db, attemptId: string): Promise<boolean> {
  if (!isUuid(attemptId)) return false;
  const [row] = await db.select({ status: attempts.status }).from(attempts).where(eq(attempts.id, attemptId));
  return row?.status === "in_progress";
}

/**
 * The attempts that are this player's (docs/rules.md §11): a member's by user id, a guest's by
 * guest id among the attempts of no member, as `owns` decides. Null for nobody.
 */
export function attemptsOf(who: PlayerIdentity | null): SQL | null {
  if (who?.userId) return eq(attempts.userId, who.userId);
  if (who?.guestId) return and(sql`${attempts.userId} is null`, eq(attempts.guestId, who.guestId)) ?? null;
  return null;
}

/**
 * The attempt of this quiz (or of this challenge) that this player (a member, or this browser's
 * guest) has in progress, most recently touched first, for "Continue"; none once it is over 24
 * hours old (abandoned: it takes no more answers).
 */
export async function openAttempt(
  db: Db,
  quizId: string,
  who: PlayerIdentity,
  now: Date = new Date(),
  challengeId?: string,
): Promise<{ id: string; position: number; total: number } | null> {
  const mine = attemptsOf(who);
  if (!mine) return null;
  const [row] = await db
    .select({ id: attempts.id, status: attempts.status, updatedAt: attempts.updatedAt, position: attempts.currentPosition, total: attempts.questionCount })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.status, "in_progress"), mine, challengeId ? eq(attempts.challengeId, challengeId) : undefined))
    .orderBy(desc(attempts.updatedAt))
    .limit(1);
  if (!row || isAbandoned(row, now)) return null;
  return { id: row.id, position: row.position, total: row.total };
}

/** A finished attempt's result; public, with the per-question review only for its player. */
export async function getAttemptResult(db: Db, attemptId: string, who: PlayerIdentity | null): Promise<AttemptResult | null> {
  if (!isUuid(attemptId)) return null;
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  if (!attempt || attempt.status !== "finished") return null;
  const [quiz] = await db
    .select({ id: quizzes.id, slug: quizzes.slug, title: quizzes.title, language: quizzes.language })
    .from(quizzes)
    .where(eq(quizzes.id, attempt.quizId));
  if (!quiz) return null;
  const isOwner = who !== null && owns(attempt, who);
  // Only its own player is led back to the challenge: a result shared with the world does not hand out the code.
  const [challenge] =
    isOwner && attempt.challengeId ? await db.select({ code: challenges.code }).from(challenges).where(eq(challenges.id, attempt.challengeId)) : [];
  const { rank, players } = await rankOf(db, quiz.id, attempt);
  let review: ReviewItem[] | null = null;
  // "Correct of N" counts the questions with a right answer: polls and slides are not among them.
  const list = await quizQuestions(db, quiz.id);
  // An open answer counts once marked (right or wrong) by its challenge's owner.
  const marked = attempt.challengeId
    ? (await db.select({ n: sql<number>`count(*)::int` }).from(attemptAnswers).where(and(eq(attemptAnswers.attemptId, attempt.id), isNotNull(attemptAnswers.openMark))))[0]?.n ?? 0
    : 0;
  const total = correctOfTotal({ gradedQuestions: list.filter((q) => isGraded(q.type)).length, markedOpen: Number(marked) });
  if (isOwner) {
    const answers = await db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id));
    const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
    review = await Promise.all(
      list.map(async (q, position) => {
        const a = byQuestion.get(q.id);
        const reviewed = reviewItemOf(asRecord(q), position, a && { ...a, answer: (a.answer as Answer | null | undefined) ?? null });
        // An open answer its challenge's owner marked (docs/rules.md §11).
        const item = a?.openMark ? { ...reviewed, mark: a.openMark } : reviewed;
        if (q.data.type === "wordcloud") return { ...item, cloud: wordCloud(await wordAnswers(db, q.id, CLOUD_ANSWERS_READ), q.data.maxWords) };
        return q.data.type === "poll" ? { ...item, poll: pollCounts(q.data.options, [], await optionVotes(db, q.id)) } : item;
      }),
    );
  }
  return {
    id: attempt.id,
    status: attempt.status,
    nickname: attempt.nickname,
    quiz,
    score: attempt.score,
    correctCount: attempt.correctCount,
    total,
    bestStreak: attempt.bestStreak,
    hintsUsed: attempt.hintsUsed,
    durationMs: attempt.durationMs,
    finishedAt: attempt.finishedAt?.toISOString() ?? null,
    rank,
    players,
    isOwner,
    challenge: challenge ? { code: challenge.code } : null,
    review,
  };
}

/**
 * The rank this attempt's score holds on the leaderboard: one more than the players (other than
 * its own) whose best attempt beats it; and how many players there are.
 */
async function rankOf(db: Db, quizId: string, a: AttemptRow): Promise<{ rank: number; players: number }> {
  const me = playerKey(a);
  const [row] = await queryRows<{ better: number; players: number }>(
    db,
    sql`
      with best as (${bestAttempts({ quizId })}),
      mine as (select ${answeredCount(sql`${a.id}::uuid`)} as my_answered)
      select count(*) filter (
               where player <> ${me} and (score > ${a.score}
                 or (score = ${a.score} and answered > mine.my_answered)
                 or (score = ${a.score} and answered = mine.my_answered and duration_ms < ${a.durationMs ?? 0})
                 or (score = ${a.score} and answered = mine.my_answered and duration_ms = ${a.durationMs ?? 0} and finished_at < ${a.finishedAt ?? new Date()}))
             )::int as better,
             count(*)::int as players
      from best, mine
    `,
  );
  return { rank: Number(row?.better ?? 0) + 1, players: Number(row?.players ?? 0) };
}
