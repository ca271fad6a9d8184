import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { toPublicData, type PublicQuestionData, type QuestionType } from "@/core/question";
import type { QuizViewer } from "@/core/quiz-visibility";
import { questionCountRange, toPrefixTsQuery, type QuizListQuery } from "@/core/quiz-list";
import { queryRows, type Db } from "../client";
import { questions, quizzes, users } from "../schema";

export type QuizSummary = {
  slug: string;
  title: string;
  description: string;
  category: string;
  difficulty: "easy" | "medium" | "hard" | "mixed";
  language: string;
  questionCount: number;
  questionTypes: QuestionType[];
  playCount: number;
  rating: { average: number; count: number };
  author: { handle: string; name: string };
  createdAt: string;
};

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
  total: number;
};

const toSummary = (r: SummaryRow): QuizSummary => ({
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
});

/**
 * The public library: published, public quizzes matching the filters. Search uses the weighted
 * full-text index with prefix matching, and falls back to trigram word similarity for typos.
 */
export async function listQuizzes(db: Db, query: QuizListQuery): Promise<{ items: QuizSummary[]; total: number }> {
  const where: SQL[] = [sql`q.status = 'published'`, sql`q.visibility = 'public'`];
  const tsq = query.q ? toPrefixTsQuery(query.q) : null;
  const text = query.q?.toLowerCase();
  let relevance: SQL = sql`0`;
  if (text) {
    const matchTs = tsq ? sql`q.search @@ to_tsquery('simple', ${tsq})` : sql`false`;
    where.push(sql`(${matchTs} or word_similarity(unaccent(${text}), q.search_text) >= 0.5)`);
    // Tiers, so that a typo never outranks a real word and a title never loses to a description:
    // every word found (+2), found in the title (+1), then the weighted full-text rank, then how
    // close a typo comes to the title (at most 0.5) and to the title, category and tags (0.25).
    const titleTs = tsq ? sql`to_tsvector('simple', lower(unaccent(q.title))) @@ to_tsquery('simple', ${tsq})` : sql`false`;
    relevance = sql`(
      (case when ${matchTs} then 2 else 0 end)
      + (case when ${titleTs} then 1 else 0 end)
      + ${tsq ? sql`ts_rank(q.search, to_tsquery('simple', ${tsq}))` : sql`0`}
      + 0.5 * word_similarity(unaccent(${text}), lower(unaccent(q.title)))
      + 0.25 * word_similarity(unaccent(${text}), q.search_text))`;
  }
  if (query.category) where.push(sql`q.category = ${query.category}`);
  if (query.difficulty) where.push(sql`q.difficulty = ${query.difficulty}`);
  if (query.language) where.push(sql`q.language = ${query.language}`);
  if (query.type) where.push(sql`${query.type} = any(qs.question_types)`);
  const range = questionCountRange(query);
  if (range.min !== undefined) where.push(sql`qs.question_count >= ${range.min}`);
  if (range.max !== undefined) where.push(sql`qs.question_count <= ${range.max}`);

  const order: SQL = {
    popular: sql`q.play_count desc, q.rating_avg desc, q.rating_count desc, q.title asc`,
    rating: sql`q.rating_avg desc, q.rating_count desc, q.play_count desc`,
    new: sql`coalesce(q.published_at, q.created_at) desc`,
  }[query.sort ?? "popular"];
  const orderBy = text && !query.sort ? sql`${relevance} desc, ${order}` : order;

  const rows = await queryRows<SummaryRow>(db, sql`
    select q.slug, q.title, q.description, q.category, q.difficulty, q.language,
           qs.question_count, qs.question_types, q.play_count, q.rating_avg, q.rating_count,
           u.handle as author_handle, u.name as author_name, q.created_at,
           count(*) over() as total
    from quizzes q
    join users u on u.id = q.owner_id
    cross join lateral (
      select count(*)::int as question_count, array_agg(distinct x.type::text) as question_types
      from questions x where x.quiz_id = q.id
    ) qs
    where ${sql.join(where, sql` and `)}
    order by ${orderBy}, q.slug
    limit ${query.limit} offset ${(query.page - 1) * query.limit}
  `);
  const total = rows[0] ? Number(rows[0].total) : query.page > 1 ? await countOnly(db, query) : 0;
  return { items: rows.map(toSummary), total };
}

