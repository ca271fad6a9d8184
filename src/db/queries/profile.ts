import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { QuestionType } from "@/core/question";
import { queryRows, type Db } from "../client";
import { apiTokens, users } from "../schema";
import type { QuizSummary } from "./quizzes";

export type ProfileStats = {
  /** Published public quizzes of this member. */
  quizzes: number;
  /** Finished attempts. */
  plays: number;
  /** Correct answers over answered questions of finished attempts (0–1), null before any answer. */
  accuracy: number | null;
  bestStreak: number;
};

export type Profile = { id: string; handle: string; name: string; memberSince: Date; stats: ProfileStats };

export async function getProfile(db: Db, handle: string): Promise<Profile | null> {
  const [user] = await db
    .select({ id: users.id, handle: users.handle, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.handle, handle.toLowerCase()));
  if (!user) return null;
  return { id: user.id, handle: user.handle, name: user.name, memberSince: user.createdAt, stats: await profileStats(db, user.id) };
}

/**
 * A member's play statistics. Accuracy pools every answered question of every finished attempt
 * (correct ÷ answered); questions that timed out or were left when the player ended early are not
 * answered, so they count in neither.
 */
export async function profileStats(db: Db, userId: string): Promise<ProfileStats> {
  const [row] = await queryRows<{ quizzes: number; plays: number; answered: number; correct: number; best_streak: number }>(db, sql`
    select
      (select count(*)::int from quizzes where owner_id = ${userId} and status = 'published' and visibility = 'public') as quizzes,
      count(*)::int as plays,
      coalesce(max(a.best_streak), 0)::int as best_streak,
      coalesce(sum(s.answered), 0)::int as answered,
      coalesce(sum(s.correct), 0)::int as correct
    from attempts a
    cross join lateral (
      select count(*) filter (where x.answer is not null)::int as answered,
             count(*) filter (where x.correct)::int as correct
      from attempt_answers x where x.attempt_id = a.id
    ) s
    where a.user_id = ${userId} and a.status = 'finished'
  `);
  const answered = Number(row?.answered ?? 0);
  return {
    quizzes: Number(row?.quizzes ?? 0),
    plays: Number(row?.plays ?? 0),
    accuracy: answered > 0 ? Number(row?.correct ?? 0) / answered : null,
    bestStreak: Number(row?.best_streak ?? 0),
  };
}

type SummaryRow = {
  slug: string;
  title: string;
  description: string;
  category: string;
  difficulty: QuizSummary["difficulty"];
  language: string;
  question_count: number;
  question_types: QuestionType[] | null;
  play_count: number;
  rating_avg: number;
  rating_count: number;
  author_handle: string;
  author_name: string;
  created_at: string | Date;
};

