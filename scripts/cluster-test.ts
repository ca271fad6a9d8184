/**
 * The cluster test (`npm run test:cluster`, run by `npm test` after the browser tests): the
 * topology of docs/operations.md ("Several instances") on loopback, with the production build:
 * PostgreSQL (TEST_DATABASE_URL), Redis, two app instances and nginx configured by
 * deploy/nginx-cluster.conf as it is (only ports swapped in). Through the balancer it plays a live
 * game of 50 phones (socket.io-client bots, which reconnect by themselves like the browser client)
 * and a host bot, and
 *   1. SIGKILLs the game's owner mid-question: the game goes on on the other instance, which
 *      takes it over from PostgreSQL when the lease runs out; solo play, the study API and the
 *      challenge API keep answering through the balancer meanwhile;
 *   2. restarts it, then rolls both instances (SIGTERM the owner, restart it, SIGTERM the other)
 *      with the game running;
 *   3. checks that every answer a bot had acknowledged is stored and counted in the final scores.
 * It fails (exit 1) on any miss. Ports: E2E_PORT_BASE + 70 (nginx), +71 and +72 (apps), +73
 * (Redis): free of the end-to-end servers, beside which `npm test` runs it.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { liveSocket } from "../src/test/live-socket";
import type { HostView } from "../src/core/live/protocol";
import { quizInput } from "../src/core/quiz-schema";
import { openDatabase } from "../src/db/client";
import { insertQuiz } from "../src/db/queries/quiz-writes";
import { clusterParts, type App } from "./cluster-parts";

const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const NGINX_PORT = base + 70;
const APP_PORTS = [base + 71, base + 72] as const;
/** The HTTP upstream's fail_timeout in deploy/nginx-cluster.conf. */
const FAIL_TIMEOUT_MS = 5000;
const REDIS_PORT = base + 73;
const PLAYERS = Number(process.env.CLUSTER_PLAYERS ?? 50);
const ORIGIN = `http://127.0.0.1:${NGINX_PORT}`;
const dir = mkdtempSync(path.join(tmpdir(), `quizdeck-cluster-${base}-`));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.log(`[cluster ${((performance.now() - t0) / 1000).toFixed(1)}s]`, ...args);
const t0 = performance.now();
let failed = false;

function check(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(`check failed: ${message}`);
}

// ——— the parts ———

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.log("[cluster] TEST_DATABASE_URL is not set: the cluster test needs PostgreSQL (.ci/run starts one). Skipped.");
  process.exit(0);
}
if (!existsSync(".next/BUILD_ID")) {
  console.error("[cluster] no production build: run `npm run build` first.");
  process.exit(1);
}
const dbName = `quizdeck_cluster_${base}`;
const parts = clusterParts({
  dir,
  nginxPort: NGINX_PORT,
  appPorts: APP_PORTS,
  redisPort: REDIS_PORT,
  serverUrl,
  dbName,
  appEnv: {
    QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
    QUIZDECK_RATE_LIMIT_ATTEMPTS: "10000",
    QUIZDECK_RATE_LIMIT_PIN_GUESSES: "10000",
    QUIZDECK_SECRET: "cluster-test-secret-cluster-test-secret-0123",
  },
});
const { startApp, stopApp, startNginx } = parts;
let databaseUrl = "";

// ——— the players and the host ———

type Bot = {
  socket: Socket;
  token: string | null;
  playerId: string | null;
  /** questionIndex → acknowledged (stored, by the server's word). */
  acked: Set<number>;
  ready: Promise<void>;
};

/** Sends until acknowledged, across reconnections (as the phone does: same clientId). */
async function ackOf<T extends { ok: boolean; error?: { code: string } }>(bot: { socket: Socket }, event: string, payload: object, waitMs = 4_000): Promise<T> {
  // A take-over may hold a socket for one lease (4 s) and more on a loaded machine: retry for 30 s.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!bot.socket.connected) await new Promise<void>((r) => bot.socket.once("connect", () => r()));
    // Like the phone: a connection that drops while waiting means "send again after reconnecting".
    const res = await new Promise<T | null>((resolve) => {
      const dropped = () => resolve(null);
      bot.socket.once("disconnect", dropped);
      bot.socket.timeout(waitMs).emit(event, payload, (err: unknown, r: T) => {
        bot.socket.off("disconnect", dropped);
        resolve(err ? null : r);
      });
    });
    // Retried: no answer (the connection closed: the game moved), and "forbidden" from a socket
    // that has not resumed or re-attached yet after reconnecting.
    if (res && !(res.ok === false && ["internal_error", "forbidden"].includes(res.error?.code ?? ""))) return res;
    await sleep(150);
  }
  throw new Error(`${event}: no acknowledgement within 30 s`);
}

