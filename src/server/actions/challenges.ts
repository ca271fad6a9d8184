"use server";

import { revalidatePath } from "next/cache";
import { challengeInput, challengeParams } from "@/core/challenge/schema";
import { runAction, type ActionResult } from "../action-result";
import { closeChallengeNow, createChallenge, markOpen, startChallenge } from "../challenges";
import { markOpenInput } from "@/core/challenge/marking";
import { AppError } from "../errors";
import { requireViewer } from "../permissions";
import { startInput } from "../play-schemas";
import { publicUrl } from "../public-url";

/** A code as the page had it: a malformed one names no challenge. */
function codeOf(raw: unknown): string {
  const parsed = challengeParams.safeParse({ code: raw });
  if (!parsed.success) throw new AppError("not_found", "There is no such challenge.");
  return parsed.data.code;
}

/** The create form: checks the times again on the server's clock, then answers with the new code. */
export async function createChallengeAction(input: unknown): Promise<ActionResult<{ code: string }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const { code } = await createChallenge(viewer, challengeInput(new Date()).parse(input), await publicUrl());
    revalidatePath("/me");
    return { code };
  });
}

/** Start on a challenge's page: a new attempt linked to it, for the member or this browser's guest. */
export async function startChallengeAction(code: unknown, input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const c = codeOf(code);
    const started = await startChallenge(c, startInput.parse(input).nickname);
    // The page now has an attempt under way and one fewer left: Back from the play screen must
    // not show it from the browser's router cache as it was before the start.
    revalidatePath(`/challenge/${c}`);
    return started;
  });
}

/** "Close now" on a challenge's page (its owner or an admin). */
export async function closeChallengeAction(code: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const c = codeOf(code);
    await closeChallengeNow(c);
    revalidatePath(`/challenge/${c}`);
    return null;
  });
}

/**
 * Marks a player's open answer right or wrong on the challenge's report page: the input is parsed
 * with its schema first; only the challenge's owner or an admin may (guest: unauthorized, another
 * member: forbidden).
 */
export async function markOpenAnswerAction(code: unknown, input: unknown): Promise<ActionResult<{ score: number; correctCount: number }>> {
  return runAction(async () => {
    const c = codeOf(code);
    const parsed = markOpenInput.parse(input);
    const totals = await markOpen(c, parsed);
    revalidatePath(`/challenge/${c}`);
    revalidatePath(`/challenge/${c}/report`);
    return totals;
  });
}
