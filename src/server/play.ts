import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { PlayError, PlayerIdentity, PlayResult } from "@/core/play/attempt";
import { getDb } from "@/db";
import { getAttemptResult } from "@/db/queries/attempts";
import { DrizzleAttemptStore } from "./attempt-store-drizzle";
import { AppError } from "./errors";
import type { answerInput } from "./play-schemas";
import { ensureGuest, readGuest } from "./guest";
import { consume } from "./rate-limit";
import { clientKeyOf } from "./client-address";
import { answerQuestion, createAttempt, finishAttempt, readAttempt, takeHint } from "./solo-play";
import { currentPlayer, getViewer } from "./viewer";

/** Solo play's storage: the app's database. */
const store = new DrizzleAttemptStore(getDb);

export { answerInput, startInput } from "./play-schemas";

const ERROR_OF: Record<PlayError, () => AppError> = {
  not_found: () => new AppError("not_found", "There is no such attempt."),
  forbidden: () => new AppError("forbidden", "This attempt was started by someone else."),
  already_answered: () => new AppError("already_answered"),
  answer_too_late: () => new AppError("answer_too_late"),
  finished: () => new AppError("already_answered", "This attempt is finished."),
  abandoned: () =>
    new AppError("answer_too_late", "This attempt was left untouched for more than 24 hours and has ended. Start a new one."),
  not_current: () =>
    new AppError("validation_failed", "That is not the current question of this attempt.", {
      fields: { questionId: ["That is not the current question of this attempt."] },
    }),
  bad_answer: () =>
    new AppError("validation_failed", "The answer does not have the shape this question type takes.", {
      fields: { answer: ["The answer does not have the shape this question type takes."] },
    }),
};

export function unwrap<T>(result: PlayResult<T>): T {
  if (!result.ok) throw ERROR_OF[result.error]();
  return result.value;
}

/**
 * Who is playing: the member or this browser's guest; a browser with neither is nobody, who owns
 * no attempt, so an unknown attempt is still `not_found` and someone else's `forbidden`.
 */
async function requirePlayer(): Promise<PlayerIdentity> {
  return (await currentPlayer()) ?? { userId: null, guestId: null };
}

/**
 * Who starts an attempt (solo or at a challenge): the current member, or this browser's guest
 * (made now if needed, remembering the nickname).
 */
export async function startingPlayer(nickname: string): Promise<PlayerIdentity> {
  const viewer = await getViewer();
  if (viewer) return { userId: viewer.id, guestId: null };
  // Guests are anonymous, so each attempt they make is free: bound how fast one may start them,
  // per guest, and per address for a browser that keeps no cookie (a classroom behind one
  // address shares that bucket only for each pupil's first start).
  if (!(await readGuest())) await consume("attempt", `ip:${clientKeyOf(await headers())}`);
  const guest = await ensureGuest(nickname);
  await consume("attempt", `g:${guest.id}`);
  return { userId: null, guestId: guest.id };
}

/** Starts an attempt for the current member, or for this browser's guest (made if needed). */
export async function startPlay(slug: string, nickname: string) {
  const who = await startingPlayer(nickname);
  const created = await createAttempt(store, { quizSlug: slug, who, nickname, now: new Date() });
  if (!created) throw new AppError("not_found", `There is no quiz "${slug}" to play.`);
  return created;
}

export async function playState(attemptId: string, deliver = true) {
  return unwrap(await readAttempt(store, attemptId, await requirePlayer(), { deliver, now: new Date() }));
}

export async function playAnswer(attemptId: string, input: z.infer<typeof answerInput>, deliverNext: boolean) {
  return unwrap(await answerQuestion(store, attemptId, await requirePlayer(), input, { deliverNext, now: new Date() }));
}

export async function playHint(attemptId: string) {
  return unwrap(await takeHint(store, attemptId, await requirePlayer(), { now: new Date() }));
}

export async function playFinish(attemptId: string) {
  unwrap(await finishAttempt(store, attemptId, await requirePlayer(), { now: new Date() }));
  const result = await getAttemptResult(await getDb(), attemptId, await currentPlayer());
  if (!result) throw new AppError("not_found");
  return result;
}