function socketFor(pin: string, cookie?: string): Socket {
  return liveSocket(ORIGIN, { pin, ...(cookie ? { cookie } : {}), reconnection: { delayMs: 300, maxDelayMs: 2000 } });
}

function newBot(pin: string): Bot {
  const socket = socketFor(pin);
  const bot: Bot = { socket, token: null, playerId: null, acked: new Set(), ready: Promise.resolve() };
  let resolveReady!: () => void;
  bot.ready = new Promise((r) => (resolveReady = r));
  socket.on("connect", () => {
    if (!bot.token) {
      socket.emit("player:join", { pin }, (res: { ok: boolean; token?: string; playerId?: string; error?: { message: string } }) => {
        if (!res.ok) {
          console.error("[cluster] join failed:", res.error?.message);
          return;
        }
        bot.token = res.token!;
        bot.playerId = res.playerId!;
        resolveReady();
      });
    } else {
      socket.emit("player:resume", { pin, token: bot.token }, () => {});
    }
  });
  return bot;
}

/** The bot's answer to question `index`; records it when acknowledged. */
async function answer(bot: Bot, index: number): Promise<number> {
  const started = performance.now();
  const res = await ackOf<{ ok: boolean; error?: { code: string } }>(bot, "player:answer", {
    questionIndex: index,
    answer: true,
    clientId: `${bot.playerId}-${index}`,
  });
  if (res.ok) bot.acked.add(index);
  else if (!["answer_too_late", "invalid_state", "already_answered"].includes(res.error!.code)) throw new Error(`answer: ${res.error!.code}`);
  return performance.now() - started;
}

/** Every state the host screen was shown, in order: "phase:question:stage". */
type Host = { socket: Socket; view: HostView | null; gameId: string; shown: string[] };

const stateKey = (v: HostView) => `${v.phase}:${v.questionIndex}:${v.stage ?? ""}`;

/**
 * The states the host saw a second time after having moved on from them: what a take-over made
 * it repeat (a state sent again while it is still the one on screen is no repeat).
 */
function repeatedStates(shown: string[]): string[] {
  const seen = new Set<string>();
  const repeats: string[] = [];
  let last: string | null = null;
  for (const key of shown) {
    if (key === last) continue;
    if (seen.has(key)) repeats.push(key);
    seen.add(key);
    last = key;
  }
  return repeats;
}

async function newHost(cookie: string, gameId: string, pin: string): Promise<Host> {
  const socket = socketFor(pin, cookie);
  const host: Host = { socket, view: null, gameId, shown: [] };
  socket.on("host:state", (v: HostView) => {
    host.view = v;
    host.shown.push(stateKey(v));
  });
  socket.on("connect", () => socket.emit("host:attach", { gameId }, (r: { ok: boolean; state?: HostView }) => r.ok && (host.view = r.state!)));
  await ackOf(host, "host:attach", { gameId });
  return host;
}

/** A host command, unless the game is already where it leads (a retried command must not skip a phase). */
async function hostStep(host: Host, event: string, done: (v: HostView) => boolean, payload: object = {}) {
  for (let i = 0; i < 40 && !(host.view && done(host.view)); i++) {
    const r = await ackOf<{ ok: boolean; state?: HostView; error?: { code: string } }>(host, event, payload);
    if (r.ok && r.state) host.view = r.state;
    if (host.view && done(host.view)) return;
    await sleep(250);
  }
  check(host.view && done(host.view), `host ${event}: the game did not get there (phase ${host.view?.phase})`);
}

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    check(Date.now() < deadline, `timed out waiting for ${what}`);
    await sleep(100);
  }
}

// ——— HTTP through the balancer while instances come and go ———