// The same card data as the library's listQuizzes, for a filter it does not offer.
async function summaries(db: Db, where: SQL, order: SQL, limit: number, join: SQL = sql``): Promise<QuizSummary[]> {
  const rows = await queryRows<SummaryRow>(db, sql`
    select q.slug, q.title, q.description, q.category, q.difficulty, q.language,
           qs.question_count, qs.question_types, q.play_count, q.rating_avg, q.rating_count,
           u.handle as author_handle, u.name as author_name, q.created_at
    from quizzes q
    join users u on u.id = q.owner_id
    ${join}
    cross join lateral (
      select count(*)::int as question_count, array_agg(distinct x.type::text) as question_types
      from questions x where x.quiz_id = q.id
    ) qs
    where ${where}
    order by ${order}, q.slug
    limit ${limit}
  `);
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    description: r.description,
    category: r.category,
    difficulty: r.difficulty,
    language: r.language,
    questionCount: Number(r.question_count),
    questionTypes: [...(r.question_types ?? [])].sort(),
    playCount: Number(r.play_count),
    rating: { average: Math.round(Number(r.rating_avg) * 10) / 10, count: Number(r.rating_count) },
    author: { handle: r.author_handle, name: r.author_name },
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A member's quizzes as the library shows them: published and public, newest first. */
export async function listPublicQuizzesOf(db: Db, userId: string, limit = 60): Promise<QuizSummary[]> {
  return summaries(
    db,
    sql`q.owner_id = ${userId} and q.status = 'published' and q.visibility = 'public'`,
    sql`coalesce(q.published_at, q.created_at) desc`,
    limit,
  );
}

/**
 * A member's favorites, most recently starred first. A quiz that has since been hidden, made
 * private or unpublished drops out (unless it is their own), the same as everywhere else.
 */
export async function listFavorites(db: Db, userId: string, limit = 100): Promise<QuizSummary[]> {
  return summaries(
    db,
    sql`((q.status = 'published' and q.visibility <> 'private') or q.owner_id = ${userId})`,
    sql`f.created_at desc`,
    limit,
    sql`join favorites f on f.quiz_id = q.id and f.user_id = ${userId}`,
  );
}

export type HistoryEntry = {
  id: string;
  status: "in_progress" | "finished" | "abandoned";
  quiz: { slug: string; title: string; visible: boolean };
  score: number;
  correct: number;
  answered: number;
  total: number;
  startedAt: Date;
  finishedAt: Date | null;
};

/** A member's attempts, newest first; accuracy per attempt is correct ÷ answered. */
export async function listHistory(db: Db, userId: string, limit = 50): Promise<HistoryEntry[]> {
  const rows = await queryRows<{
    id: string;
    status: HistoryEntry["status"];
    slug: string;
    title: string;
    visible: boolean;
    score: number;
    correct_count: number;
    answered: number;
    question_count: number;
    started_at: string | Date;
    finished_at: string | Date | null;
  }>(db, sql`
    select a.id, a.status, q.slug, q.title,
           ((q.status = 'published' and q.visibility <> 'private') or q.owner_id = ${userId}) as visible,
           a.score, a.correct_count, a.question_count, a.started_at, a.finished_at,
           (select count(*)::int from attempt_answers x where x.attempt_id = a.id and x.answer is not null) as answered
    from attempts a
    join quizzes q on q.id = a.quiz_id
    where a.user_id = ${userId}
    order by coalesce(a.finished_at, a.started_at) desc, a.id
    limit ${limit}
  `);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    quiz: { slug: r.slug, title: r.title, visible: Boolean(r.visible) },
    score: Number(r.score),
    correct: Number(r.correct_count),
    answered: Number(r.answered),
    total: Number(r.question_count),
    startedAt: new Date(r.started_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  }));
}

export type OwnQuiz = {
  id: string;
  slug: string;
  title: string;
  status: "draft" | "published" | "hidden";
  visibility: "public" | "unlisted" | "private";
  questionCount: number;
  playCount: number;
  updatedAt: Date;
};

/**
 * Everything a member owns, drafts and hidden quizzes included, last edited first. A draft counts
 * the questions of its working copy; a published quiz, those players get.
 */
export async function listOwnQuizzes(db: Db, userId: string, limit = 200): Promise<OwnQuiz[]> {
  const rows = await queryRows<{
    id: string;
    slug: string;
    title: string;
    status: OwnQuiz["status"];
    visibility: OwnQuiz["visibility"];
    question_count: number;
    play_count: number;
    updated_at: string | Date;
  }>(db, sql`
    select q.id, q.slug, q.title, q.status, q.visibility, q.play_count, q.updated_at,
           -- A draft's questions live in its working copy (the editor's document) until it is published.
           case when q.status = 'draft' and jsonb_typeof(q.draft -> 'questions') = 'array'
                then jsonb_array_length(q.draft -> 'questions')
                else (select count(*)::int from questions x where x.quiz_id = q.id) end as question_count
    from quizzes q
    where q.owner_id = ${userId}
    order by q.updated_at desc, q.slug
    limit ${limit}
  `);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    status: r.status,
    visibility: r.visibility,
    questionCount: Number(r.question_count),
    playCount: Number(r.play_count),
    updatedAt: new Date(r.updated_at),
  }));
}

export async function updateSettings(db: Db, userId: string, input: { name: string; locale: string }): Promise<void> {
  await db.update(users).set({ name: input.name, locale: input.locale, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export type ApiTokenRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

/** A member may keep this many tokens; revoking one makes room. */
export const MAX_API_TOKENS = 20;

export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), apiTokens.id);
}

/** Stores a new token's hash (never the token). Null when the member already has MAX_API_TOKENS. */
export async function insertApiToken(
  db: Db,
  input: { userId: string; name: string; tokenHash: string; prefix: string },
): Promise<ApiTokenRow | null> {
  return db.transaction(async (tx) => {
    // Lock the member so two creations at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(apiTokens).where(eq(apiTokens.userId, input.userId));
    if (Number(count?.n ?? 0) >= MAX_API_TOKENS) return null;
    const [row] = await tx
      .insert(apiTokens)
      .values(input)
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt });
    return row ?? null;
  });
}

/** Deletes one of the member's tokens; another member's token id does nothing. */
export async function revokeApiToken(db: Db, userId: string, tokenId: string): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
