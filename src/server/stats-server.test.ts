import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { LIVE_STATS_PATH } from "./live/constants";
import { startStatsServer } from "./stats-server";

describe("the stats server", async () => {
  const resets: boolean[] = [];
  const server = await startStatsServer(0, (reset) => {
    resets.push(reset);
    return { players: 3 };
  });
  afterAll(() => void server.close());
  const { address, port } = server.address() as AddressInfo;

  it("listens on loopback only", () => {
    expect(address).toBe("127.0.0.1");
  });

  it("answers the counters, and passes reset on", async () => {
    const res = await fetch(`http://127.0.0.1:${port}${LIVE_STATS_PATH}?reset=1`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ players: 3 });
    expect(resets).toEqual([true]);
  });

  it("answers nothing else", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}${LIVE_STATS_PATH}`, { method: "POST" })).status).toBe(404);
  });
});
