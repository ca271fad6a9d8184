/**
 * One live game as bench:live plays it: a host's socket.io-client, N players (bench/lean-client.ts
 * or socket.io-client) joining 100 at a time, every player answering each question within one
 * second, and the timings (join, question broadcast, answer acknowledgement) the run's figures are
 * made of. bench/live.ts decides how many games, on which servers, and prints the tables.
 */
import type { Socket } from "socket.io-client";
import { anyAnswer } from "../src/test/live-answers";
import { connectLive, emitAck } from "../src/test/live-socket";
import { LeanSocket } from "./lean-client";
import { warmUpPackets } from "./warm-up";
import type { ClientToServerEvents, HostView, PlayerPersonal, PlayerShared, PlayerView, ServerToClientEvents } from "../src/core/live/protocol";
import { composePlayerView, personalOfView, sharedOfView } from "../src/core/live/views";
import { LIVE_SOCKET_PATH } from "../src/core/live/connection";
import { LIVE_STATS_PATH } from "../src/server/live/constants";
import { percentile, statsUrl } from "./server";

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the generator needs of a player's connection (socket.io-client or the lean client). */
export type PlayerSocket = {
  on(event: keyof ServerToClientEvents, handler: (payload: never) => void): void;
  emit<T>(event: string, payload: object): Promise<T>;
  disconnect(): void;
};

/** Which client each player runs: bench/lean-client.ts, or socket.io-client. */
export type ClientKind = "lean" | "socket.io";

/** The words a word-cloud player may send: a few are common, most are rare (rank r weighs 1/r). */
const WORDS = Array.from({ length: 600 }, (_, i) => `word${i + 1}`);
const WORD_WEIGHTS = WORDS.map((_, i) => 1 / (i + 1));
const WORD_TOTAL = WORD_WEIGHTS.reduce((a, b) => a + b, 0);
function someWord(): string {
  let r = Math.random() * WORD_TOTAL;
  for (let i = 0; i < WORDS.length; i++) if ((r -= WORD_WEIGHTS[i]!) <= 0) return WORDS[i]!;
  return WORDS.at(-1)!;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** How long any one wait may take before the run is given up as stalled (a bench must not hang). */
export const STALL_MS = 120_000;
async function until(ok: () => boolean, what: string) {
  const end = performance.now() + STALL_MS;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`stalled: waited ${STALL_MS / 1000} s for ${what}`);
    await sleep(5);
  }
}
export function timed<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([p, sleep(STALL_MS).then(() => Promise.reject(new Error(`stalled: no reply in ${STALL_MS / 1000} s to ${what}`)))]);
}

/** Some answer of the right shape (right or wrong: the bench measures, it does not play well). */
function answerOf(view: PlayerView): unknown {
  const data = view.question?.data;
  if (!data) throw new Error("no question");
  const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  return anyAnswer(data, pick, () => Array.from({ length: 1 + Math.floor(Math.random() * (data.type === "wordcloud" ? data.maxWords : 1)) }, someWord));
}

export type Stats = {
  players: number;
  answers: number;
  commits: number;
  commitMsTotal: number;
  commitMsMax: number;
  snapshots: number;
  broadcastMsLast: number;
  roomWriteMsLast: number;
  memory: { rss: number; heapUsed: number };
  cpuMs: number;
  minorPageFaults: number;
  eventLoopDelayMs: { p50: number; p99: number; max: number };
};

/** Where one run's players, host and page load go, and how to read its servers' counters. */
export type Target = {
  /** The origin players and pages use: the one instance, or nginx in front of two. */
  base: string;
  /** The app ports whose stats ports (port + 1) are read. */
  appPorts: number[];
};

/**
 * The servers' counters (`reset` also starts a new event-loop delay histogram). Over several
 * instances: sums, and the worst of the delays and of the last broadcast.
 */
export async function stats(target: Target, reset = false): Promise<Stats> {
  const all = await Promise.all(
    target.appPorts.map(async (port) => (await (await fetch(statsUrl(port, `${LIVE_STATS_PATH}${reset ? "?reset=1" : ""}`))).json()) as Stats),
  );
  if (all.length === 1) return all[0]!;
  const sum = (f: (s: Stats) => number) => all.reduce((n, s) => n + f(s), 0);
  const max = (f: (s: Stats) => number) => Math.max(...all.map(f));
  return {
    players: sum((s) => s.players),
    answers: sum((s) => s.answers),
    commits: sum((s) => s.commits),
    commitMsTotal: sum((s) => s.commitMsTotal),
    commitMsMax: max((s) => s.commitMsMax),
    snapshots: sum((s) => s.snapshots),
    broadcastMsLast: max((s) => s.broadcastMsLast),
    roomWriteMsLast: max((s) => s.roomWriteMsLast),
    memory: { rss: sum((s) => s.memory.rss), heapUsed: sum((s) => s.memory.heapUsed) },
    cpuMs: sum((s) => s.cpuMs),
    minorPageFaults: sum((s) => s.minorPageFaults),
    eventLoopDelayMs: { p50: max((s) => s.eventLoopDelayMs.p50), p99: max((s) => s.eventLoopDelayMs.p99), max: max((s) => s.eventLoopDelayMs.max) },
  };
}

