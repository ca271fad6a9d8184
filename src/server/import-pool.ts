import "server-only";
import { Worker } from "node:worker_threads";
import { failedImport, type ImportFormat, type ImportResult } from "@/core/import";
import { AppError } from "./errors";
import { workerFile } from "@/worker-files";

/**
 * Import files are read in a worker thread, never on the thread that serves every page and live
 * game: whatever a parser does with a hostile file (a quadratic regex, a zip that inflates to
 * gigabytes), the server keeps answering. One worker, reused; a file that takes longer than the
 * time limit or needs more memory than the limit is answered with a whole-file problem, and the
 * worker is ended and replaced. Files wait their turn in a short queue; past it the server says
 * it is busy.
 */
export const IMPORT_TIME_LIMIT_MS = 10_000;
export const IMPORT_MEMORY_LIMIT_MB = 512;
/** Imports waiting behind the one being read. */
export const IMPORT_QUEUE_MAX = 8;
/** A worker that has not loaded its parsers by then (a cold start on a loaded machine) failed. */
const START_LIMIT_MS = 60_000;

export type ImportJob = { format: ImportFormat; content: string | Uint8Array; fileName?: string };

export type ImportPoolOptions = {
  /** The worker script; by default the import worker (src/worker-files.ts says where it is). */
  workerFile?: string;
  timeLimitMs?: number;
  memoryLimitMb?: number;
  queueMax?: number;
};

type Waiting = { job: ImportJob; resolve: (r: ImportResult) => void; reject: (e: unknown) => void };
type Reply = { ready?: true; id?: number; result?: ImportResult };

export const tooSlow = (ms: number) =>
  `The file took too long to read (more than ${ms / 1000} s) and was stopped; a quiz file reads in well under a second, so check that it is the file you meant`;
export const tooLarge = (mb: number) =>
  `The file is too large to read: reading it needed more than ${mb} MB of memory; a quiz file needs far less, so check that it is the file you meant`;
const crashed = "The file could not be read: the reader stopped unexpectedly; check that it is a valid file of this format";

export class ImportPool {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private busy = false;
  private readonly queue: Waiting[] = [];
  private nextId = 1;
  private readonly workerFile: string;
  private readonly timeLimitMs: number;
  private readonly memoryLimitMb: number;
  private readonly queueMax: number;

  constructor(options: ImportPoolOptions = {}) {
    this.workerFile = options.workerFile ?? workerFile("import-worker");
    this.timeLimitMs = options.timeLimitMs ?? IMPORT_TIME_LIMIT_MS;
    this.memoryLimitMb = options.memoryLimitMb ?? IMPORT_MEMORY_LIMIT_MB;
    this.queueMax = options.queueMax ?? IMPORT_QUEUE_MAX;
  }

  /** Reads a file in the worker. Resolves to the parser's result or a whole-file problem. */
  parse(job: ImportJob): Promise<ImportResult> {
    if (this.queue.length >= this.queueMax)
      return Promise.reject(new AppError("unavailable", "The server is reading other imports right now. Try again in a minute."));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Ends the worker (tests, shutdown). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    await w?.terminate();
  }

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(this.workerFile, {
      // Not the server's loader flags: the worker registers what it needs itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.memoryLimitMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // An idle worker does not keep the process alive (tests, shutdown).
    worker.unref();
    this.worker = worker;
    // An error between files must not become an uncaught 'error' event; the exit clears it.
    worker.on("error", () => {});
    worker.on("exit", () => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.ready = undefined;
      }
    });
    this.ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error("the import worker did not start in time")), START_LIMIT_MS);
      const fail = (err: unknown) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        if (this.worker === worker) {
          this.worker = undefined;
          this.ready = undefined;
        }
        void worker.terminate();
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const onMessage = (m: Reply) => {
        if (!m.ready) return;
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", fail);
        resolve(worker);
      };
      worker.on("message", onMessage);
      worker.once("error", fail);
    });
    return this.ready;
  }

  private pump(): void {
    if (this.busy) return;
    const next = this.queue.shift();
    if (!next) return;
    this.busy = true;
    void this.run(next).finally(() => {
      this.busy = false;
      this.pump();
    });
  }

  private async run({ job, resolve, reject }: Waiting): Promise<void> {
    let worker: Worker;
    try {
      worker = await this.start();
    } catch (err) {
      reject(err);
      return;
    }
    const id = this.nextId++;
    await new Promise<void>((done) => {
      const finish = (outcome: { result: ImportResult } | { replace: string } | { error: unknown }) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        worker.unref();
        if ("result" in outcome) resolve(outcome.result);
        else {
          // A worker stopped mid-parse may hold anything: end it; the next file gets a new one.
          if (this.worker === worker) {
            this.worker = undefined;
            this.ready = undefined;
          }
          void worker.terminate();
          if ("replace" in outcome) resolve(failedImport(outcome.replace, job.fileName));
          else reject(outcome.error);
        }
        done();
      };
      const onMessage = (m: Reply) => {
        if (m.id === id && m.result) finish({ result: m.result });
      };
      const onError = (err: Error & { code?: string }) =>
        finish({ replace: err.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooLarge(this.memoryLimitMb) : crashed });
      const onExit = () => finish({ replace: crashed });
      const timer = setTimeout(() => finish({ replace: tooSlow(this.timeLimitMs) }), this.timeLimitMs);
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
      // Keep the process alive while a file is being read.
      worker.ref();
      worker.postMessage({ id, format: job.format, content: job.content, fileName: job.fileName });
    });
  }
}

// One pool per process: Next bundles route handlers and server actions separately, so a module
// variable would exist once per bundle (two workers); the registry on globalThis is shared.
const KEY = Symbol.for("quizdeck.importPool");
export function importPool(): ImportPool {
  const g = globalThis as Record<symbol, ImportPool | undefined>;
  return (g[KEY] ??= new ImportPool());
}
