import "server-only";
import { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { errorFields, log } from "@/log";
import { workerFile } from "@/worker-files";

/**
 * PGlite in a worker thread (src/db/pglite-worker.mjs), reached through node-postgres as
 * PostgreSQL is: the pool's sockets are streams over the worker's message port carrying the wire
 * protocol. On the main thread PGlite took 40–45% of the busy time of a 2,000-player live game
 * while answers arrived, and about a fifth of the time spent serving pages; in the worker, that
 * thread only encodes queries and decodes their results.
 *
 * PGlite is one session. Two pools of one connection each reach it: the live games' (`livePool`:
 * group commits, leases) and everyone else's (`pool`). Callers queue in their pool, so a group
 * commit waits in the worker only for the page request running (or the page transaction open)
 * when it arrives, never for the pages' queries queued behind it; in the worker a transaction holds the session from begin to commit, so
 * transactions never interleave. When a connection ends, the worker rolls back whatever it left
 * open and resets the session.
 *
 * A worker that stops (a WebAssembly abort, an uncaught error) fails every query in flight at once,
 * and another one is started on the same directory, where PostgreSQL's own recovery runs.
 */
export type PgliteThread = { pool: pg.Pool; livePool: pg.Pool; close(): Promise<void> };

type FromWorker =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "data"; conn: number; bytes: Uint8Array }
  | { type: "error"; conn: number; message: string }
  | { type: "closed"; error?: string };

/** Starts the worker and opens PGlite in it; PGlite's own message when it cannot. */
export async function openPgliteThread(dataDir: string, from?: string): Promise<PgliteThread> {
  const link = new WorkerLink(dataDir, from);
  await link.current();
  const poolOf = () => {
    const pool = new pg.Pool({
      // PGlite's one role and database. node-postgres's default user is $USER, and a startup
      // message with an empty user (no $USER, as in some containers) ends PGlite's WebAssembly
      // program.
      user: "postgres",
      database: "postgres",
      ssl: false, // whatever PGSSLMODE says
      max: 1,
      idleTimeoutMillis: 0,
      // The idle connection does not keep the process alive, as PGlite on the main thread did not.
      allowExitOnIdle: true,
      stream: () => new WorkerSocket(link),
    });
    return pool;
  };
  const pool = poolOf();
  const livePool = poolOf();
  let closing: Promise<void> | undefined;
  return {
    pool,
    livePool,
    close: () =>
      (closing ??= (async () => {
        try {
          await Promise.all([pool.end(), livePool.end()]);
        } finally {
          await link.close();
        }
      })()),
  };
}