/** A host's socket.io-client; with a PIN in the URL, as the real client sends it (the balancer routes on it). */
export function connect(base: string, cookie?: string, pin?: string): Promise<Client> {
  // A server busy with pages may take longer than socket.io-client's 20 s: measure, do not give up.
  return connectLive<Client>(base, { ...(cookie ? { cookie } : {}), ...(pin ? { pin } : {}), timeoutMs: STALL_MS });
}

async function connectPlayer(base: string, pin: string, client: ClientKind): Promise<PlayerSocket> {
  if (client === "lean") return LeanSocket.connect(`${base.replace(/^http/, "ws")}${LIVE_SOCKET_PATH}/?EIO=4&transport=websocket&pin=${pin}`);
  const socket = await connect(base, undefined, pin);
  return {
    on: (event, handler) => (socket.on as (e: string, h: (p: never) => void) => void)(event, handler),
    emit: (event, payload) => emitAck(socket, event, payload),
    disconnect: () => socket.disconnect(),
  };
}

/** What one game measured, for the figures of a run (several games' are merged). */
export type GameResult = { joinTimes: number[]; joinAll: number; broadcast: number[]; acks: number[]; acked: number; failed: number; counted: number };

/**
 * One game: `players` players join, answer QUESTIONS questions, the host ends it. With `detail`
 * it prints the game's own lines (server emit times, per-question arrivals, server work), which
 * only make sense with one game at a time on the server.
 */
/** How a game is played: its number of questions, the players' client, and whether to print its detail lines. */
export type GameOptions = { questions: number; client: ClientKind; detail: boolean };

