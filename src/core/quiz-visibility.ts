/**
 * Who may see a quiz at all (docs/rules.md §6), the one rule behind the pages' checks
 * (`canSeeQuiz` in src/server/permissions.ts) and the queries' SQL (`visibleTo` in
 * src/db/queries/quizzes.ts, proven to agree with this by quiz-visibility.db.test.ts there).
 */

export const QUIZ_STATUSES = ["draft", "published", "hidden"] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

export const QUIZ_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type QuizVisibility = (typeof QUIZ_VISIBILITIES)[number];

/** Who is asking: a member (an admin or not), or nobody signed in (a guest). */
export type QuizViewer = { userId: string; admin: boolean } | null | undefined;

export type QuizVisibilityFacts = { ownerId: string; status: QuizStatus; visibility: QuizVisibility };

/** Its owner and admins manage a quiz: edit, export, delete, see its answer key. */
export const managesQuiz = (viewer: QuizViewer, quiz: Pick<QuizVisibilityFacts, "ownerId">): boolean =>
  Boolean(viewer && (viewer.admin || viewer.userId === quiz.ownerId));

/**
 * A published public or unlisted quiz is everyone's to see; a private, draft or hidden one only its
 * owner's and admins' (to anyone else it does not exist: `not_found`).
 */
export const quizVisibleTo = (viewer: QuizViewer, quiz: QuizVisibilityFacts): boolean =>
  (quiz.status === "published" && quiz.visibility !== "private") || managesQuiz(viewer, quiz);
