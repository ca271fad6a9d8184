import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { testBackends } from "@/db/test-databases";
import { pgliteTemplates } from "@/test/pglite-templates";
import { freePort, hasRedisServer, startRedis, type TestRedis } from "@/test/redis-server";
import { checkReadiness } from "./readiness";
import { createRedis } from "./redis";

/** /api/ready's answer in each state it can be in. */
describe("readiness", () => {
  it("is unavailable before the migrations and ready after them", async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: "memory://", from: pgliteTemplates().bare });
    try {
      const before = await checkReadiness({ database: async () => handle, redis: null });
      expect(before.status).toBe("unavailable");
      expect(before.checks.database.ok).toBe(true);
      expect(before.checks.migrations).toMatchObject({ ok: false, detail: expect.stringMatching(/migration\(s\) not applied/) });
      expect(before.checks.redis).toBeUndefined();

      await migrateDatabase(handle);
      const after = await checkReadiness({ database: async () => handle, redis: null });
      expect(after).toEqual({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true } } });
    } finally {
      await handle.close();
    }
  });

  it("is unavailable when the database cannot be opened or does not answer", async () => {
    const failing = await checkReadiness({ database: () => Promise.reject(new Error("connection refused")), redis: null });
    expect(failing.status).toBe("unavailable");
    expect(failing.checks.database).toEqual({ ok: false, detail: "connection refused" });

    const closed = await openDatabase({ kind: "pglite", dataDir: "memory://", from: pgliteTemplates().bare });
    await closed.close();
    const silent = await checkReadiness({ database: async () => closed, redis: null });
    expect(silent.status).toBe("unavailable");
    expect(silent.checks.database.ok).toBe(false);
  });

  describe.each(testBackends)("with Redis, on $name", (backend) => {
    let handle: DbHandle;
    let server: TestRedis | undefined;
    beforeAll(async () => {
      handle = await backend.open();
      if (hasRedisServer) server = await startRedis();
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
    });

    it("is unavailable when REDIS_URL points at nothing", async () => {
      const client = createRedis(`redis://127.0.0.1:${await freePort()}`);
      try {
        const r = await checkReadiness({ database: async () => handle, redis: client });
        expect(r.status).toBe("unavailable");
        expect(r.checks).toMatchObject({ database: { ok: true }, migrations: { ok: true }, redis: { ok: false } });
      } finally {
        client.disconnect();
      }
    });

    it.skipIf(!hasRedisServer)("is ready on its first check, while a fresh Redis connection is still being made", async () => {
      // An instance's first probe comes right after start-up: the connection is not up yet.
      const client = createRedis(server!.url);
      try {
        expect(client.status).not.toBe("ready");
        const r = await checkReadiness({ database: async () => handle, redis: client });
        expect(r).toEqual({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, redis: { ok: true } } });
      } finally {
        client.disconnect();
      }
    });

    it.skipIf(!hasRedisServer)("is ready when Redis answers", async () => {
      const client = createRedis(server!.url);
      try {
        await new Promise<void>((resolve) => (client.status === "ready" ? resolve() : client.once("ready", () => resolve())));
        const r = await checkReadiness({ database: async () => handle, redis: client });
        expect(r).toEqual({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, redis: { ok: true } } });
      } finally {
        client.disconnect();
      }
    });
  });
});
