"use server";

import { revalidatePath } from "next/cache";
import type { AnswerOutcome, AttemptView, HintView } from "@/core/play/attempt";
import { runAction, type ActionResult } from "../action-result";
import { answerInput, playAnswer, playFinish, playHint, playState, startInput, startPlay } from "../play";

export type { ActionResult };

const run = runAction;

export async function startPlayAction(slug: string, input: unknown): Promise<ActionResult<{ id: string }>> {
  return run(async () => {
    const started = await startPlay(String(slug), startInput.parse(input).nickname);
    // The quiz page now has an attempt under way: Back from the play screen must not show it from
    // the browser's router cache as it was before the start (the challenge page does the same).
    revalidatePath(`/quiz/${String(slug)}`);
    return started;
  });
}

/** The current question (its clock starts when it is first shown). */
export async function readPlayAction(attemptId: string): Promise<ActionResult<AttemptView>> {
  return run(() => playState(String(attemptId)));
}

/** Grades an answer; the next question is not shown until the player continues. */
export async function answerAction(attemptId: string, input: unknown): Promise<ActionResult<AnswerOutcome>> {
  return run(() => playAnswer(String(attemptId), answerInput.parse(input), false));
}

export async function hintAction(attemptId: string): Promise<ActionResult<{ questionId: string; hint: HintView }>> {
  return run(() => playHint(String(attemptId)));
}

export async function finishAction(attemptId: string): Promise<ActionResult<{ id: string }>> {
  return run(async () => ({ id: (await playFinish(String(attemptId))).id }));
}
