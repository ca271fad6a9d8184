"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db";
import { createLiveGame } from "../live/create-game";
import { getViewer } from "../viewer";

const slugSchema = z.string().min(1).max(200);

/**
 * "Host live" on a quiz page: creates a game in the lobby for a quiz the member can see and opens
 * its host screen. A guest is sent to sign in first, and comes back to the quiz page.
 */
export async function hostLiveAction(slug: string): Promise<void> {
  const s = slugSchema.parse(slug);
  const viewer = await getViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(`/quiz/${s}`)}`);
  const game = await createLiveGame(await getDb(), { id: viewer.id, admin: viewer.role === "admin" }, s);
  redirect(`/host/${game.id}`);
}
