import "server-only";
import { default_w } from "ts-fsrs";
import { isBetterFit, MIN_OPTIMIZER_REVIEWS, reviewHistories, type OptimizerOutcome } from "@/core/study/optimizer";
import type { Db } from "@/db/client";
import { getStudySettings, optimizerLog, saveStudyWeights } from "@/db/queries/study";
import { AppError } from "./errors";
import { runOptimizer } from "./fsrs-optimizer";

/**
 * Fits a member's FSRS parameters to their review log and keeps them only if they fit better
 * than the ones in use (core/study/optimizer isBetterFit); the scheduler then uses them.
 */
export async function optimizeForMember(db: Db, userId: string, run = runOptimizer): Promise<OptimizerOutcome> {
  const settings = await getStudySettings(db, userId);
  const log = await optimizerLog(db, userId);
  if (log.length < MIN_OPTIMIZER_REVIEWS)
    throw new AppError(
      "not_enough_reviews",
      `Optimising needs at least ${MIN_OPTIMIZER_REVIEWS} reviews; you have ${log.length}. Keep studying and try again later.`,
    );
  const current = settings.weights ?? [...default_w];
  const result = await run(reviewHistories(log, settings.timeZone), current);
  const kept = isBetterFit(result.before, result.after);
  if (kept) await saveStudyWeights(db, userId, result.parameters);
  return { before: result.before, after: result.after, kept, parameters: kept ? result.parameters : current };
}
