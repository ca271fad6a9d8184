"use server";

import { revalidatePath } from "next/cache";
import { favoriteInput, mayActOnQuiz, ratingInput, reportInput } from "@/core/social";
import { getDb } from "@/db";
import { findSocialTarget, rateQuiz, reportQuiz, setFavorite, type SocialTarget } from "@/db/queries/social";
import { runAction, type ActionResult } from "../action-result";
import { AppError } from "../errors";
import { canSeeQuiz, requireViewer } from "../permissions";
import type { Viewer } from "../viewer";

/** A published quiz this member can see; anything else does not exist for them. */
async function target(viewer: Viewer, slug: string): Promise<SocialTarget> {
  const quiz = await findSocialTarget(await getDb(), slug);
  if (!quiz || quiz.status !== "published" || !canSeeQuiz(viewer, quiz)) throw new AppError("not_found", `There is no quiz "${slug}".`);
  return quiz;
}

/** Stars or unstars a quiz for the signed-in member; says which state it wants, so it is idempotent. */
export async function setFavoriteAction(input: unknown): Promise<ActionResult<{ favorite: boolean }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const { slug, favorite } = favoriteInput.parse(input);
    const quiz = await target(viewer, slug);
    const result = await setFavorite(await getDb(), viewer.id, quiz.id, favorite);
    revalidatePath(`/quiz/${quiz.slug}`);
    return result;
  });
}

/** Rates a quiz 1–5 (a second rating replaces the first). Owners do not rate their own quizzes. */
export async function rateQuizAction(input: unknown): Promise<ActionResult<{ value: number; average: number; count: number }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const { slug, value } = ratingInput.parse(input);
    const quiz = await target(viewer, slug);
    if (!mayActOnQuiz("rate", viewer.id, quiz)) throw new AppError("forbidden", "You cannot rate your own quiz.");
    const result = await rateQuiz(await getDb(), viewer.id, quiz.id, value);
    revalidatePath(`/quiz/${quiz.slug}`);
    return result;
  });
}

/** Reports a quiz to the admins; a member's second report of a quiz updates the open one. */
export async function reportQuizAction(input: unknown): Promise<ActionResult<{ created: boolean }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const { slug, reason, details } = reportInput.parse(input);
    const quiz = await target(viewer, slug);
    if (!mayActOnQuiz("report", viewer.id, quiz)) throw new AppError("forbidden", "You cannot report your own quiz; edit it instead.");
    const { created } = await reportQuiz(await getDb(), { quizId: quiz.id, reporterId: viewer.id, reason, details });
    revalidatePath("/admin");
    return { created };
  });
}
