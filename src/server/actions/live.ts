"use server";

import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { plainText } from "@/core/text";
import { getDb } from "@/db";
import { AppError } from "../errors";
import { createLiveGame } from "../live/create-game";
import { getViewer } from "../viewer";

/**
 * "Host live" on a quiz page: creates a game in the lobby for a quiz the member can see and opens
 * its host screen. A guest is sent to sign in first, and comes back to the quiz page. It is a plain
 * form post (it works before JavaScript loads), so its errors are pages: a slug that is empty,
 * malformed, unknown or hidden from this member is the 404 page, never a 500 with a digest. The
 * form's `classId` hosts it for one of the member's own classes (docs/rules.md §13); a class that
 * is not theirs, or a malformed id, is the 404 page too.
 */
// Slugs are plain text; a NUL would reach PostgreSQL and fail there.
const slugSchema = z.string().min(1).max(200).pipe(plainText());
/** The form's class: empty or absent for none. */
const classIdSchema = z.union([z.literal(""), z.uuid()]).nullish().transform((v) => v || null);

export async function hostLiveAction(slug: unknown, form?: unknown): Promise<void> {
  const parsed = slugSchema.safeParse(slug);
  if (!parsed.success) notFound();
  const s = parsed.data;
  const classId = classIdSchema.safeParse(form instanceof FormData ? form.get("classId") : null);
  if (!classId.success) notFound();
  const viewer = await getViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(`/quiz/${s}`)}`);
  let game: { id: string };
  try {
    game = await createLiveGame(await getDb(), { id: viewer.id, admin: viewer.role === "admin" }, s, classId.data);
  } catch (err) {
    // Unknown, invisible, or without questions to play: nothing this member can host.
    if (err instanceof AppError && (err.code === "not_found" || err.code === "validation_failed")) notFound();
    throw err;
  }
  redirect(`/host/${game.id}`);
}
