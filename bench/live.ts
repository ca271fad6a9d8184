/**
 * bench:live — a load test of live games against the production server on loopback.
 *
 *   npm run bench:live -- --players 2000 [--questions 3] [--games 1] [--port 3460] [--client lean|socket.io] [--pin]
 *
 * Starts the built server in its own process (fresh PGlite directory, join rate limit raised),
 * signs a host up, imports a quiz, and from this process (the load generator) connects one
 * Socket.IO client per player (bench/lean-client.ts by default, socket.io-client with
 * `--client socket.io`). The scheduler places both processes on the machine's CPUs; `--pin` puts
 * the server on CPU 0 and the generator on CPU 1 (taskset), which keeps the generator's decoding
 * off the server's core but also confines the server's own helper threads (V8's garbage collector
 * and optimising compiler) to that one core, which no real deployment does (docs/benchmarks.md,
 * 2026-11-23: acknowledgement p99 at 2,000 players 80–550 ms pinned, ~50 ms not). It reports join p99, question broadcast latency (host action →
 * each player received it; p50/p99/max), answer acknowledgement p50/p99 with every player
 * answering within one second, lost answers (acknowledged but missing from the report: must be
 * 0), the server's event-loop delay p99 while a question runs, and server memory per player.
 * `--games G` plays G games one after another on the same server, each with fresh players: the
 * first game after a start runs on code and memory the server has not used yet, the later ones
 * show a warm server. Per question it also prints the server's CPU time and minor page faults.
 * Numbers and the machine go to stdout; docs/benchmarks.md keeps them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { tmpdir } from "node:os";
import path from "node:path";
import { io, type Socket } from "socket.io-client";
import { LeanSocket } from "./lean-client";
import { warmUpPackets } from "./warm-up";
import type { ClientToServerEvents, HostView, PlayerPersonal, PlayerShared, PlayerView, ServerToClientEvents } from "../src/core/live/protocol";
import { composePlayerView, personalOfView, sharedOfView } from "../src/core/live/views";
import { LIVE_SOCKET_PATH, LIVE_STATS_PATH } from "../src/server/live/constants";
import { machine, percentile, startServer, statsUrl, stopServer } from "./server";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the generator needs of a player's connection (socket.io-client or the lean client). */
type PlayerSocket = {
  on(event: keyof ServerToClientEvents, handler: (payload: never) => void): void;
  emit<T>(event: string, payload: object): Promise<T>;
  disconnect(): void;
};

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const PLAYERS = arg("players", 500);
const QUESTIONS = arg("questions", 3);
const GAMES = arg("games", 1);
const PORT = arg("port", 3460);
const clientFlag = args.indexOf("--client");
const CLIENT = clientFlag >= 0 ? args[clientFlag + 1] : "lean";
if (CLIENT !== "lean" && CLIENT !== "socket.io") {
  console.error("--client is lean or socket.io");
  process.exit(1);
}
/** The server on CPU 0, this process on CPU 1; false where that cannot be done. */
function pinCpus(): boolean {
  if (!args.includes("--pin") || os.cpus().length < 2) return false;
  try {
    execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
    process.env.BENCH_SERVER_CPUS ??= "0";
    return true;
  } catch {
    return false; // no taskset (util-linux): the scheduler decides
  }
}
const PINNED = pinCpus();
const BASE = `http://127.0.0.1:${PORT}`;
const distDir = process.env.QUIZDECK_NEXT_DIST_DIR ?? ".next";
if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.error(`No production build in ${distDir}: run \`npm run build\` (or set QUIZDECK_NEXT_DIST_DIR) first.`);
  process.exit(1);
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Some answer of the right shape (right or wrong: the bench measures, it does not play well). */
function anyAnswer(view: PlayerView): unknown {
  const data = view.question?.data;
  const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  switch (data?.type) {
    case "single":
      return pick(data.options).id;
    case "multiple":
      return [pick(data.options).id];
    case "boolean":
      return Math.random() < 0.5;
    case "text":
      return "answer";
    case "order":
      return data.items.map((i) => i.id);
    case "number":
      return data.min;
    default:
      throw new Error("no question");
  }
}

