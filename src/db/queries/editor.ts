import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { docToInput, editorDocSchema, sameDoc, type EditorDoc } from "@/core/editor";
import { editorQuestionData, inputToDoc, storedQuestionToEditor } from "@/core/editor-convert";
import type { QuestionData } from "@/core/question";
import { quizInput, type QuizInput } from "@/core/quiz-schema";
import type { Db } from "../client";
import { questions, quizzes } from "../schema";

export const newEditorId = () => randomUUID();

/** "Capitals of Europe!" → "capitals-of-europe-k3x9q2": readable, and unique without a lookup. */
export function slugFor(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  const suffix = randomBytes(4).toString("hex").slice(0, 6);
  return `${base || "quiz"}-${suffix}`;
}

export type EditableQuiz = {
  id: string;
  slug: string;
  ownerId: string;
  status: "draft" | "published" | "hidden";
  publishedAt: string | null;
  version: number;
  doc: EditorDoc;
};

type QuizRow = typeof quizzes.$inferSelect;

async function storedDoc(db: Db, quiz: QuizRow): Promise<EditorDoc> {
  const rows = await db.select().from(questions).where(eq(questions.quizId, quiz.id)).orderBy(asc(questions.position));
  return {
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    language: quiz.language,
    tags: quiz.tags,
    visibility: quiz.visibility,
    speedBonus: quiz.speedBonus,
    streakBonus: quiz.streakBonus,
    timeLimit: quiz.timeLimit,
    source: quiz.source ?? "",
    licence: quiz.licence ?? "",
    questions: rows.map((r) => storedQuestionToEditor({ ...r, data: r.data as QuestionData }, newEditorId)),
  };
}

function toEditable(quiz: QuizRow, doc: EditorDoc): EditableQuiz {
  return {
    id: quiz.id,
    slug: quiz.slug,
    ownerId: quiz.ownerId,
    status: quiz.status,
    publishedAt: quiz.publishedAt?.toISOString() ?? null,
    version: quiz.draftVersion,
    doc,
  };
}

/** The quiz with its working copy (answer key included): for its owner and admins only. */
export async function getEditableQuiz(db: Db, slug: string): Promise<EditableQuiz | null> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.slug, slug));
  if (!quiz) return null;
  const parsed = editorDocSchema.safeParse(quiz.draft);
  return toEditable(quiz, parsed.success ? parsed.data : await storedDoc(db, quiz));
}

export async function getQuizOwner(db: Db, id: string): Promise<{ id: string; slug: string; ownerId: string; status: QuizRow["status"] } | null> {
  const [row] = await db
    .select({ id: quizzes.id, slug: quizzes.slug, ownerId: quizzes.ownerId, status: quizzes.status })
    .from(quizzes)
    .where(eq(quizzes.id, id));
  return row ?? null;
}

const draftTitle = (doc: EditorDoc) => doc.title.trim().slice(0, 120) || "Untitled quiz";

