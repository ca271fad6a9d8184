import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DbHandle } from "./client";
import { migrateDatabase } from "./migrate";
import { users } from "./schema";
import { testBackends } from "./test-databases";

const user = (id: string) => ({ id, handle: id, name: id, email: `${id}@example.test` });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testBackends)("concurrent use on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps a failing transaction's writes out, while concurrent requests go on", async () => {
    const failing = handle.db.transaction(async (tx) => {
      await tx.insert(users).values(user("rolled-back"));
      await sleep(50); // other requests arrive while this transaction is open
      throw new Error("boom");
    });
    const others = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? handle.db.insert(users).values(user(`concurrent-${i}`))
        : handle.db.select().from(users).where(eq(users.id, "rolled-back")),
    );
    const [failed, ...rest] = await Promise.allSettled([failing, ...others]);
    expect(failed?.status).toBe("rejected");
    expect(rest.every((r) => r.status === "fulfilled")).toBe(true);
    // No request ever saw the uncommitted row.
    for (const [i, r] of rest.entries()) {
      if (i % 2 === 1 && r.status === "fulfilled") expect(r.value).toEqual([]);
    }
    const ids = (await handle.db.select({ id: users.id }).from(users)).map((r) => r.id);
    expect(ids).not.toContain("rolled-back");
    expect(ids.filter((id) => id.startsWith("concurrent-"))).toHaveLength(10);
  });

  it("runs concurrent transactions to completion without mixing their statements", async () => {
    await handle.db.insert(users).values({ ...user("counter"), name: "0" });
    const bump = () =>
      handle.db.transaction(async (tx) => {
        const [row] = await queryRows<{ name: string }>(tx, sql`select name from users where id = 'counter' for update`);
        await sleep(2);
        const next = String(Number(row?.name) + 1);
        await tx.update(users).set({ name: next }).where(eq(users.id, "counter"));
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    const [row] = await handle.db.select({ name: users.name }).from(users).where(eq(users.id, "counter"));
    expect(row?.name).toBe("10");
  });

  it("answers ping", async () => {
    expect(await handle.ping()).toBe(true);
  });
});

describe("PGlite on disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-pglite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps committed writes across close and reopen, and pings false once closed", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir: dir });
    await migrateDatabase(first);
    await first.db.insert(users).values(user("durable"));
    await first.close();
    expect(await first.ping()).toBe(false);
    const second = await openDatabase({ kind: "pglite", dataDir: dir });
    await migrateDatabase(second); // already applied: a no-op
    const rows = await second.db.select().from(users).where(eq(users.id, "durable"));
    expect(rows).toHaveLength(1);
    await second.close();
  });
});