// A page past the end has no rows to carry the window count; count separately so `total` stays true.
async function countOnly(db: Db, query: QuizListQuery): Promise<number> {
  const { total } = await listQuizzes(db, { ...query, page: 1, limit: 1 });
  return total;
}

/** The content languages of the public library, for the language filter. */
export async function listLanguages(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ language: quizzes.language })
    .from(quizzes)
    .where(and(eq(quizzes.status, "published"), eq(quizzes.visibility, "public")))
    .orderBy(asc(quizzes.language));
  return rows.map((r) => r.language);
}

export type CategoryCount = { category: string; count: number };

export async function listCategories(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .select({ category: quizzes.category, count: sql<number>`count(*)::int` })
    .from(quizzes)
    .where(and(eq(quizzes.status, "published"), eq(quizzes.visibility, "public")))
    .groupBy(quizzes.category)
    .orderBy(sql`count(*) desc`, asc(quizzes.category));
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/** Who is asking, for quizzes only their owner and admins may see (drafts, private, hidden). */
export type QuizAccess = QuizViewer;

/**
 * `quizVisibleTo` (src/core/quiz-visibility.ts) as SQL over `quizzes`: a published public/unlisted
 * quiz is anyone's, any other quiz only its owner's and admins'. quiz-visibility.db.test.ts
 * proves the two agree on generated quizzes and viewers.
 */
export function visibleTo(access: QuizAccess): SQL {
  const open = sql`(${quizzes.status} = 'published' and ${quizzes.visibility} <> 'private')`;
  if (!access) return open;
  if (access.admin) return sql`true`;
  return sql`(${open} or ${quizzes.ownerId} = ${access.userId})`;
}

/** The id of a quiz the caller may see and play, or null. */
export async function findPublicQuizId(db: Db, slug: string, access?: QuizAccess): Promise<string | null> {
  const [row] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.slug, slug), visibleTo(access)));
  return row?.id ?? null;
}

export type PublicQuestion = {
  id: string;
  position: number;
  type: QuestionType;
  prompt: string;
  timeLimit: number;
  points: number;
  imageUrl: string | null;
  imageAlt: string | null;
  /** Absent without a clip. */
  audioUrl?: string;
  hasHint: boolean;
  data: PublicQuestionData;
};

export type PublicQuiz = Omit<QuizSummary, "questionTypes" | "questionCount"> & {
  id: string;
  tags: string[];
  timeLimit: number;
  speedBonus: boolean;
  streakBonus: boolean;
  visibility: "public" | "unlisted" | "private";
  source: string | null;
  licence: string | null;
  updatedAt: string;
  ownerId: string;
  status: "draft" | "published" | "hidden";
  questions: PublicQuestion[];
};

/**
 * A published quiz that anyone with its link may see (public or unlisted), without its answer
 * key: no field of the result tells which option, spelling, order or number is right.
 */
export async function getPublicQuiz(db: Db, slug: string, access?: QuizAccess): Promise<PublicQuiz | null> {
  const [quiz] = await db
    .select({ quiz: quizzes, author: { handle: users.handle, name: users.name } })
    .from(quizzes)
    .innerJoin(users, eq(users.id, quizzes.ownerId))
    .where(and(eq(quizzes.slug, slug), visibleTo(access)));
  if (!quiz) return null;
  const rows = await db.select().from(questions).where(eq(questions.quizId, quiz.quiz.id)).orderBy(asc(questions.position));
  const q = quiz.quiz;
  return {
    id: q.id,
    slug: q.slug,
    title: q.title,
    description: q.description,
    category: q.category,
    difficulty: q.difficulty,
    language: q.language,
    tags: q.tags,
    timeLimit: q.timeLimit,
    speedBonus: q.speedBonus,
    streakBonus: q.streakBonus,
    visibility: q.visibility,
    source: q.source,
    licence: q.licence,
    playCount: q.playCount,
    rating: { average: Math.round(q.ratingAvg * 10) / 10, count: q.ratingCount },
    author: quiz.author,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    ownerId: q.ownerId,
    status: q.status,
    questions: rows.map((r) => ({
      id: r.id,
      position: r.position,
      type: r.type,
      prompt: r.prompt,
      timeLimit: r.timeLimit ?? q.timeLimit,
      points: r.points,
      imageUrl: r.imageUrl,
      imageAlt: r.imageUrl ? r.imageAlt : null,
      ...(r.audioUrl && { audioUrl: r.audioUrl }),
      hasHint: Boolean(r.hint),
      data: toPublicData(r.data, r.id),
    })),
  };
}
