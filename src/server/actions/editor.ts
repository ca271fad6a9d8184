"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { editorDocSchema, validateForPublish, type EditorDoc, type EditorErrors } from "@/core/editor";
import { getDb } from "@/db";
import {
  createDraftQuiz,
  deleteQuiz,
  getEditableQuiz,
  getQuizOwner,
  publishQuiz,
  saveDraft,
  unpublishQuiz,
  type SaveResult,
} from "@/db/queries/editor";
import { runAction, type ActionResult } from "../action-result";
import { AppError } from "../errors";
import { canManageQuiz, requireViewer } from "../permissions";
import { richTexts } from "../rich-text";

/**
 * The editor's server actions. Each one checks the session and the quiz's ownership itself and
 * validates its input with the shared schemas (Next also refuses cross-site action posts).
 */
const quizId = z.uuid();
const version = z.number().int().min(0);

async function ownedQuiz(id: unknown) {
  const viewer = await requireViewer();
  const quiz = await getQuizOwner(await getDb(), quizId.parse(id));
  // Someone else's quiz is not even confirmed to exist.
  if (!quiz || !canManageQuiz(viewer, quiz)) throw new AppError("not_found");
  return quiz;
}

export async function createQuizAction(doc: unknown): Promise<ActionResult<{ id: string; slug: string; version: number }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const created = await createDraftQuiz(await getDb(), viewer.id, editorDocSchema.parse(doc));
    return { id: created.id, slug: created.slug, version: created.version };
  });
}

export async function saveDraftAction(id: string, doc: unknown, baseVersion: number): Promise<ActionResult<SaveResult>> {
  return runAction(async () => {
    const quiz = await ownedQuiz(id);
    return saveDraft(await getDb(), quiz.id, editorDocSchema.parse(doc), version.parse(baseVersion));
  });
}

/**
 * After a conflicting save the author picks a version; the other one becomes a new draft, so
 * neither is lost. Returns the version now in the editor and the slug of the copy.
 */
export async function resolveConflictAction(
  id: string,
  mine: unknown,
  keep: "mine" | "theirs",
): Promise<ActionResult<{ doc: EditorDoc; version: number; copySlug: string }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const quiz = await ownedQuiz(id);
    const db = await getDb();
    const myDoc = editorDocSchema.parse(mine);
    const current = await getEditableQuiz(db, quiz.slug);
    if (!current) throw new AppError("not_found");
    const suffix = (label: string, doc: EditorDoc): EditorDoc => ({ ...doc, title: `${doc.title || "Untitled quiz"} (${label})`.slice(0, 120) });
    if (z.enum(["mine", "theirs"]).parse(keep) === "theirs") {
      const copy = await createDraftQuiz(db, viewer.id, suffix("my version", myDoc));
      return { doc: current.doc, version: current.version, copySlug: copy.slug };
    }
    const copy = await createDraftQuiz(db, viewer.id, suffix("other version", current.doc));
    const saved = await saveDraft(db, quiz.id, myDoc, current.version);
    if (!saved.ok) throw new AppError("edit_conflict");
    return { doc: myDoc, version: saved.version, copySlug: copy.slug };
  });
}

export type PublishResult =
  | { published: true; slug: string; version: number }
  | { published: false; errors: EditorErrors; version: number }
  | { published: false; conflict: { version: number; doc: EditorDoc } };

/** Saves, then publishes if the whole quiz keeps every rule; otherwise every problem by field. */
export async function publishAction(id: string, doc: unknown, baseVersion: number): Promise<ActionResult<PublishResult>> {
  return runAction(async () => {
    const quiz = await ownedQuiz(id);
    const db = await getDb();
    const parsed = editorDocSchema.parse(doc);
    const saved = await saveDraft(db, quiz.id, parsed, version.parse(baseVersion));
    if (!saved.ok) return { published: false, conflict: saved.conflict };
    const valid = validateForPublish(parsed);
    if (!valid.ok) return { published: false, errors: valid.errors, version: saved.version };
    const result = await publishQuiz(db, quiz.id, parsed, valid.quiz);
    return { published: true, slug: result.slug, version: result.version };
  });
}

export async function unpublishAction(id: string): Promise<ActionResult<null>> {
  return runAction(async () => {
    const quiz = await ownedQuiz(id);
    await unpublishQuiz(await getDb(), quiz.id);
    return null;
  });
}

export async function deleteQuizAction(id: string, confirmSlug: string): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const quiz = await ownedQuiz(id);
    if (confirmSlug !== quiz.slug) throw new AppError("validation_failed", "Confirm which quiz to delete.");
    await deleteQuiz(await getDb(), quiz.id);
    return null;
  });
  if (result.ok) redirect("/me");
  return result;
}

const previewTexts = z.array(z.string().max(10_000)).max(100);

/**
 * The editor's preview of formatted texts (docs/rules.md, "Formatting and math"): the HTML of each
 * text that has formatting or math, rendered by the same rule and KaTeX as play. Members only.
 */
export async function previewTextsAction(texts: unknown): Promise<ActionResult<Record<string, string>>> {
  return runAction(async () => {
    await requireViewer();
    return richTexts(previewTexts.parse(texts)) ?? {};
  });
}