/** A new draft owned by `ownerId`, holding `doc` as its working copy. */
export async function createDraftQuiz(db: Db, ownerId: string, doc: EditorDoc): Promise<EditableQuiz> {
  const [row] = await db
    .insert(quizzes)
    .values({
      slug: slugFor(doc.title),
      ownerId,
      title: draftTitle(doc),
      description: doc.description.slice(0, 2000),
      category: doc.category || "general",
      difficulty: doc.difficulty,
      language: /^[a-z]{2}$/.test(doc.language) ? doc.language : "en",
      tags: [],
      visibility: doc.visibility,
      status: "draft",
      source: doc.source || null,
      licence: doc.licence || null,
      draft: doc,
      draftVersion: 1,
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toEditable(row, doc);
}

/** An authored quiz (an import) as a new draft. */
export async function createDraftFromInput(db: Db, ownerId: string, input: Partial<QuizInput> & { questions: QuizInput["questions"] }) {
  return createDraftQuiz(db, ownerId, inputToDoc(input, newEditorId));
}

export type SaveResult = { ok: true; version: number } | { ok: false; conflict: { version: number; doc: EditorDoc } };

/**
 * Saves the working copy if nobody saved since `baseVersion` (optimistic concurrency); otherwise
 * returns the other copy so the editor can let the author choose, losing neither.
 */
export async function saveDraft(db: Db, quizId: string, doc: EditorDoc, baseVersion: number): Promise<SaveResult> {
  const [quiz] = await db.select({ status: quizzes.status }).from(quizzes).where(eq(quizzes.id, quizId));
  const neverPublished = quiz?.status === "draft";
  const [row] = await db
    .update(quizzes)
    .set({
      draft: doc,
      draftVersion: sql`${quizzes.draftVersion} + 1`,
      updatedAt: sql`now()`,
      // A quiz that was never published shows its working title in lists (e.g. on /me).
      ...(neverPublished ? { title: draftTitle(doc) } : {}),
    })
    .where(and(eq(quizzes.id, quizId), eq(quizzes.draftVersion, baseVersion)))
    .returning({ version: quizzes.draftVersion });
  if (row) return { ok: true, version: row.version };
  const [current] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!current) throw new Error("quiz vanished");
  const parsed = editorDocSchema.safeParse(current.draft);
  // The newer stored copy is this very one (a closed tab's last save landed first): saved.
  if (parsed.success && sameDoc(parsed.data, doc)) return { ok: true, version: current.draftVersion };
  return { ok: false, conflict: { version: current.draftVersion, doc: parsed.success ? parsed.data : await storedDoc(db, current) } };
}

/**
 * Publishes a validated quiz: metadata and questions written in one transaction; questions keep
 * their ids (updated in place, new ones added, removed ones deleted), so attempts keep pointing at
 * the right questions and options.
 */
export async function publishQuiz(db: Db, quizId: string, doc: EditorDoc, quiz: QuizInput): Promise<{ slug: string; version: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    if (!current) throw new Error("quiz vanished");
    const slug = current.publishedAt ? current.slug : slugFor(quiz.title);
    const ids = doc.questions.map((q) => q.id);
    await tx
      .delete(questions)
      .where(ids.length ? and(eq(questions.quizId, quizId), notInArray(questions.id, ids)) : eq(questions.quizId, quizId));
    for (const [position, q] of doc.questions.entries()) {
      const input = quiz.questions[position];
      if (!input) continue;
      const values = {
        position,
        type: q.type,
        prompt: input.prompt,
        data: editorQuestionData(q),
        explanation: input.explanation,
        hint: input.hint ?? null,
        timeLimit: input.timeLimit ?? null,
        points: input.points,
        imageUrl: input.imageUrl ?? null,
        imageAlt: (input.imageUrl && input.imageAlt) || null,
        audioUrl: input.audioUrl ?? null,
        updatedAt: new Date(),
      };
      await tx
        .insert(questions)
        .values({ id: q.id, quizId, ...values })
        .onConflictDoUpdate({ target: questions.id, set: values, where: eq(questions.quizId, quizId) });
    }
    const [row] = await tx
      .update(quizzes)
      .set({
        slug,
        title: quiz.title,
        description: quiz.description,
        category: quiz.category,
        difficulty: quiz.difficulty,
        language: quiz.language,
        tags: quiz.tags,
        visibility: quiz.visibility,
        speedBonus: quiz.speedBonus,
        streakBonus: quiz.streakBonus,
        timeLimit: quiz.timeLimit,
        source: quiz.source ?? null,
        licence: quiz.licence ?? null,
        // A hidden quiz stays hidden until an admin restores it; its owner may still fix it.
        status: current.status === "hidden" ? "hidden" : "published",
        publishedAt: current.publishedAt ?? new Date(),
        draft: doc,
        draftVersion: sql`${quizzes.draftVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(quizzes.id, quizId))
      .returning({ slug: quizzes.slug, version: quizzes.draftVersion });
    if (!row) throw new Error("quiz vanished");
    return row;
  });
}

/** Back to draft: gone from explore and links, kept for its owner. */
export async function unpublishQuiz(db: Db, quizId: string): Promise<void> {
  await db
    .update(quizzes)
    .set({ status: "draft", updatedAt: new Date() })
    .where(and(eq(quizzes.id, quizId), eq(quizzes.status, "published")));
}

export async function deleteQuiz(db: Db, quizId: string): Promise<void> {
  await db.delete(quizzes).where(eq(quizzes.id, quizId));
}

/**
 * What an export writes: the working copy when it is a valid quiz, else the published questions.
 * null when neither is a whole quiz yet.
 */
export async function exportableQuiz(db: Db, slug: string): Promise<{ ownerId: string; quiz: QuizInput } | null> {
  const editable = await getEditableQuiz(db, slug);
  if (!editable) return null;
  const fromDraft = quizInput.safeParse(docToInput(editable.doc));
  if (fromDraft.success) return { ownerId: editable.ownerId, quiz: { ...fromDraft.data, slug: editable.slug } };
  const [row] = await db.select().from(quizzes).where(eq(quizzes.slug, slug));
  if (!row) return null;
  const stored = quizInput.safeParse(docToInput(await storedDoc(db, row)));
  return stored.success ? { ownerId: editable.ownerId, quiz: { ...stored.data, slug: editable.slug } } : null;
}
