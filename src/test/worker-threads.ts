import { subscribe } from "node:diagnostics_channel";
import type { Worker } from "node:worker_threads";

/**
 * Tests only: the worker threads this thread starts, seen through Node's public "worker_threads"
 * diagnostics channel, so a test can end one as a crash would (src/db/pglite-thread.test.ts)
 * without the code under test handing its worker out.
 */
const running = new Set<Worker>();
let watching = false;

/** Starts noting workers; call it before the workers of interest start. */
export function watchWorkerThreads(): void {
  if (watching) return;
  watching = true;
  subscribe("worker_threads", (message) => {
    const { worker } = message as { worker: Worker };
    running.add(worker);
    worker.once("exit", () => running.delete(worker));
  });
}

/** Ends the one worker thread running, interrupting what it runs, as a crash would. */
export async function killTheWorkerThread(): Promise<void> {
  const workers = [...running];
  if (workers.length !== 1) throw new Error(`expected one running worker thread, found ${workers.length}`);
  await workers[0]!.terminate();
}
