import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger, setLogger, type Logger } from "@/log";
import { openDatabase, queryRows, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { killWorkerForTests } from "./pglite-thread";
import { users } from "./schema";
import { testBackends } from "./test-databases";

const user = (id: string) => ({ id, handle: id, name: id, email: `${id}@example.test` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// What the app's driver (node-postgres, over TCP or to PGlite's worker) must do alike on both.
describe.each(testBackends)("the driver on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    await handle.pool.query("create table steps (id serial primary key, who text not null, tx bigint not null default txid_current())");
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("runs two transactions from concurrent callers each in one transaction of its own", async () => {
    const run = (who: string) =>
      handle.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          await tx.execute(sql`insert into steps (who) values (${who})`);
          await sleep(5); // the other caller's statements arrive meanwhile
        }
      });
    await Promise.all([run("a"), run("b")]);
    const rows = await queryRows<{ who: string; tx: string }>(handle.db, sql`select who, tx::text as tx from steps order by id`);
    expect(rows).toHaveLength(6);
    const txOf = (who: string) => new Set(rows.filter((r) => r.who === who).map((r) => r.tx));
    expect(txOf("a").size).toBe(1);
    expect(txOf("b").size).toBe(1);
    expect([...txOf("a")][0]).not.toBe([...txOf("b")][0]);
    // PGlite is one session: the second transaction starts only after the first has ended.
    if (backend.name === "pglite") expect(rows.map((r) => r.who).join("")).toMatch(/^(aaabbb|bbbaaa)$/);
  });

  it("rolls a transaction back on a query error, and the connection serves the next query", async () => {
    await handle.db.insert(users).values(user("taken"));
    const failing = handle.db.transaction(async (tx) => {
      await tx.insert(users).values(user("written-then-rolled-back"));
      await tx.insert(users).values(user("taken")); // a unique violation
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: "23505" } });
    const ids = (await handle.db.select({ id: users.id }).from(users)).map((r) => r.id);
    expect(ids).toContain("taken");
    expect(ids).not.toContain("written-then-rolled-back");
    // Not inside what is left of a transaction: now() is this statement's time, not an old start.
    const [fresh] = await queryRows<{ fresh: boolean }>(handle.db, sql`select now() = statement_timestamp() as fresh`);
    expect(fresh?.fresh).toBe(true);
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values(user("after-the-error"));
    });
    expect(await handle.db.select().from(users).where(eq(users.id, "after-the-error"))).toHaveLength(1);
  });

  it("leaves nothing of its session behind a connection destroyed in the middle of a transaction", async () => {
    const client = await handle.pool.connect();
    await client.query({ name: "leftover", text: "select 1 as one" }); // a named prepared statement
    await client.query("set statement_timeout = '1234s'");
    await client.query("begin");
    await client.query("insert into users (id, handle, name, email) values ('abandoned', 'abandoned', 'abandoned', 'abandoned@example.test')");
    const ended = new Promise((resolve) => client.once("end", resolve));
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await ended;
    client.release(new Error("destroyed by the test"));
    const [state] = await queryRows<{ fresh: boolean; abandoned: number }>(
      handle.db,
      sql`select now() = statement_timestamp() as fresh, (select count(*)::int from users where id = 'abandoned') as abandoned`,
    );
    expect(state).toEqual({ fresh: true, abandoned: 0 });
    // A new connection is a new session: no statement by that name yet, the default setting.
    expect((await handle.pool.query({ name: "leftover", text: "select 2 as two" })).rows).toEqual([{ two: 2 }]);
    expect((await handle.pool.query("select current_setting('statement_timeout') as t")).rows).toEqual([{ t: "0" }]);
    // And a transaction begun now is a new one, not one nested in what was left.
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values(user("after-the-abandoned"));
    });
    expect(await handle.db.select().from(users).where(eq(users.id, "after-the-abandoned"))).toHaveLength(1);
  });

  it("returns a result of 50,000 rows whole", async () => {
    const { rows } = await handle.pool.query<{ n: number; h: string }>("select g as n, md5(g::text) as h from generate_series(1, 50000) g order by g");
    expect(rows).toHaveLength(50_000);
    const md5 = (n: number) => createHash("md5").update(String(n)).digest("hex");
    expect(rows.every((r, i) => r.n === i + 1 && r.h === md5(i + 1))).toBe(true);
  });

  it("round-trips bytea, jsonb, timestamps, numeric and friends as node-postgres reads PostgreSQL", async () => {
    const bytes = Buffer.from([0, 1, 2, 254, 255, 0x5c, 0x27]);
    const json = { text: "Ünïcødé ✓ \"quoted\" \\ 🎉", list: [1, 2.5, null, true], nested: { empty: {} } };
    const at = new Date("2026-11-24T12:34:56.789Z");
    const { rows } = await handle.pool.query(
      `select $1::bytea as b, $2::jsonb as j, $3::timestamptz as t, $4::numeric as n, $5::text[] as a,
              $6::int8 as big, $7::boolean as yes, $8::uuid as id, $9::text as nothing,
              '2026-02-03 04:05:06.123456'::timestamp as local, '2026-02-03'::date as day,
              '1.5 days'::interval as span, 0.1::float8 + 0.2::float8 as f`,
      [bytes, JSON.stringify(json), at, "12345678901234567890.123456789", ["a", "b,c", 'd"e', ""], "9007199254740993", true, "0b4c7f2e-1d1a-4a7b-9a55-2f2e6b8a7c11", null],
    );
    const r = rows[0];
    expect(Buffer.isBuffer(r.b) && r.b.equals(bytes)).toBe(true);
    expect(r.j).toEqual(json);
    expect(r.t).toBeInstanceOf(Date);
    expect((r.t as Date).toISOString()).toBe("2026-11-24T12:34:56.789Z");
    expect(r.n).toBe("12345678901234567890.123456789");
    expect(r.a).toEqual(["a", "b,c", 'd"e', ""]);
    expect(r.big).toBe("9007199254740993");
    expect(r.yes).toBe(true);
    expect(r.id).toBe("0b4c7f2e-1d1a-4a7b-9a55-2f2e6b8a7c11");
    expect(r.nothing).toBeNull();
    // node-postgres reads a timestamp without a zone, and a date, in the process's zone.
    expect(r.local).toEqual(new Date(2026, 1, 3, 4, 5, 6, 123));
    expect(r.day).toEqual(new Date(2026, 1, 3));
    expect(r.span).toMatchObject({ days: 1, hours: 12 });
    expect(r.f).toBe(0.30000000000000004);
    // A megabyte each way, two as hex text: past PGlite's 1 MB response buffer, which must grow.
    const large = randomBytes(1 << 20);
    const echoed = await handle.pool.query<{ b: Buffer; len: number }>("select $1::bytea as b, length($1::bytea) as len", [large]);
    expect(echoed.rows[0]?.len).toBe(1 << 20);
    expect(echoed.rows[0]?.b.equals(large)).toBe(true);
  });
});