export async function playGame(target: Target, cookie: string, slug: string, playerCount: number, { questions: QUESTIONS, client, detail }: GameOptions): Promise<GameResult> {
  const players: PlayerSocket[] = [];
  const base = target.base;
  let host: Client | null = null;
  try {
    // host:create needs no PIN: any instance makes the game; the host then connects with the PIN,
    // which takes it to the game's instance (as the browser's host screen does).
    const creator = await connect(base, cookie);
    const created = await emitAck<{ ok: boolean; gameId: string; pin: string }>(creator, "host:create", { slug });
    creator.disconnect();
    if (!created.ok) throw new Error(`host:create: ${JSON.stringify(created)}`);
    host = await connect(base, cookie, created.pin);
    const attached = await emitAck<{ ok: boolean }>(host, "host:attach", { gameId: created.gameId });
    if (!attached.ok) throw new Error("host:attach failed");
    await emitAck(host, "host:settings", { readingDelaySeconds: 1, maxPlayers: Math.max(playerCount, 1) });
    let hostView: HostView | null = null;
    host.on("host:state", (v) => (hostView = v));
    // The host's socket.io-client does not reconnect here: a drop (a ping missed under load) would
    // stall the run, so say so.
    host.on("disconnect", (reason) => {
      if (reason !== "io client disconnect") console.error(`  the host's socket dropped: ${reason}`);
    });

    const before = await stats(target);
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
    for (let start = 0; start < playerCount; start += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, playerCount - start) }, async (_, k) => {
          const i = start + k;
          const socket = await connectPlayer(base, created.pin, client);
          // As a phone does (src/components/live/use-player-game.ts): whole views, or the room's
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
          const res = await timed(socket.emit<{ ok: boolean; error?: unknown; state: PlayerView }>("player:join", { pin: created.pin }), "a join");
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
    if (client === "lean") {
      const packets = warmUpPackets();
      for (let round = 0; round < 3; round++) for (const text of packets) for (const p of players) (p as LeanSocket).receive(text);
      firstSeen.length = 0;
      seenBy.clear();
    }
    await sleep(1500);
    const afterJoin = await stats(target);

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
      const atStart = await stats(target, detail);
      currentQuestion = q;
      const sent = performance.now();
      await timed(emitAck(host, q === 0 ? "host:start" : "host:next", {}), "the host's start of a question");
      // Wait until every player has the question with answers open.
      const key = `question:${q}:answering`;
      const reading = `question:${q}:reading`;
      await until(() => (seenBy.get(reading) ?? 0) >= playerCount || (seenBy.get(key) ?? 0) >= playerCount, `every player to get question ${q + 1}`);
      const got: number[] = [];
      for (let i = 0; i < playerCount; i++) {
        const m = firstSeen[i]!;
        got.push((m.get(reading) ?? m.get(key)!) - sent);
      }
      broadcast.push(...got);
      spreads.push([Math.min(...got), Math.max(...got)]);
      const g = sorted(got);
      arrivals.push(`q${q + 1}: ${[10, 50, 90, 99].map((p) => `p${p} ${percentile(g, p).toFixed(0)}`).join(", ")}, max ${g.at(-1)!.toFixed(0)} ms`);
      const st = await stats(target);
      emitMs.push(st.broadcastMsLast);
      writeMs.push(st.roomWriteMsLast);
      currentQuestion = -1;
      await until(() => (seenBy.get(key) ?? 0) >= playerCount, `answers to open on question ${q + 1}`);
      // Every player answers within one second.
      const acksBefore = acks.length;
      await Promise.all(
        players.map(async (socket) => {
          await sleep(Math.random() * 1000);
          const view = views.get(socket)!;
          const t = performance.now();
          const res = await timed(
            socket.emit<{ ok: boolean; me?: PlayerPersonal }>("player:answer", {
              questionIndex: q,
              answer: answerOf(view),
              clientId: `b${q}-${Math.random().toString(36).slice(2)}`,
            }),
            `an answer to question ${q + 1}`,
          );
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
      await until(() => (hostView as HostView | null)?.phase === "reveal", `the reveal of question ${q + 1}`);
      const atReveal = await stats(target);
      loopP99.push(atReveal.eventLoopDelayMs.p99);
      work.push(`q${q + 1}: ${atReveal.cpuMs - atStart.cpuMs} ms CPU, ${atReveal.minorPageFaults - atStart.minorPageFaults} page faults`);
      await timed(emitAck(host, "host:next", {}), "the host's move to the scoreboard");
      await sleep(1500); // a host looks at the scoreboard before moving on
    }
    const finished = await timed(emitAck<{ ok: boolean; state: HostView }>(host, "host:end", {}), "the host's end of the game");
    const counted = finished.state.report?.players.reduce((n, p) => n + p.answered, 0) ?? 0;
    const end = await stats(target);

    if (detail) {
      const jt = sorted(joinTimes);
      const bt = sorted(broadcast);
      const at = sorted(acks);
      const perPlayer = (afterJoin.memory.heapUsed - before.memory.heapUsed) / playerCount;
      const rssPerPlayer = (afterJoin.memory.rss - before.memory.rss) / playerCount;
      console.log("");
      console.log(`players                      ${playerCount}`);
      console.log(`joins: all in                ${ms(joinAll)}; p50 ${ms(percentile(jt, 50))}, p99 ${ms(percentile(jt, 99))}`);
      console.log(`question broadcast           p50 ${ms(percentile(bt, 50))}, p99 ${ms(percentile(bt, 99))}, max ${ms(bt.at(-1) ?? 0)}`);
      console.log(`first / last player got it  ${spreads.map(([a, b]) => `${ms(a)} / ${ms(b)}`).join(", ")} (per question)`);
      console.log(`arrivals per question        ${arrivals.join("; ")}`);
      console.log(`player:me with the question  ${Array.from({ length: QUESTIONS }, (_, q) => meMessages[q] ?? 0).join(", ")} (own parts that changed: only the shared part should go out)`);
      console.log(`server emit of a broadcast  ${emitMs.map((x) => ms(x)).join(", ")} (building and writing the ${playerCount} views, per question; of which writing the room's message ${writeMs.map((x) => ms(x)).join(", ")})`);
      console.log(`answer acknowledgement       p50 ${ms(percentile(at, 50))}, p99 ${ms(percentile(at, 99))}, max ${ms(at.at(-1) ?? 0)}`);
      console.log(`acks per question           ${ackByQuestion.join("; ")}`);
      console.log(`answers                      ${acked} acknowledged, ${failed} refused, ${counted} in the report; lost ${acked - counted}`);
      console.log(`server event-loop delay p99  ${loopP99.map((x) => `${x} ms`).join(", ")} (per question)`);
      console.log(`server work per question     ${work.join("; ")} (minor page faults: memory touched for the first time)`);
      console.log(`group commits                ${end.commits} (${(end.answers / Math.max(end.commits, 1)).toFixed(1)} events each on average), ${(end.commitMsTotal / Math.max(end.commits, 1)).toFixed(1)} ms average, ${end.commitMsMax.toFixed(0)} ms max; ${end.snapshots} snapshots`);
      console.log(`server memory per player     ${(perPlayer / 1024).toFixed(1)} KiB heap, ${(rssPerPlayer / 1024).toFixed(1)} KiB RSS (heap ${(end.memory.heapUsed / 2 ** 20).toFixed(0)} MiB at the end)`);
    }
    return { joinTimes, joinAll, broadcast, acks, acked, failed, counted };
  } finally {
    host?.disconnect();
    for (const p of players) p?.disconnect();
  }
}

