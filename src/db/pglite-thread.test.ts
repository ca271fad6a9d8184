import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger, setLogger, type Logger } from "@/log";
import { bareDataDir, pgliteTemplates } from "@/test/pglite-templates";
import { killTheWorkerThread, watchWorkerThreads } from "@/test/worker-threads";
import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { users } from "./schema";

const user = (id: string) => ({ id, handle: id, name: id, email: `${id}@example.test` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The worker is ended from outside, as a crash would, through Node's diagnostics channel.
watchWorkerThreads();

describe("PGlite in its worker thread", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-pglite-thread-"));
    dirs.push(dir);
    return dir;
  };
  /** A durable database's directory, a copy of the run's bare template (no initdb of its own). */
  const dataDir = () => {
    const dir = bareDataDir();
    dirs.push(dir);
    return dir;
  };
  /** A throw-away database, started from the bare template. */
  const memory = () => ({ kind: "pglite" as const, dataDir: "memory://", from: pgliteTemplates().bare });
  let previous: Logger | undefined;
  const lines: { level: string; component?: string; msg: string; err?: { message: string } }[] = [];
  beforeAll(() => {
    previous = setLogger(createLogger({ write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[number]) }));
  });
  afterEach(() => {
    lines.length = 0;
  });
  afterAll(() => {
    if (previous) setLogger(previous);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps no answer once it is sent: another 300 MB of rows through the worker leave its memory as it was", async () => {
    // PGlite's execProtocolRaw parses each answer into a list it never empties (only execProtocol
    // does): the worker grew by ~255 MiB over these answers before it streamed them instead.
    const handle = await openDatabase({ kind: "pglite", dataDir: dataDir() });
    try {
      await handle.pool.query("select 1");
      const rss = () => process.memoryUsage().rss / 1048576;
      const answers = async () => {
        for (let i = 0; i < 1500; i++) await handle.pool.query("select repeat('x', 100000) as big from generate_series(1, 2)");
      };
      // The first 300 MB size the heaps of both threads: on a busy machine the collector lags and
      // the process grew by 375 MB of garbage (CI). Over the next 300 MB garbage reuses that room
      // (+23 to +29 MB, quiet and with three busy loops beside it), where a list keeping every
      // answer grows as much again (+335 MB with execProtocolRaw put back).
      await answers();
      const before = rss();
      await answers();
      expect(rss() - before).toBeLessThan(120);
    } finally {
      await handle.close();
    }
  });

  it("fails the query in flight when its worker dies, starts another, and keeps what was committed", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: dataDir() });
    try {
      await migrateDatabase(handle);
      await handle.db.insert(users).values(user("committed-before"));
      const inFlight = handle.pool.query("select pg_sleep(30)");
      const queued = handle.db.select({ id: users.id }).from(users).where(eq(users.id, "committed-before"));
      await sleep(200);
      await killTheWorkerThread();
      // Rejected, where a sleep that ran its 30 s would have resolved.
      await expect(inFlight).rejects.toThrow(/database worker stopped/);
      // Waiting for the connection when the worker died: it gets one to the new worker.
      expect(await queued).toEqual([{ id: "committed-before" }]);
      expect(await handle.db.select({ id: users.id }).from(users)).toEqual([{ id: "committed-before" }]);
      await handle.db.insert(users).values(user("written-after"));
      expect(await handle.db.$count(users)).toBe(2);
      expect(lines).toContainEqual(expect.objectContaining({ level: "error", component: "db", msg: expect.stringMatching(/worker stopped unexpectedly/) }));
    } finally {
      await handle.close();
    }
  });

  it("starts another worker when PGlite itself fails outside SQL", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: dataDir() });
    try {
      await handle.pool.query("create table kept (x int)");
      await handle.pool.query("insert into kept values (7)");
      // A startup message without a user makes PGlite exit its WebAssembly program: a stand-in
      // for any failure that leaves it unusable.
      const rogue = new pg.Client({ stream: handle.pool.options.stream, user: "", database: "postgres" });
      rogue.on("error", () => {});
      await expect(rogue.connect()).rejects.toThrow(/database worker stopped: PGlite failed/);
      const { rows } = await handle.pool.query<{ x: number }>("select x from kept");
      expect(rows).toEqual([{ x: 7 }]);
      expect(lines).toContainEqual(
        expect.objectContaining({ level: "error", component: "db", err: expect.objectContaining({ message: expect.stringMatching(/PGlite failed/) }) }),
      );
    } finally {
      await handle.close();
    }
  });

  it("answers every request for TLS with no, and then serves the pool as before", async () => {
    const handle = await openDatabase(memory());
    try {
      for (let i = 0; i < 2; i++) {
        const tls = new pg.Client({ stream: handle.pool.options.stream, user: "postgres", database: "postgres", ssl: true });
        tls.on("error", () => {});
        await expect(tls.connect()).rejects.toThrow(/does not support SSL/);
      }
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("finishes the queries in flight when closed, and has them on disk when opened again", async () => {
    const dir = dataDir();
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await migrateDatabase(first);
    // Asked for before close, all waiting for PGlite's one connection when it is called.
    const writes = Promise.all(Array.from({ length: 20 }, (_, i) => first.db.insert(users).values(user(`closing-${i}`)).then(() => i)));
    await first.close();
    expect(await writes).toHaveLength(20);
    await expect(first.db.insert(users).values(user("too-late"))).rejects.toThrow();
    await first.close(); // twice is once
    expect(await first.ping()).toBe(false);
    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      expect(await second.db.$count(users)).toBe(20);
    } finally {
      await second.close();
    }
  });

  it("counts its one connection and the queries waiting for it", async () => {
    const handle = await openDatabase(memory());
    try {
      let release!: () => void;
      const holding = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise<void>((resolve) => (release = resolve));
      });
      while (!release) await sleep(5);
      const waiting = [handle.ping(), handle.ping(), handle.ping()];
      await sleep(20);
      expect(handle.usage()).toEqual({ kind: "pglite", total: 1, idle: 0, waiting: 3, max: 2 });
      release();
      await holding;
      expect(await Promise.all(waiting)).toEqual([true, true, true]);
      expect(handle.usage()).toEqual({ kind: "pglite", total: 1, idle: 1, waiting: 0, max: 2 });
    } finally {
      await handle.close();
    }
  });

  it("runs the live games' queries beside the pages' queue, never inside another connection's transaction", async () => {
    const handle = await openDatabase(memory());
    try {
      await handle.pool.query("create table t (x int)");
      await handle.liveDb.execute(sql`select 1`); // both pools connected
      // A transaction of the pages' pool, open across a pause between its two statements: the
      // live pool's query must wait for its end (the one session would otherwise show it the
      // first insert alone), and then see both.
      let release!: () => void;
      const tx = handle.db.transaction(async (t) => {
        await t.execute(sql`insert into t values (1)`);
        await new Promise<void>((resolve) => (release = resolve));
        await t.execute(sql`insert into t values (2)`);
      });
      while (!release) await sleep(5);
      const seen = handle.liveDb.execute(sql`select count(*)::int as n from t`);
      // However long the pause, the query is not answered inside it.
      expect(await Promise.race([seen.then(() => "answered"), sleep(500).then(() => "waiting")])).toBe("waiting");
      release();
      await tx;
      expect(((await seen) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 2 }]);

      // Ten slow page queries queue in their pool; a live query asked after them is answered
      // after at most the one running, not after the ten.
      const done: string[] = [];
      const pages = Array.from({ length: 10 }, (_, i) => handle.pool.query("select pg_sleep(0.05)").then(() => done.push(`page ${i}`)));
      await sleep(10);
      const live = handle.liveDb.execute(sql`select 1`).then(() => done.push("live"));
      await Promise.all([...pages, live]);
      expect(done.indexOf("live")).toBeLessThanOrEqual(2);
    } finally {
      await handle.close();
    }
  });

  it("rejects opening a directory that is no database with PGlite's own message", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "PG_VERSION"), "99\n");
    await expect(openDatabase({ kind: "pglite", dataDir: dir })).rejects.toThrow(/PGlite/);
  });
});
