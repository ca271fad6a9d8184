import "server-only";
import { Worker } from "node:worker_threads";
import type { FitMetrics, OptimizerReview } from "@/core/study/optimizer";
import { log } from "@/log";
import { AppError } from "./errors";
import { workerFile } from "@/worker-files";

/** A run past this is stopped: a member's log fits in seconds even at 100,000 reviews. */
export const OPTIMIZER_TIME_LIMIT_MS = 120_000;

export type OptimizerRun = { before: FitMetrics; after: FitMetrics; parameters: number[]; items: number };

let running = 0;
/** Runs at once on the whole server: each takes a core for a while, and the machine may have two. */
const MAX_RUNNING = 1;

/**
 * Fits FSRS parameters to review histories in a worker thread (the request thread keeps serving),
 * and measures the old (`current`, or the defaults when null) and new parameters on the same log.
 */
export async function runOptimizer(histories: OptimizerReview[][], current: number[] | null, file = workerFile("fsrs-worker")): Promise<OptimizerRun> {
  if (running >= MAX_RUNNING) throw new AppError("unavailable", "The optimizer is busy with another member's reviews. Try again in a minute.");
  running++;
  try {
    return await new Promise<OptimizerRun>((resolve, reject) => {
      const worker = new Worker(file, {
        workerData: { histories, current },
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new AppError("unavailable", "Optimizing took too long and was stopped. Try again later."));
      }, OPTIMIZER_TIME_LIMIT_MS);
      const fail = (message: string) => {
        log().error({ err: message }, "the FSRS optimizer failed");
        reject(new AppError("internal_error", "The optimizer could not fit your reviews. Your parameters were not changed."));
      };
      worker.once("message", (m: OptimizerRun | { error: string; notEnoughData: boolean }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (!("error" in m)) resolve(m);
        else if (m.notEnoughData)
          reject(
            new AppError(
              "not_enough_reviews",
              "Your reviews are not yet varied enough to fit parameters to: the optimizer needs reviews of more cards, spread over more days. Keep studying and try again later.",
            ),
          );
        else fail(m.error);
      });
      worker.once("error", (err) => {
        clearTimeout(timer);
        fail(err.message);
      });
    });
  } finally {
    running--;
  }
}