async function httpChecks(cookie: string): Promise<void> {
  const json = { "content-type": "application/json", origin: ORIGIN, cookie };
  const started = await fetch(`${ORIGIN}/api/v1/quizzes/world-capitals/attempts`, { method: "POST", headers: json, body: JSON.stringify({ nickname: "Solo" }) });
  check(started.status === 201, `solo play: start answered ${started.status}`);
  const { attemptId, question } = (await started.json()) as { attemptId: string; question: { id: string } };
  const answered = await fetch(`${ORIGIN}/api/v1/attempts/${attemptId}/answers`, { method: "POST", headers: json, body: JSON.stringify({ questionId: question.id, answer: null }) });
  check(answered.status === 200, `solo play: answer answered ${answered.status}`);
  const quiz = (await (await fetch(`${ORIGIN}/api/v1/quizzes/world-capitals`)).json()) as { questions: { id: string }[] };
  const review = await fetch(`${ORIGIN}/api/v1/study/reviews`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ questionId: quiz.questions[reviews++ % quiz.questions.length]!.id, rating: "good", clientReviewId: `cluster-${Date.now()}-${reviews}`, durationMs: 3000 }),
  });
  check(review.status === 201 || review.status === 200, `study: review answered ${review.status}`);
  const due = await fetch(`${ORIGIN}/api/v1/study/due`, { headers: { cookie } });
  check(due.status === 200, `study: due answered ${due.status}`);
  // A self-paced challenge: the host makes one, a guest starts it, the host reads its results.
  const made = await fetch(`${ORIGIN}/api/v1/challenges`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ quiz: "world-capitals", closesAt: new Date(Date.now() + 86_400_000).toISOString(), attemptsAllowed: 3 }),
  });
  check(made.status === 201, `challenge: create answered ${made.status}`);
  const { code } = (await made.json()) as { code: string };
  const guest = await fetch(`${ORIGIN}/api/v1/challenges/${code}/attempts`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ nickname: "Guest" }),
  });
  check(guest.status === 201, `challenge: a guest's start answered ${guest.status}`);
  const results = await fetch(`${ORIGIN}/api/v1/challenges/${code}/results`, { headers: { cookie } });
  check(results.status === 200, `challenge: results answered ${results.status}`);
  const { attempts } = (await results.json()) as { attempts: unknown[] };
  check(attempts.length === 1, `challenge: ${attempts.length} attempts in its results, 1 started`);
}
let reviews = 0;

// ——— the run ———