describe("PGlite in its worker thread", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-pglite-thread-"));
    dirs.push(dir);
    return dir;
  };
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

  it("fails the query in flight when its worker dies, starts another, and keeps what was committed", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: tempDir() });
    try {
      await migrateDatabase(handle);
      await handle.db.insert(users).values(user("committed-before"));
      const started = performance.now();
      const inFlight = handle.pool.query("select pg_sleep(30)");
      const queued = handle.db.select({ id: users.id }).from(users).where(eq(users.id, "committed-before"));
      await sleep(200);
      await killWorkerForTests(handle.pool);
      await expect(inFlight).rejects.toThrow(/database worker stopped/);
      expect(performance.now() - started).toBeLessThan(10_000); // at once, not after the 30 s sleep
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
    const handle = await openDatabase({ kind: "pglite", dataDir: tempDir() });
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

  it("finishes the queries in flight when closed, and has them on disk when opened again", async () => {
    const dir = tempDir();
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
    const handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
    try {
      let release!: () => void;
      const holding = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise<void>((resolve) => (release = resolve));
      });
      while (!release) await sleep(5);
      const waiting = [handle.ping(), handle.ping(), handle.ping()];
      await sleep(20);
      expect(handle.usage()).toEqual({ kind: "pglite", total: 1, idle: 0, waiting: 3, max: 1 });
      release();
      await holding;
      expect(await Promise.all(waiting)).toEqual([true, true, true]);
      expect(handle.usage()).toEqual({ kind: "pglite", total: 1, idle: 1, waiting: 0, max: 1 });
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