/** The worker (and the next one, after a crash) and the connections open to it. */
class WorkerLink {
  private worker: Worker | undefined;
  private opening: Promise<Worker> | undefined;
  private ready = false;
  private readonly sockets = new Map<number, WorkerSocket>();
  /** Sockets node-postgres wants to keep the process alive: those checked out of the pool. */
  private readonly refs = new Set<WorkerSocket>();
  private nextConn = 1;
  private closed = false;
  private whenClosed: ((error?: string) => void) | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly from: string | undefined,
  ) {}

  /** The running worker, started (again) if there is none. */
  current(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    return (this.opening ??= this.start());
  }

  private start(): Promise<Worker> {
    const worker = new Worker(workerFile("pglite-worker"), {
      workerData: { dataDir: this.dataDir, from: this.from },
      // Not the server's loader flags (tsx): the worker is plain JavaScript.
      execArgv: [],
    });
    this.worker = worker;
    this.ready = false;
    let crash: Error | undefined;
    const opened = new Promise<Worker>((resolve, reject) => {
      worker.on("message", (m: FromWorker) => {
        if (m.type === "data") this.sockets.get(m.conn)?.receive(m.bytes);
        else if (m.type === "ready") {
          if (this.worker === worker) this.ready = true;
          this.updateRef();
          resolve(worker);
        } else if (m.type === "failed") {
          reject(new Error(m.message));
          void worker.terminate();
        } else if (m.type === "error") this.sockets.get(m.conn)?.destroy(new Error(m.message));
        else if (m.type === "closed") this.whenClosed?.(m.error);
      });
      worker.on("error", (err) => {
        crash = err;
        reject(err);
      });
      worker.on("exit", (code) => {
        reject(crash ?? new Error(`the PGlite worker stopped (exit code ${code}) before it opened the database`));
        this.exited(worker, code, crash);
      });
    });
    return opened.catch((err: unknown) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.opening = undefined; // the next connection tries again
      }
      throw err;
    });
  }

  private exited(worker: Worker, code: number, crash: Error | undefined): void {
    if (this.worker !== worker) return;
    const wasReady = this.ready;
    this.worker = undefined;
    this.opening = undefined;
    this.ready = false;
    const error = new Error(`the database worker stopped: ${crash ? crash.message : `exit code ${code}`}`, { cause: crash });
    for (const socket of this.sockets.values()) socket.destroy(error);
    this.sockets.clear();
    if (this.closed) {
      this.whenClosed?.(error.message);
      return;
    }
    if (!wasReady) return; // its opener has the error
    log().error(
      { ...errorFields(crash ?? error), component: "db", exitCode: code },
      "the PGlite worker stopped unexpectedly: its queries failed; starting another on the same data",
    );
    this.current().then(
      () => log().info({ component: "db" }, "the PGlite worker is running again"),
      (err: unknown) => log().error({ ...errorFields(err), component: "db" }, "PGlite could not be opened again; the next query tries again"),
    );
  }

  /** Registers a socket with the running worker (starting one if needed). */
  async attach(socket: WorkerSocket): Promise<{ worker: Worker; conn: number }> {
    const worker = await this.current();
    if (this.worker !== worker) throw new Error("the database worker stopped");
    if (socket.destroyed) throw new Error("the connection was closed");
    const conn = this.nextConn++;
    this.sockets.set(conn, socket);
    worker.postMessage({ type: "open", conn });
    return { worker, conn };
  }

  detach(socket: WorkerSocket, worker: Worker | undefined, conn: number | undefined): void {
    this.refs.delete(socket);
    if (conn !== undefined && this.sockets.get(conn) === socket) {
      this.sockets.delete(conn);
      if (worker === this.worker) worker?.postMessage({ type: "end", conn });
    }
    this.updateRef();
  }

  setRef(socket: WorkerSocket, on: boolean): void {
    if (on && !socket.destroyed) this.refs.add(socket);
    else this.refs.delete(socket);
    this.updateRef();
  }

  /** The worker keeps the process alive while it opens or closes, or while a connection is in use. */
  private updateRef(): void {
    if (!this.worker) return;
    if (!this.ready || this.closed || this.refs.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  /** Closes PGlite in the worker (which writes it out to its directory), then ends the worker. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = await this.opening?.catch(() => undefined);
    if (!worker || worker !== this.worker) return;
    this.updateRef();
    const error = await new Promise<string | undefined>((resolve) => {
      this.whenClosed = resolve;
      worker.postMessage({ type: "close" });
    });
    this.worker = undefined;
    await worker.terminate();
    if (error) throw new Error(`closing PGlite failed: ${error}`);
  }
}

/**
 * A node-postgres socket that is a connection to the worker. The writes of one tick (node-postgres
 * writes Parse, Bind, Describe, Execute and Sync apart) go as one message: one hop to the worker,
 * and one call into PGlite, per query.
 */
class WorkerSocket extends Duplex {
  private worker: Worker | undefined;
  private conn: number | undefined;
  private queued: Buffer[] = [];
  private flushing = false;

  constructor(private readonly link: WorkerLink) {
    super();
    this.link.setRef(this, true);
  }

  /** node-postgres calls connect(port, host) and waits for "connect"; both mean the worker here. */
  connect(): this {
    this.link.attach(this).then(
      ({ worker, conn }) => {
        this.worker = worker;
        this.conn = conn;
        if (this.destroyed) return this.link.detach(this, worker, conn);
        this.emit("connect");
        this.flush();
      },
      (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.link.setRef(this, true);
    return this;
  }

  unref(): this {
    this.link.setRef(this, false);
    return this;
  }

  receive(bytes: Uint8Array): void {
    if (!this.destroyed) this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    this.queued.push(chunk);
    if (!this.flushing) {
      this.flushing = true;
      process.nextTick(() => this.flush());
    }
    done();
  }

  private flush(): void {
    this.flushing = false;
    if (!this.worker || this.queued.length === 0) return;
    let size = 0;
    for (const chunk of this.queued) size += chunk.length;
    // A buffer of its own, moved to the worker (a pooled Buffer would copy its whole slab).
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const chunk of this.queued) at += chunk.copy(bytes, at);
    this.queued = [];
    this.worker.postMessage({ type: "data", conn: this.conn, bytes }, [bytes.buffer]);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.flush();
    this.link.detach(this, this.worker, this.conn);
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.link.detach(this, this.worker, this.conn);
    done(err);
  }
}