async function main() {
  databaseUrl = await parts.freshDatabase();
  parts.startRedis();
  log(`logs in ${dir}`);
  // Side by side: one migrates (the other waits on the migration lock, then finds it done).
  const apps: App[] = await Promise.all([startApp(APP_PORTS[0], true), startApp(APP_PORTS[1])]);
  await startNginx();
  log("2 instances, PostgreSQL, Redis and nginx are up");

  // The host signs up; a published quiz of long questions is written for it straight into the
  // database (no question's time runs out while an instance restarts).
  const email = `host-${Date.now()}@cluster.test`;
  const signUp = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, handle: `host${Date.now() % 1e8}`, name: "Cluster Host", password: "cluster-password-1" }),
  });
  check(signUp.ok, `sign-up: ${signUp.status}`);
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl, poolMax: 1 });
  const { rows: hostRows } = await handle.pool.query<{ id: string }>("select id from users where email = $1", [email]);
  const slug = `cluster-${Date.now()}`;
  const input = quizInput.parse({
    title: "Cluster",
    category: "science",
    visibility: "public",
    timeLimit: 120,
    questions: [1, 2, 3, 4].map((n) => ({ type: "boolean", prompt: `Statement ${n} is true`, correct: true })),
  });
  await insertQuiz(handle.db, hostRows[0]!.id, { ...input, slug }, { status: "published" });
  await handle.close();

  // host:create needs no PIN yet: any instance makes the game row; attaching takes its lease.
  const creator = socketFor("", cookie);
  const created = await ackOf<{ ok: boolean; gameId: string; pin: string }>({ socket: creator }, "host:create", { slug });
  check(created.ok, `host:create failed: ${JSON.stringify(created)}`);
  creator.disconnect();
  const { gameId, pin } = created;
  const host = await newHost(cookie, gameId, pin);
  await hostStep(host, "host:settings", (v) => v.settings.readingDelaySeconds === 0, { readingDelaySeconds: 0 });
  const bots = Array.from({ length: PLAYERS }, () => newBot(pin));
  await Promise.all(bots.map((b) => b.ready));
  await waitFor("every player in the lobby", () => host.view?.playerCount === PLAYERS);
  log(`${PLAYERS} players joined game ${pin}`);

  const db = new pg.Client({ connectionString: databaseUrl });
  db.on("error", () => {}); // the database is dropped at the end, maybe under this client
  await db.connect();
  const ownerPort = async () => {
    const { rows } = await db.query<{ owner: string }>("select owner from game_leases where game_id = $1", [gameId]);
    return rows[0] ? Number(rows[0].owner.split(":").at(-2)) : null;
  };
  const appOn = (port: number | null) => apps.find((a) => a.port === port)!;
  const slowest: Record<string, number> = {};
  const ackedIn: Record<string, number> = {};
  const fastest: Record<string, number> = {};
  const answerAll = async (list: Bot[], q: number, label: string) => {
    const times = await Promise.all(list.map((b) => answer(b, q)));
    slowest[label] = Math.max(slowest[label] ?? 0, ...times);
    fastest[label] = Math.min(...times);
    ackedIn[label] = list.filter((b) => b.acked.has(q)).length;
    // Each step must have had answers acknowledged, or it proved nothing about that step.
    check(ackedIn[label] > 0, `${label}: no answer was acknowledged`);
  };
  const nextQuestion = async (q: number) => {
    await hostStep(host, "host:skip", (v) => v.phase !== "question" || v.questionIndex > q - 1);
    await hostStep(host, "host:next", (v) => v.phase === "scoreboard" || (v.phase === "question" && v.questionIndex >= q));
    await hostStep(host, "host:next", (v) => v.phase === "question" && v.questionIndex >= q);
  };

  // Question 1 on the first owner.
  await hostStep(host, "host:start", (v) => v.phase === "question");
  await answerAll(bots, 0, "q1");
  log("question 1: every answer acknowledged");

  const half = PLAYERS / 2;
  /** Half the players answer question q; `disrupt` happens; the other half answer through whatever is left. */
  const questionAcross = async (q: number, name: string, disrupt: () => Promise<unknown>) => {
    await nextQuestion(q);
    await answerAll(bots.slice(0, half), q, `q${q + 1} before ${name}`);
    const started = performance.now();
    // The HTTP requests go once the instance has exited, while the game is being taken over: a
    // request caught inside an instance as it is killed fails (nginx does not send a POST twice).
    const done = disrupt();
    await Promise.all([answerAll(bots.slice(half), q, `q${q + 1} after ${name}`), done.then(() => httpChecks(cookie))]);
    log(`question ${q + 1}: every answer after ${name} acknowledged within ${((performance.now() - started) / 1000).toFixed(1)} s; game now on port ${await ownerPort()}`);
  };

  // Question 2: the owner is killed mid-question (SIGKILL).
  const killed = appOn(await ownerPort());
  check(killed, "no owner of the game in game_leases");
  log(`question 2: SIGKILL the owner (port ${killed.port}) after half the answers`);
  await questionAcross(1, "the kill", () => stopApp(killed, "SIGKILL"));
  check((await ownerPort()) !== killed.port, "the game was not taken over");
  apps.splice(apps.indexOf(killed), 1, await startApp(killed.port));
  await sleep(FAIL_TIMEOUT_MS + 1000); // the balancer takes it back (see the rolling restart below)

  // Rolling restart: question 3 with the owner stopped (SIGTERM) mid-question, then it comes
  // back; question 4 with the other stopped.
  for (const q of [2, 3]) {
    const owner = appOn(await ownerPort());
    log(`question ${q + 1}: SIGTERM the owner (port ${owner.port}) after half the answers`);
    await questionAcross(q, "SIGTERM", async () => check((await stopApp(owner, "SIGTERM")) === 0, "SIGTERM: the instance did not exit cleanly"));
    check((await ownerPort()) !== owner.port, "the game did not move on SIGTERM");
    if (q === 2) {
      apps.splice(apps.indexOf(owner), 1, await startApp(owner.port));
      // As a rolling deploy must: nginx marked the stopped instance down for its fail_timeout
      // (5 s, deploy/nginx-cluster.conf); stopping the other one before that has passed would
      // leave the balancer no instance for plain HTTP, however quickly this one came back.
      await sleep(FAIL_TIMEOUT_MS + 1000);
    }
  }

  await hostStep(host, "host:skip", (v) => v.phase !== "question");
  await hostStep(host, "host:end", (v) => v.report !== null);
  await waitFor("the report", () => host.view?.report != null, 15_000);
  const report = host.view!.report!;

  // Every acknowledged answer is stored once and counted in the report and the players' scores.
  const acked = bots.flatMap((b) => [...b.acked].map((q) => `${b.playerId}:${q}`));
  const { rows: stored } = await db.query<{ player_id: string; question_index: number; points: number }>(
    "select player_id, question_index, points from game_answers where game_id = $1",
    [gameId],
  );
  const storedKeys = new Set(stored.map((r) => `${r.player_id}:${r.question_index}`));
  const lost = acked.filter((k) => !storedKeys.has(k));
  check(lost.length === 0, `${lost.length} acknowledged answers are not stored: ${lost.slice(0, 5).join(", ")}`);
  check(stored.length === storedKeys.size, "an answer is stored twice");
  for (let q = 0; q < 4; q++) {
    const ackedQ = bots.filter((b) => b.acked.has(q)).length;
    // At least: an answer stored just before its instance died is counted though its acknowledgement was lost.
    check((report.questions[q]?.answered ?? 0) >= ackedQ, `question ${q + 1}: report counts ${report.questions[q]?.answered}, bots had ${ackedQ} acknowledged`);
  }
  const pointsBy = new Map<string, number>();
  for (const r of stored) pointsBy.set(r.player_id, (pointsBy.get(r.player_id) ?? 0) + r.points);
  for (const p of report.players) check(p.score === (pointsBy.get(p.playerId) ?? 0), `${p.nickname}: score ${p.score} ≠ stored points ${pointsBy.get(p.playerId)}`);
  const { rows: dbScores } = await db.query<{ id: string; score: number }>("select id, score from players where game_id = $1", [gameId]);
  for (const r of dbScores) check(r.score === (pointsBy.get(r.id) ?? 0), `player row ${r.id}: score ${r.score} ≠ stored points`);
  log(`${acked.length} acknowledged answers, all stored and counted; ${PLAYERS} final scores match the stored points`);
  log("acknowledged per step:", ackedIn);
  // Three disruptions (a kill, two SIGTERMs), each at most one repeated phase on the big screen.
  const repeats = repeatedStates(host.shown);
  log(`host screen: ${host.shown.length} states shown, repeated after moving on: ${repeats.length ? repeats.join(", ") : "none"}`);
  for (let q = 0; q < 4; q++) {
    const inQuestion = repeats.filter((k) => k.split(":")[1] === String(q));
    check(inQuestion.length <= 1, `question ${q + 1}: the host saw ${inQuestion.length} phases again (${inQuestion.join(", ")}); at most one per take-over`);
  }
  // After a disruption, the fastest is the game's pause (the first answer it took again).
  log("fastest acknowledgement per step (ms):", Object.fromEntries(Object.entries(fastest).map(([k, v]) => [k, Math.round(v)])));
  log("slowest acknowledgement per step (ms):", Object.fromEntries(Object.entries(slowest).map(([k, v]) => [k, Math.round(v)])));

  host.socket.disconnect();
  for (const b of bots) b.socket.disconnect();
  await db.end();
}

async function cleanUp() {
  await parts.cleanUp();
}

const watchdog = setTimeout(() => {
  console.error("[cluster] took longer than 5 minutes: giving up");
  failed = true;
  void cleanUp().then(() => process.exit(1));
}, 300_000);

try {
  await main();
  log("passed");
} catch (err) {
  failed = true;
  console.error(`[cluster] FAILED: ${err instanceof Error ? err.message : String(err)}`);
  console.error(`[cluster] logs of the instances, Redis and nginx: ${dir}`);
  for (const f of ["nginx/error.log"]) if (existsSync(path.join(dir, f))) console.error(readFileSync(path.join(dir, f), "utf8").slice(-3000));
} finally {
  clearTimeout(watchdog);
  await cleanUp();
  process.exit(failed ? 1 : 0);
}
