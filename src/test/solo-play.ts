import type { Db } from "@/db/client";
import type { PlayerIdentity } from "@/core/play/attempt";
import { DrizzleAttemptStore } from "@/server/attempt-store-drizzle";
import * as play from "@/server/solo-play";

/**
 * Solo play's steps on a test database, as the database tests call them: `now` is the test's
 * clock when given, else the real one.
 */
const storeOf = (db: Db) => new DrizzleAttemptStore(async () => db);
const clock = (now?: Date) => now ?? new Date();

export const createAttempt = (db: Db, input: { quizSlug: string; who: PlayerIdentity; nickname: string; now?: Date }) =>
  play.createAttempt(storeOf(db), { ...input, now: clock(input.now) });

export const readAttempt = (db: Db, attemptId: string, who: PlayerIdentity, opts: { deliver: boolean; now?: Date }) =>
  play.readAttempt(storeOf(db), attemptId, who, { ...opts, now: clock(opts.now) });

export const answerQuestion = (
  db: Db,
  attemptId: string,
  who: PlayerIdentity,
  input: { questionId: string; answer: unknown; usedHint?: boolean },
  opts: { deliverNext: boolean; now?: Date },
) => play.answerQuestion(storeOf(db), attemptId, who, input, { ...opts, now: clock(opts.now) });

export const takeHint = (db: Db, attemptId: string, who: PlayerIdentity, opts: { now?: Date } = {}) =>
  play.takeHint(storeOf(db), attemptId, who, { now: clock(opts.now) });

export const finishAttempt = (db: Db, attemptId: string, who: PlayerIdentity, opts: { now?: Date } = {}) =>
  play.finishAttempt(storeOf(db), attemptId, who, { now: clock(opts.now) });
