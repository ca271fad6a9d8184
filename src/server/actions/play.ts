"use server";

import { ZodError } from "zod";
import type { AnswerOutcome, AttemptView, HintView } from "@/db/queries/attempts";
import { AppError, type ErrorCode, type FieldErrors, validationError } from "../errors";
import { answerInput, playAnswer, playFinish, playHint, playState, startInput, startPlay } from "../play";

/** What a play action sends back: its value, or an error code and message the UI can show. */
export type ActionResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string; fields?: FieldErrors };

async function run<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    const e = err instanceof AppError ? err : err instanceof ZodError ? validationError(err) : null;
    if (!e) {
      console.error("[play] unexpected error:", err);
      return { ok: false, code: "internal_error", message: new AppError("internal_error").message };
    }
    return { ok: false, code: e.code, message: e.message, ...(e.details?.fields ? { fields: e.details.fields } : {}) };
  }
}

export async function startPlayAction(slug: string, input: unknown): Promise<ActionResult<{ id: string }>> {
  return run(async () => startPlay(String(slug), startInput.parse(input).nickname));
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
