import { createServer } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/db/client";
import type * as EnvModule from "@/env";

// The setting as the server reads it, switched per test.
const setting = vi.hoisted(() => ({ fanout: "standard" as "standard" | "direct" }));
vi.mock("@/env", async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  const base = actual.parseEnv({});
  return { ...actual, env: () => ({ ...base, QUIZDECK_LIVE_FANOUT: setting.fanout }) };
});

const { attachLiveServer } = await import("./socket");

/** The live server takes the path QUIZDECK_LIVE_FANOUT asks for (the adapter rule: fanout.test.ts). */
describe("attachLiveServer and QUIZDECK_LIVE_FANOUT", () => {
  const servers: ReturnType<typeof attachLiveServer>[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.io.engine.close();
      // Nothing was loaded; releasing leases would need the database this test has not got.
      await s.games.close().catch(() => {});
    }
  });

  const attach = () => {
    const live = attachLiveServer(createServer(), () => Promise.reject(new Error("no database in this test")) as Promise<Db>);
    servers.push(live);
    return live;
  };

  it("sends through Socket.IO's own broadcast by default", () => {
    setting.fanout = "standard";
    expect(attach().stats().fanout.mode).toBe("standard");
  });

  it("writes straight to the sockets when asked, with the in-memory adapter", () => {
    setting.fanout = "direct";
    expect(attach().stats().fanout.mode).toBe("direct");
  });
});