/** The server's counters; `reset` also starts a new event-loop delay histogram. */
async function stats(reset = false) {
  return (await (await fetch(statsUrl(PORT, `${LIVE_STATS_PATH}${reset ? "?reset=1" : ""}`))).json()) as {
    players: number;
    answers: number;
    commits: number;
    commitMsTotal: number;
    commitMsMax: number;
    snapshots: number;
    broadcastMsLast: number;
    roomWriteMsLast: number;
    fanout: { direct: number; fallback: number; directAcks: number };
    memory: { rss: number; heapUsed: number };
    cpuMs: number;
    minorPageFaults: number;
    eventLoopDelayMs: { p50: number; p99: number; max: number };
  };
}

function connect(cookie?: string): Promise<Client> {
  const socket: Client = io(BASE, {
    path: LIVE_SOCKET_PATH,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

function emit<T>(socket: Client, event: string, payload: object): Promise<T> {
  return new Promise((resolve) => (socket.emit as (e: string, p: object, ack: (r: T) => void) => void)(event, payload, resolve));
}

async function connectPlayer(): Promise<PlayerSocket> {
  if (CLIENT === "lean") return LeanSocket.connect(`ws://127.0.0.1:${PORT}${LIVE_SOCKET_PATH}/?EIO=4&transport=websocket`);
  const socket = await connect();
  return {
    on: (event, handler) => (socket.on as (e: string, h: (p: never) => void) => void)(event, handler),
    emit: (event, payload) => emit(socket, event, payload),
    disconnect: () => socket.disconnect(),
  };
}

/** One game: N players join, answer QUESTIONS questions, the host ends it; prints the numbers. */
async function playGame(cookie: string, slug: string) {
  const players: PlayerSocket[] = [];
  try {
    const host = await connect(cookie);
    const created = await emit<{ ok: boolean; gameId: string; pin: string }>(host, "host:create", { slug });
    if (!created.ok) throw new Error(`host:create: ${JSON.stringify(created)}`);
    const attached = await emit<{ ok: boolean }>(host, "host:attach", { gameId: created.gameId });
    if (!attached.ok) throw new Error("host:attach failed");
    await emit(host, "host:settings", { readingDelaySeconds: 1, maxPlayers: Math.max(PLAYERS, 1) });
    let hostView: HostView | null = null;
    host.on("host:state", (v) => (hostView = v));

    const before = await stats();
    // Joins: every player connects and joins, 100 at a time (a room filling up).
    const joinTimes: number[] = [];
    const views = new Map<PlayerSocket, PlayerView>();
    const firstSeen: Map<string, number>[] = [];
    // player:me messages received while each question opened (own parts that changed): ideally none.
    const meMessages: number[] = [];
    let currentQuestion = -1;
    // When each player first had each state ("phase:question:stage"), and how many players have.
    const seenBy = new Map<string, number>();
    const keyOf = (v: { phase: string; questionIndex: number; stage: string | null }) => `${v.phase}:${v.questionIndex}:${v.stage ?? ""}`;
    const stamp = (key: string, i: number) => {
      const m = (firstSeen[i] ??= new Map());
      if (m.has(key)) return;
      m.set(key, performance.now());
      seenBy.set(key, (seenBy.get(key) ?? 0) + 1);
    };
    const t0 = performance.now();
    for (let start = 0; start < PLAYERS; start += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, PLAYERS - start) }, async (_, k) => {
          const i = start + k;
          const socket = await connectPlayer();
          // As a phone does (src/components/live/player-game.tsx): whole views, or the room's
          // shared part plus this player's own part when it changed.
          let personal: PlayerPersonal | null = null;
          // The time a message arrived is taken first, before the phone's own work on it.
          const adopt = (v: PlayerView) => {
            stamp(keyOf(v), i);
            views.set(socket, v);
          };
          socket.on("player:state", (v: PlayerView) => {
            personal = personalOfView(v);
            adopt(v);
          });
          socket.on("player:me", (p: PlayerPersonal) => {
            meMessages[currentQuestion] = (meMessages[currentQuestion] ?? 0) + 1;
            personal = p;
            const v = views.get(socket);
            if (v) adopt(composePlayerView(sharedOfView(v), p));
          });
          socket.on("game:state", (shared: PlayerShared) => {
            if (!personal) return;
            stamp(keyOf(shared), i);
            views.set(socket, composePlayerView(shared, personal));
          });
          const t = performance.now();
          const res = await socket.emit<{ ok: boolean; error?: unknown; state: PlayerView }>("player:join", { pin: created.pin });
          joinTimes.push(performance.now() - t);
          if (!res.ok) throw new Error(`join: ${JSON.stringify(res.error)}`);
          personal ??= personalOfView(res.state);
          if (!views.has(socket)) adopt(res.state);
          players[i] = socket;
        }),
      );
    }
    const joinAll = performance.now() - t0;
    // Warm the generator's own code up (bench/warm-up.ts) before measuring, then forget what the
    // warm-up stamped. Only the generator is warmed: the server sees nothing of this.
    if (CLIENT === "lean") {
      const packets = warmUpPackets();
      for (let round = 0; round < 3; round++) for (const text of packets) for (const p of players) (p as LeanSocket).receive(text);
      firstSeen.length = 0;
      seenBy.clear();
    }
    await sleep(1500);
    const afterJoin = await stats();

    const broadcast: number[] = [];
    const emitMs: number[] = [];
    const writeMs: number[] = [];
    const spreads: [number, number][] = [];
    const arrivals: string[] = [];
    const acks: number[] = [];
    const ackByQuestion: string[] = [];
    const loopP99: number[] = [];
    // The server's CPU time and first touches of memory from a question's start to its reveal.
    const work: string[] = [];
    let acked = 0;
    let failed = 0;
    for (let q = 0; q < QUESTIONS; q++) {
      const atStart = await stats(true);
      currentQuestion = q;
      const sent = performance.now();
      await emit(host, q === 0 ? "host:start" : "host:next", {});
      // Wait until every player has the question with answers open.
      const key = `question:${q}:answering`;
      const reading = `question:${q}:reading`;
      while ((seenBy.get(reading) ?? 0) < PLAYERS && (seenBy.get(key) ?? 0) < PLAYERS) await sleep(5);
      const got: number[] = [];
      for (let i = 0; i < PLAYERS; i++) {
        const m = firstSeen[i]!;
        got.push((m.get(reading) ?? m.get(key)!) - sent);
      }
      broadcast.push(...got);
      spreads.push([Math.min(...got), Math.max(...got)]);
      const g = sorted(got);
      arrivals.push(`q${q + 1}: ${[10, 50, 90, 99].map((p) => `p${p} ${percentile(g, p).toFixed(0)}`).join(", ")}, max ${g.at(-1)!.toFixed(0)} ms`);
      const st = await stats();
      emitMs.push(st.broadcastMsLast);
      writeMs.push(st.roomWriteMsLast);
      currentQuestion = -1;
      while ((seenBy.get(key) ?? 0) < PLAYERS) await sleep(5);
      // Every player answers within one second.
      const acksBefore = acks.length;
      await Promise.all(
        players.map(async (socket) => {
          await sleep(Math.random() * 1000);
          const view = views.get(socket)!;
          const t = performance.now();
          const res = await socket.emit<{ ok: boolean; me?: PlayerPersonal }>("player:answer", {
            questionIndex: q,
            answer: anyAnswer(view),
            clientId: `b${q}-${Math.random().toString(36).slice(2)}`,
          });
          acks.push(performance.now() - t);
          // As the phone does: the acknowledgement brings its own part with the answer locked in.
          if (res.me) views.set(socket, composePlayerView(sharedOfView(views.get(socket)!), res.me));
          if (res.ok) acked++;
          else failed++;
        }),
      );
      const qa = sorted(acks.slice(acksBefore));
      ackByQuestion.push(`q${q + 1}: p50 ${percentile(qa, 50).toFixed(0)}, p99 ${percentile(qa, 99).toFixed(0)}, max ${qa.at(-1)!.toFixed(0)} ms`);
      // Everyone answered: the reveal comes by itself.
      while ((hostView as HostView | null)?.phase !== "reveal") await sleep(5);
      const atReveal = await stats();
      loopP99.push(atReveal.eventLoopDelayMs.p99);
      work.push(`q${q + 1}: ${atReveal.cpuMs - atStart.cpuMs} ms CPU, ${atReveal.minorPageFaults - atStart.minorPageFaults} page faults`);
      await emit(host, "host:next", {}); // scoreboard
      await sleep(1500); // a host looks at the scoreboard before moving on
    }
    const finished = await emit<{ ok: boolean; state: HostView }>(host, "host:end", {});
    const counted = finished.state.report?.players.reduce((n, p) => n + p.answered, 0) ?? 0;
    const end = await stats();

    const jt = sorted(joinTimes);
    const bt = sorted(broadcast);
    const at = sorted(acks);
    const perPlayer = (afterJoin.memory.heapUsed - before.memory.heapUsed) / PLAYERS;
    const rssPerPlayer = (afterJoin.memory.rss - before.memory.rss) / PLAYERS;
    console.log("");
    console.log(`players                      ${PLAYERS}`);
    console.log(`joins: all in                ${ms(joinAll)}; p50 ${ms(percentile(jt, 50))}, p99 ${ms(percentile(jt, 99))}`);
    console.log(`question broadcast           p50 ${ms(percentile(bt, 50))}, p99 ${ms(percentile(bt, 99))}, max ${ms(bt.at(-1) ?? 0)}`);
    console.log(`first / last player got it  ${spreads.map(([a, b]) => `${ms(a)} / ${ms(b)}`).join(", ")} (per question)`);
    console.log(`arrivals per question        ${arrivals.join("; ")}`);
    console.log(`player:me with the question  ${Array.from({ length: QUESTIONS }, (_, q) => meMessages[q] ?? 0).join(", ")} (own parts that changed: only the shared part should go out)`);
    console.log(`server emit of a broadcast  ${emitMs.map((x) => ms(x)).join(", ")} (building and writing the ${PLAYERS} views, per question; of which writing the room's message ${writeMs.map((x) => ms(x)).join(", ")})`);
    console.log(`answer acknowledgement       p50 ${ms(percentile(at, 50))}, p99 ${ms(percentile(at, 99))}, max ${ms(at.at(-1) ?? 0)}`);
    console.log(`acks per question           ${ackByQuestion.join("; ")}`);
    console.log(`answers                      ${acked} acknowledged, ${failed} refused, ${counted} in the report; lost ${acked - counted}`);
    console.log(`server event-loop delay p99  ${loopP99.map((x) => `${x} ms`).join(", ")} (per question)`);
    console.log(`server work per question     ${work.join("; ")} (minor page faults: memory touched for the first time)`);
    console.log(`group commits                ${end.commits} (${(end.answers / Math.max(end.commits, 1)).toFixed(1)} events each on average), ${(end.commitMsTotal / Math.max(end.commits, 1)).toFixed(1)} ms average, ${end.commitMsMax.toFixed(0)} ms max; ${end.snapshots} snapshots`);
    console.log(`messages to phones           ${end.fanout.direct} written straight to the socket, ${end.fanout.fallback} through Socket.IO's queue; ${end.fanout.directAcks} acknowledgements written straight (src/server/live/fanout.ts)`);
    console.log(`server memory per player     ${(perPlayer / 1024).toFixed(1)} KiB heap, ${(rssPerPlayer / 1024).toFixed(1)} KiB RSS (heap ${(end.memory.heapUsed / 2 ** 20).toFixed(0)} MiB at the end)`);
    host.disconnect();
  } finally {
    for (const p of players) p?.disconnect();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-bench-live-"));
  console.log(
    `bench:live — ${PLAYERS} players (${CLIENT === "lean" ? "lean clients" : "socket.io-client"}${PINNED ? "; server on CPU 0, generator on CPU 1" : ""}), ${QUESTIONS} questions; ${machine()}`,
  );
  const server = await startServer(PORT, {
    QUIZDECK_DATA_DIR: dir,
    QUIZDECK_PUBLIC_URL: BASE,
    QUIZDECK_RATE_LIMIT_SIGN_IN: "1000",
  });
  try {
    // The host: an account, a quiz, a game.
    const email = `bench-${Date.now()}@quizdeck.test`;
    const signUp = await fetch(`${BASE}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ email, handle: `bench-${Date.now() % 1e8}`, name: "Bench Host", password: "bench-password-1" }),
    });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // A demo quiz (published, mixed question types) with at least QUESTIONS questions.
    const list = (await (await fetch(`${BASE}/api/v1/quizzes?limit=50`)).json()) as { items: { slug: string; questionCount: number }[] };
    const slug = list.items.find((q) => q.questionCount >= QUESTIONS)?.slug;
    if (!slug) throw new Error(`no demo quiz with ${QUESTIONS} questions`);
    for (let g = 0; g < GAMES; g++) {
      if (GAMES > 1) console.log(`\n— game ${g + 1} of ${GAMES} on the same server${g === 0 ? " (just started)" : ""}`);
      await playGame(cookie, slug);
    }
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
