import { expect, test } from "@playwright/test";
import { anyAnswer } from "../src/test/live-answers";
import { connectLive, emitAck } from "../src/test/live-socket";
import type { PlayerShared } from "../src/core/live/protocol";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * What an operator sees of a running server: JSON log lines (a request's id on its line, the game's
 * id on an answer's line), and the Prometheus metrics after a short live game, scraped from the
 * loopback stats port and from the app's port with the bearer token (and refused without it).
 * A server of its own (ports portBase+6 and +7), since it needs debug logs and a metrics token.
 */
test.describe.configure({ mode: "serial" });
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once");
});

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT = portBase + 6;
const STATS_PORT = portBase + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = "observability-test-token-0123456789";

type Line = Record<string, unknown>;
let server: OwnServer | undefined;

const lines = (): Line[] =>
  server!
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);

test.beforeAll(async () => {
  // Starting takes a minute or more on a loaded 2-core machine (Playwright starts its other servers at the same time).
  test.setTimeout(330_000);
  server = await startOwnServer({
    port: PORT,
    logName: "observe",
    env: {
      QUIZDECK_PUBLIC_URL: BASE,
      QUIZDECK_STATS_PORT: String(STATS_PORT),
      QUIZDECK_METRICS_TOKEN: TOKEN,
      QUIZDECK_TRUST_PROXY: "loopback",
      LOG_LEVEL: "debug",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const connect = (cookie?: string) => connectLive(BASE, { cookie });


test("every line is JSON; a request's line carries its id, from a trusted proxy or made here", async () => {
  const fromProxy = await fetch(`${BASE}/api/health`, { headers: { "x-request-id": "proxy-7f3a" } });
  expect(fromProxy.headers.get("x-request-id")).toBe("proxy-7f3a");
  const made = await fetch(`${BASE}/explore`);
  const madeId = made.headers.get("x-request-id");
  expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(() => lines().find((l) => l.msg === "request" && l.reqId === madeId))
    .toMatchObject({ level: "info", method: "GET", route: "/explore", status: 200 });
  expect(lines().find((l) => l.msg === "request" && l.reqId === "proxy-7f3a")).toMatchObject({ route: "/api/health", status: 200 });
  const text = server!.output().trim().split("\n");
  expect(text.filter((l) => !l.startsWith("{"))).toEqual([]);
});

test("an answer's log line carries the game id, and the metrics show the game", async () => {
  test.setTimeout(120_000);
  const email = `observe-${Date.now()}@quizdeck.test`;
  const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ email, handle: `observe-${Date.now() % 1e8}`, name: "Observer", password: "observe-password-1" }),
  });
  expect(signUp.ok).toBe(true);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const quizzes = (await (await fetch(`${BASE}/api/v1/quizzes?limit=5`)).json()) as { items: { slug: string }[] };
  const host = await connect(cookie);
  const created = await emitAck<{ ok: boolean; gameId: string; pin: string }>(host, "host:create", { slug: quizzes.items[0]!.slug });
  expect(created.ok).toBe(true);
  expect((await emitAck<{ ok: boolean }>(host, "host:attach", { gameId: created.gameId })).ok).toBe(true);
  expect((await emitAck<{ ok: boolean }>(host, "host:settings", { readingDelaySeconds: 0 })).ok).toBe(true);

  const phone = await connect();
  const question = new Promise<PlayerShared>((resolve) =>
    phone.on("game:state", (s: PlayerShared) => {
      if (s.phase === "question" && s.stage === "answering" && s.question) resolve(s);
    }),
  );
  expect((await emitAck<{ ok: boolean }>(phone, "player:join", { pin: created.pin, nickname: "Ana" })).ok).toBe(true);
  expect((await emitAck<{ ok: boolean }>(host, "host:start", {})).ok).toBe(true);
  const q = await question;
  const ack = await emitAck<{ ok: boolean }>(phone, "player:answer", { questionIndex: q.questionIndex, answer: anyAnswer(q.question!.data), clientId: "observe-1" });
  expect(ack.ok).toBe(true);
  phone.disconnect();
  host.disconnect();

  await expect.poll(() => lines().find((l) => l.msg === "answer stored")).toMatchObject({ level: "debug", gameId: created.gameId, questionIndex: q.questionIndex });

  // The loopback stats port: no token needed (only this machine reaches it).
  const scraped = await (await fetch(`http://127.0.0.1:${STATS_PORT}/metrics`)).text();
  for (const name of [
    "quizdeck_http_request_duration_seconds_bucket",
    "quizdeck_live_games",
    "quizdeck_live_players",
    "quizdeck_live_answer_ack_seconds_count",
    "quizdeck_live_broadcast_seconds_count",
    "quizdeck_live_group_commit_duration_seconds_count",
    "quizdeck_live_group_commit_answers_count",
    "quizdeck_db_pool_connections",
    "quizdeck_db_pool_waiting",
    "nodejs_eventloop_lag_p99_seconds",
  ]) {
    expect(scraped, name).toMatch(new RegExp(`^${name}(\\{| )`, "m"));
  }
  expect(Number(/^quizdeck_live_answer_ack_seconds_count (\d+)/m.exec(scraped)?.[1])).toBeGreaterThanOrEqual(1);
  expect(Number(/^quizdeck_live_games (\d+)/m.exec(scraped)?.[1])).toBe(1);
  // Routes are labelled by their pattern, never by a raw id.
  expect(scraped).toMatch(/quizdeck_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/quizzes",status="200"\} \d+/);
  expect(scraped).not.toContain(created.gameId);
});

test("the app's port serves /metrics only with the bearer token", async () => {
  const withToken = await fetch(`${BASE}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(withToken.status).toBe(200);
  expect(await withToken.text()).toContain("quizdeck_live_games");
  const without = await fetch(`${BASE}/metrics`);
  expect(without.status).toBe(401);
  expect((await without.json()).error.code).toBe("unauthorized");
  expect((await fetch(`${BASE}/metrics`, { headers: { authorization: "Bearer wrong-token-of-the-same-len" } })).status).toBe(401);
});
