import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { LIVE_STATS_PATH } from "./live/constants";
import { bearerMatches, serveMetrics } from "./metrics";
import { startStatsServer } from "./stats-server";

const TOKEN = "a-metrics-token-of-32-characters";

describe("bearerMatches", () => {
  it.each([
    [`Bearer ${TOKEN}`, true],
    [`bearer ${TOKEN}`, true],
    [`Bearer ${TOKEN}x`, false],
    [`Bearer ${TOKEN.slice(1)}`, false],
    [TOKEN, false],
    [`Basic ${TOKEN}`, false],
    [undefined, false],
  ])("%s → %s", (header, expected) => {
    expect(bearerMatches(header, TOKEN)).toBe(expected);
  });
});

describe("serving the metrics", async () => {
  const app = createServer((req, res) => void serveMetrics(req, res, TOKEN));
  await new Promise<void>((r) => app.listen(0, "127.0.0.1", r));
  const stats = await startStatsServer(0, () => ({}), serveMetrics);
  afterAll(() => {
    app.close();
    stats.close();
  });
  const url = (s: typeof app, path: string) => `http://127.0.0.1:${(s.address() as AddressInfo).port}${path}`;

  it("on the app's port: the text format with the token, 401 without it", async () => {
    const ok = await fetch(url(app, "/metrics"), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    const body = await ok.text();
    for (const name of ["quizdeck_http_request_duration_seconds", "quizdeck_live_games", "quizdeck_db_pool_waiting", "nodejs_eventloop_lag_p99_seconds"]) {
      expect(body).toContain(`# TYPE ${name} `);
    }
    const refused = await fetch(url(app, "/metrics"), { headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: "unauthorized", message: "A valid metrics token is needed." } });
  });

  it("on the loopback stats port: without a token, beside the counters", async () => {
    const res = await fetch(url(stats, "/metrics"));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("# TYPE quizdeck_live_players gauge");
    expect((await fetch(url(stats, LIVE_STATS_PATH))).status).toBe(200);
    expect((await fetch(url(stats, "/metrics"), { method: "POST" })).status).toBe(404);
  });
});
