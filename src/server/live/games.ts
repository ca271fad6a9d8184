import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  apply,
  hostView,
  playerPersonal,
  playerShared,
  playerView,
  prepareViews,
  playerViews,
  serializeSnapshot,
  type Command,
  type Effect,
  type GameState,
  type LiveError,
  type Outcome,
  type Reply,
} from "@/core/live/engine";
import type { HostView, PlayerPersonal, PlayerShared, PlayerView } from "@/core/live/protocol";
import { personalDiffers, personalOfView } from "@/core/live/views";
import { env } from "@/env";
import { errorFields, log, type Logger } from "@/log";
import { metrics, observeMs } from "../metrics";
import type { AnswerWrite, CommitResult, GameStore, GameWrite, LeaseFence, PlayerWrite } from "./game-store";
import { loadGameState } from "./load-state";

/**
 * The live games of this process (docs/architecture.md, "Live games"): the one owner of every
 * game's engine state, its timer and its persistence. The transport (Socket.IO, src/server/live/
 * socket.ts) only translates events into calls here and views into messages; nothing else touches
 * a GameState. With several instances each game has one owner at a time: the instance holding
 * its lease (docs/architecture.md, "Several instances"); the balancer sends a game's sockets
 * there, and an instance asked for a game another one holds waits for it to be handed over.
 */

/** How the registry reaches clients; the Socket.IO layer implements it. */
export interface LiveTransport {
  toHost(gameId: string, view: HostView): void;
  /** A whole view to one player's sockets (`player:state`). */
  toPlayer(playerId: string, view: PlayerView): void;
  /** The shared part of a phase change to every player socket of the game at once (`game:state`). */
  toGame(gameId: string, shared: PlayerShared): void;
  /** One player's own part, when a phase change changed it (`player:me`). */
  toPlayerMe(playerId: string, personal: PlayerPersonal): void;
  kicked(playerId: string, message: string): void;
  /**
   * Closes the connections of every socket of the game (host and players) without saying
   * goodbye, so that they reconnect by themselves, through the balancer, to its new owner.
   */
  release(gameId: string): void;
}

/**
 * How long a lease lasts, how often the owner renews it, how long a non-owner waits for a game
 * (and polls meanwhile), and how long a game taken over stays before it is handed on again: a
 * socket still reaching the old owner (the balancer marks a returning instance up a little
 * later for some connections than for others) must not bounce the game back and forth.
 */
export type LeaseTimes = { leaseMs: number; heartbeatMs: number; waitMs: number; pollMs: number; minHoldMs: number };
export const LEASE_TIMES: LeaseTimes = { leaseMs: 4_000, heartbeatMs: 1_000, waitMs: 6_000, pollMs: 150, minHoldMs: 3_000 };

/**
 * Another instance runs this game and did not hand it over in time (or this one is handing it
 * over): the socket asking should reconnect through the balancer and try again.
 */
export class GameElsewhere extends Error {
  override name = "GameElsewhere";
  constructor(
    readonly gameId: string,
    readonly owner: string,
  ) {
    super(`game ${gameId} is run by ${owner || "another instance"}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LiveResult<T> = { ok: true; value: T } | { ok: false; error: LiveError };

/** Group commit: answers wait this long for company before one transaction writes them all… */
const GROUP_COMMIT_MS = env().QUIZDECK_LIVE_COMMIT_MS;
/** …or until this many are waiting. */
const GROUP_COMMIT_MAX = 500;
/** Count-only host updates (answers, joins) are coalesced to at most one per this interval. */
const HOST_THROTTLE_MS = 250;
/** A game that ended stays in memory this long for late resumes, then only the database has it. */
const UNLOAD_AFTER_MS = 10 * 60 * 1000;
const RETRY_MS = 250;
/**
 * After a restart, players keep the connected flag of the snapshot this long: the phones are on
 * their way back, and a question must not close early because only the first one is back yet.
 */
const RECONNECT_GRACE_MS = env().QUIZDECK_LIVE_RECONNECT_GRACE_MS;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

type Batch = {
  answers: AnswerWrite[];
  playerIds: Set<string>;
  game: boolean;
  done: Promise<void>;
  resolve: () => void;
  /** Never stored (the lease was lost): what waited for it is not acknowledged. */
  reject: (err: Error) => void;
};

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody waits for may be refused too; whoever waits still sees the rejection.
  done.catch(() => {});
  return { answers: [], playerIds: new Set(), game: false, done, resolve, reject };
}

const liveError = (code: LiveError["code"], message: string): LiveError => ({ code, message });

/** One game: its state, timer, write queue and connected sockets. */
class LiveGame {
  state: GameState;
  readonly tokens = new Map<string, string>(); // playerId → token hash
  private readonly sockets = new Map<string, number>(); // playerId → open sockets
  /** Per player, the own part its phone holds (from the last whole view or player:me sent). */
  private readonly held = new Map<string, PlayerPersonal>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt: number | null = null;
  private batch: Batch | null = null;
  /** Batches closed to new writes, written in order before `batch` (see enqueue). */
  private readonly sealed: Batch[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The latest write queued: an outcome with nothing to write still waits for it, to keep order. */
  private barrier: Promise<void> = Promise.resolve();
  private hostTimer: NodeJS.Timeout | null = null;
  private hostPending = false;
  private lastHostSentAt = 0;
  closed = false;
  /** Every line about this game carries its id. */
  readonly log: Logger;

  constructor(
    state: GameState,
    private readonly registry: LiveGames,
    /** The lease this copy of the game runs under: every group commit is fenced by it. */
    private readonly fence: LeaseFence,
  ) {
    this.state = state;
    this.log = log().child({ gameId: state.id });
  }

  get id() {
    return this.state.id;
  }

  /**
   * Applies one command. Broadcasts (phase changes: every player's view, the host's view) go out
   * at once, in command order; what answers a single player (its view after its own answer or
   * join) and the returned promise (the acknowledgement) wait until the command's writes are
   * durable. Writes stay in command order (one group commit at a time per game).
   */
  run(command: Command, extra?: { tokenHash?: string; ackedBy?: string }): Promise<Outcome> {
    // Closed: shut down or handed to another instance, whose copy is the game now.
    if (this.closed) return Promise.reject(new GameElsewhere(this.id, ""));
    const now = Date.now();
    const before = this.state;
    const out = apply(this.state, command, now);
    this.state = out.state;
    if (out.state.phase !== before.phase || out.state.index !== before.index) {
      this.log.info({ phase: out.state.phase, question: out.state.index, players: out.state.players.length }, `game ${out.state.phase}`);
    }
    if (extra?.tokenHash && out.ok && out.reply?.kind === "joined") this.tokens.set(out.reply.playerId, extra.tokenHash);
    this.schedule(out.nextTickAt);
    this.broadcast(out.effects, out.state, now);
    const written = this.enqueue(out.effects);
    return written.then(() => {
      this.deliverSingles(out.effects, extra?.ackedBy);
      if ((out.state.phase === "finished" || out.state.phase === "cancelled") && this.timer === null) {
        this.registry.scheduleUnload(this);
      }
      return out;
    });
  }

  private schedule(at: number | null) {
    // Most commands (an answer) leave the next deadline where it was: keep that timer.
    if (this.timer && at === this.timerAt && !this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = at;
    if (at === null || this.closed) return;
    const delay = Math.max(0, Math.min(at - Date.now(), 2 ** 31 - 1));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run({ type: "tick" }).catch(() => {}); // closed meanwhile: the new owner ticks it
    }, delay);
  }

  // ——— persistence: group commit ———

  /**
   * Queues a command's writes; resolves when what its acknowledgement depends on is stored: its
   * answer when it has one (the answer that closes a question does not wait for the reveal's
   * write), otherwise everything it wrote and everything queued before it.
   */
  private enqueue(effects: Effect[]): Promise<void> {
    let answers = false;
    let rest = false;
    for (const e of effects) {
      if (e.kind === "persistAnswer") answers = true;
      else if (e.kind === "persistPlayers" || e.kind === "persistGame") rest = true;
    }
    if (!answers && !rest) return this.barrier;
    const phaseChange = effects.some((e) => e.kind === "persistGame");
    let answersDone: Promise<void> | null = null;
    if (answers) {
      const b = (this.batch ??= newBatch());
      for (const e of effects) {
        if (e.kind !== "persistAnswer") continue;
        b.answers.push({
          playerId: e.playerId,
          questionId: e.questionId,
          questionIndex: e.questionIndex,
          answer: e.answer,
          correct: e.correct,
          points: e.points,
          timeMs: e.timeMs,
          clientId: e.clientId,
          answeredAt: new Date(e.answeredAt),
        });
      }
      answersDone = b.done;
    }
    if (phaseChange && this.batch && this.batch.answers.length > 0) {
      // A phase change's write (the snapshot and, at a reveal, every player's row: a few hundred
      // ms at 2,000 players on PGlite) must not hold up the answers waiting for their group
      // commit, this command's own included: they are written first, in a commit of their own.
      this.sealed.push(this.batch);
      this.batch = null;
    }
    if (rest) {
      const b = (this.batch ??= newBatch());
      for (const e of effects) {
        if (e.kind === "persistPlayers") for (const id of e.playerIds) b.playerIds.add(id);
        else if (e.kind === "persistGame") b.game = true;
      }
    }
    const last = this.batch ?? this.sealed.at(-1)!;
    this.barrier = last.done;
    if (!this.flushing) {
      if (last.answers.length >= GROUP_COMMIT_MAX || last.game || this.sealed.length > 0) this.flushSoon(0);
      else this.flushSoon(GROUP_COMMIT_MS);
    }
    return answersDone ?? last.done;
  }

  private flushSoon(ms: number) {
    if (this.flushTimer) {
      if (ms > 0) return;
      clearTimeout(this.flushTimer);
    }
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, ms);
  }

  /** Writes the oldest waiting batch in one transaction, then the next one if more came meanwhile. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const b = this.sealed.shift() ?? this.batch;
    if (!b) return Promise.resolve();
    if (b === this.batch) this.batch = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const s = this.state;
    // The snapshot is written with every phase change and settings change (persistGame). Answers
    // and joins in between live in their own rows (written by every group commit), which a
    // restart merges into the snapshot: rewriting the whole snapshot (~0.4 KB per player) in
    // every group commit would stall the event loop while answers pour in.
    const snapshot = b.game;
    const players: PlayerWrite[] = [];
    const byId = b.playerIds.size > 8 ? new Map(s.players.map((p) => [p.id, p])) : null;
    for (const id of b.playerIds) {
      const p = byId ? byId.get(id) : s.players.find((x) => x.id === id);
      const tokenHash = this.tokens.get(id);
      if (!p || !tokenHash) continue;
      players.push({
        id,
        nickname: p.nickname,
        tokenHash,
        score: p.score,
        streak: p.streak,
        kicked: p.kicked,
        connected: p.connected,
        joinedAt: new Date(p.joinedAt),
      });
    }
    const game: GameWrite | null = snapshot
      ? {
          state: s.phase,
          currentQuestion: s.index,
          questionStartedAt: s.questionStartedAt === null ? null : new Date(s.questionStartedAt),
          settings: s.settings,
          finishedAt: s.endedAt === null ? null : new Date(s.endedAt),
          snapshot: serializeSnapshot(s),
        }
      : null;
    const write = async (): Promise<CommitResult> => {
      for (;;) {
        try {
          const t = performance.now();
          const result = await this.registry.store.commitGameBatch(s.id, { answers: b.answers, players, game }, this.fence);
          if (result === "lease_lost") return result;
          const took = performance.now() - t;
          const m = metrics();
          observeMs(m.commitDuration, took);
          m.commitSize.observe(b.answers.length);
          const c = this.registry.counters;
          c.commits++;
          c.commitMsTotal += took;
          c.commitMsMax = Math.max(c.commitMsMax, took);
          if (game) c.snapshots++;
          this.registry.counters.answersWritten += b.answers.length;
          return result;
        } catch (err) {
          // Nothing is acknowledged until it is stored: keep trying (the database may be restarting).
          this.log.error(errorFields(err), "writing the game failed; retrying");
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    };
    this.flushing = write().then((result) => {
      this.flushing = null;
      if (result === "lease_lost") {
        // Another instance took the game over while this one was paused past its lease: this
        // copy is stale. Nothing of the batch was stored, so nothing of it is acknowledged: the
        // phones waiting are disconnected and resend to the new owner (same client ids).
        this.abandon(b);
        this.registry.leaseLost(this);
        return;
      }
      b.resolve();
      if (this.sealed.length > 0) void this.flush();
      else if (this.batch) {
        if (this.batch.answers.length > 0 || this.batch.game || this.batch.playerIds.size > 0) void this.flush();
        else this.flushSoon(GROUP_COMMIT_MS);
      }
    });
    return this.flushing;
  }

  /** Refuses the batch being written and every one waiting: none of them will be stored. */
  private abandon(b: Batch) {
    this.closed = true;
    const lost = new GameElsewhere(this.id, "");
    for (const x of [b, ...this.sealed.splice(0), ...(this.batch ? [this.batch] : [])]) x.reject(lost);
    this.batch = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
  }

  /** Writes whatever waits (shutdown). */
  async drain(): Promise<void> {
    while (this.flushing || this.batch || this.sealed.length > 0) {
      await (this.flushing ?? this.flush());
    }
  }

  // ——— delivery ———

  private broadcast(effects: Effect[], s: GameState, now: number) {
    const t = this.registry.transport;
    for (const e of effects) {
      switch (e.kind) {
        case "kicked":
          t.kicked(e.playerId, "The host removed you from this game.");
          break;
        case "sendHost":
          if (e.throttle) this.hostSoon();
          else this.sendHostNow(s, now);
          break;
        case "sendPlayers": {
          const started = performance.now();
          const ids = s.players.filter((p) => !p.kicked && this.sockets.has(p.id)).map((p) => p.id);
          if (s.phase === "reveal") {
            // Every phone's view differs at a reveal (its result and score): whole views.
            for (const [id, v] of playerViews(s, ids, now)) this.sendView(id, v);
          } else {
            // One shared message for the room, encoded once, and first: the room sees the new
            // phase at once. Then own parts, only where they changed (rarely outside a reveal,
            // which sends whole views: a kick or a late join re-ranking the others).
            prepareViews(s);
            const common = playerShared(s, now);
            const writing = performance.now();
            t.toGame(this.id, common);
            this.registry.counters.roomWriteMsLast = performance.now() - writing;
            for (const id of ids) {
              const personal = playerPersonal(s, id);
              if (!personal) continue;
              const held = this.held.get(id);
              if (held && !personalDiffers(held, personal, common)) continue;
              this.held.set(id, personal);
              t.toPlayerMe(id, personal);
            }
          }
          const took = performance.now() - started;
          observeMs(metrics().broadcast, took);
          const c = this.registry.counters;
          c.broadcasts++;
          c.broadcastMsLast = took;
          c.broadcastMsMax = Math.max(c.broadcastMsMax, took);
          break;
        }
        default:
          break;
      }
    }
  }

  /**
   * A player's own view after its answer or join is stored: the latest state, never a stale one.
   * `ackedBy`: the player whose acknowledgement carries its own part (an answer); when its only
   * socket is the one acknowledged it needs no second message (a player open on two devices
   * still gets the view on both).
   */
  private deliverSingles(effects: Effect[], ackedBy?: string) {
    const now = Date.now();
    for (const e of effects) {
      if (e.kind !== "sendPlayer") continue;
      if (e.playerId === ackedBy && this.sockets.get(e.playerId) === 1) continue;
      const v = playerView(this.state, e.playerId, now);
      if (v) this.sendView(e.playerId, v);
    }
  }

  private sendView(playerId: string, v: PlayerView) {
    this.held.set(playerId, personalOfView(v));
    this.registry.transport.toPlayer(playerId, v);
  }

  /** The player's latest own part, for an acknowledgement (answer): what the phone will hold. */
  personalFor(playerId: string): PlayerPersonal | null {
    const p = playerPersonal(this.state, playerId);
    if (p) this.held.set(playerId, p);
    return p;
  }

  /** The latest whole view of a player, for an acknowledgement (join, resume): what the phone will hold. */
  viewFor(playerId: string): PlayerView | null {
    const v = playerView(this.state, playerId, Date.now());
    if (v) this.held.set(playerId, personalOfView(v));
    return v;
  }

  private sendHostNow(s: GameState, now: number) {
    if (this.hostTimer) clearTimeout(this.hostTimer);
    this.hostTimer = null;
    this.hostPending = false;
    this.lastHostSentAt = now;
    this.registry.transport.toHost(this.id, hostView(s, now));
  }

  private hostSoon() {
    if (this.hostPending) return;
    this.hostPending = true;
    const wait = Math.max(0, this.lastHostSentAt + HOST_THROTTLE_MS - Date.now());
    this.hostTimer = setTimeout(() => {
      this.hostTimer = null;
      if (this.hostPending) this.sendHostNow(this.state, Date.now());
    }, wait);
  }

  // ——— sockets ———

  socketOpened(playerId: string): boolean {
    const n = this.sockets.get(playerId) ?? 0;
    this.sockets.set(playerId, n + 1);
    return n === 0;
  }

  socketClosed(playerId: string): boolean {
    const n = (this.sockets.get(playerId) ?? 0) - 1;
    if (n > 0) {
      this.sockets.set(playerId, n);
      return false;
    }
    this.sockets.delete(playerId);
    return n === 0;
  }

  /**
   * Marks players who have not come back since the restart disconnected: at once (`immediate`),
   * since they already had RECONNECT_GRACE_MS to return, longer than the engine's own grace.
   */
  async dropAbsent(): Promise<void> {
    for (const p of this.state.players) {
      if (this.closed) return;
      if (p.connected && !p.kicked && !this.sockets.has(p.id)) await this.run({ type: "disconnect", playerId: p.id, immediate: true });
    }
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.hostTimer) clearTimeout(this.hostTimer);
    this.timer = null;
    this.hostTimer = null;
  }
}

function replyOf<K extends Reply["kind"]>(out: Outcome, kind: K): Extract<Reply, { kind: K }> | null {
  return out.ok && out.reply?.kind === kind ? (out.reply as Extract<Reply, { kind: K }>) : null;
}

export type Counters = {
  /** Broadcasts to every player of a game, and how long building and emitting them took. */
  broadcasts: number;
  broadcastMsLast: number;
  broadcastMsMax: number;
  /** Of the last broadcast, the time spent writing the room's shared message to every socket. */
  roomWriteMsLast: number;
  commits: number;
  commitMsTotal: number;
  commitMsMax: number;
  snapshots: number;
  answersWritten: number;
  joins: number;
  answers: number;
};

/** Every live game this process owns, by id and by PIN. */
export class LiveGames {
  private readonly games = new Map<string, LiveGame>();
  /** Games whose lease this instance holds (renewed by the heartbeat). */
  private readonly leased = new Map<string, number>(); // game id → when it was taken
  /** Games being handed to another instance: not to be loaded again here meanwhile. */
  private readonly leaving = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;
  /** This process's name in the leases: unique per start, readable in the table. */
  readonly instanceId: string;
  private readonly times: LeaseTimes;
  private readonly byPin = new Map<string, string>();
  private readonly loading = new Map<string, Promise<LiveGame | null>>();
  private readonly unloadTimers = new Map<string, NodeJS.Timeout>();
  readonly counters: Counters = { broadcasts: 0, broadcastMsLast: 0, broadcastMsMax: 0, roomWriteMsLast: 0, commits: 0, commitMsTotal: 0, commitMsMax: 0, snapshots: 0, answersWritten: 0, joins: 0, answers: 0 };
  transport: LiveTransport;

  constructor(
    readonly store: GameStore,
    transport?: LiveTransport,
    options: { instanceId?: string; times?: Partial<LeaseTimes> } = {},
  ) {
    this.transport = transport ?? { toHost() {}, toPlayer() {}, toGame() {}, toPlayerMe() {}, kicked() {}, release() {} };
    this.instanceId = options.instanceId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
    this.times = { ...LEASE_TIMES, ...options.times };
  }

  /**
   * Loads every open game nobody else holds from its snapshot (a restart): timers run again,
   * players come back by themselves. A game another instance holds stays there. Games whose
   * lease was still running (their owner died moments ago) are tried again once it has expired.
   */
  async restoreOpenGames(): Promise<number> {
    const rows = await this.store.listOpenGames();
    let n = 0;
    const busy: string[] = [];
    for (const row of rows) {
      try {
        if (await this.load(row.id, false)) n++;
      } catch (err) {
        if (!(err instanceof GameElsewhere)) throw err;
        busy.push(row.id);
      }
    }
    if (busy.length > 0) {
      setTimeout(() => {
        for (const id of busy) this.load(id, false).catch(() => {}); // held by a live owner: theirs
      }, this.times.leaseMs + 500).unref();
    }
    return n;
  }

  // ——— ownership ———

  /**
   * Takes the game's lease, waiting (`wait`) while another instance holds it: that owner is
   * asked to hand it over and does so at its next heartbeat, or its lease runs out (it died).
   * Throws GameElsewhere when the lease could not be had in time.
   */
  private async claim(gameId: string, wait: boolean): Promise<number> {
    if (this.leaving.has(gameId)) throw new GameElsewhere(gameId, this.instanceId);
    const deadline = Date.now() + (wait ? this.times.waitMs : 0);
    let asked = false;
    for (;;) {
      const r = await this.store.acquireLease(gameId, this.instanceId, this.times.leaseMs);
      if (r.ok) {
        if (!this.leased.has(gameId)) this.leased.set(gameId, Date.now());
        this.heartbeat ??= setInterval(() => void this.beat(), this.times.heartbeatMs);
        this.heartbeat.unref();
        return r.epoch;
      }
      if (Date.now() >= deadline) throw new GameElsewhere(gameId, r.owner);
      if (!asked) {
        await this.store.requestHandoff(gameId, this.instanceId);
        asked = true;
      }
      await sleep(this.times.pollMs);
    }
  }

  /** Renews this instance's leases; lets go of games it lost, hands over games asked for. */
  private async beat(): Promise<void> {
    const ids = [...this.leased.keys()];
    if (ids.length === 0) return;
    let r: { held: string[]; handoff: string[] };
    try {
      r = await this.store.renewLeases(this.instanceId, ids, this.times.leaseMs);
    } catch (err) {
      // The database is away: the lease runs on; if it runs out, another instance takes over.
      log().error(errorFields(err), "renewing game leases failed");
      return;
    }
    const held = new Set(r.held);
    for (const id of ids) {
      if (held.has(id) || !this.leased.has(id)) continue;
      // Another instance took it (this one stalled past its lease): stop running it here.
      log().warn({ gameId: id }, "lease lost to another instance; dropping the game here");
      this.leased.delete(id);
      this.forget(id);
    }
    const now = Date.now();
    for (const id of r.handoff) if (now - (this.leased.get(id) ?? now) >= this.times.minHoldMs) void this.handOver(id);
  }

  /**
   * A group commit of `game` found its lease taken (this instance stalled past it and the
   * heartbeat had not noticed yet): stop running that copy here, as the heartbeat would.
   */
  leaseLost(game: LiveGame) {
    game.log.warn("lease lost to another instance (a group commit was refused); dropping the game here");
    if (this.games.get(game.id) !== game) return; // already dropped (the heartbeat saw it first)
    this.leased.delete(game.id);
    this.forget(game.id);
  }

  /** Stops running a game here: its sockets reconnect through the balancer to its owner. */
  private forget(gameId: string) {
    const game = this.games.get(gameId);
    this.games.delete(gameId);
    const timer = this.unloadTimers.get(gameId);
    if (timer) clearTimeout(timer);
    this.unloadTimers.delete(gameId);
    if (game) {
      if (this.byPin.get(game.state.pin) === gameId) this.byPin.delete(game.state.pin);
      game.close();
    }
    this.transport.release(gameId);
    return game;
  }

  /**
   * Another instance has a socket of this game (the balancer sends its sockets there now):
   * stop taking its commands, write what waits, and release the lease, so it loads the game
   * from the database with every acknowledged answer.
   */
  async handOver(gameId: string): Promise<void> {
    if (this.leaving.has(gameId) || !this.leased.has(gameId)) return;
    this.leaving.add(gameId);
    try {
      const game = this.forget(gameId);
      if (game) await game.drain();
      this.leased.delete(gameId);
      await this.store.releaseLeases(this.instanceId, [gameId]);
      log().info({ gameId }, "game handed over");
    } catch (err) {
      log().error({ gameId, ...errorFields(err) }, "handing the game over failed");
    } finally {
      this.leaving.delete(gameId);
    }
  }

  /** The game in memory, or loaded from its snapshot (merging answers stored after it). */
  private load(gameId: string, wait = true): Promise<LiveGame | null> {
    const hit = this.games.get(gameId);
    if (hit) return Promise.resolve(hit);
    let p = this.loading.get(gameId);
    if (!p) {
      p = this.restore(gameId, wait).finally(() => this.loading.delete(gameId));
      this.loading.set(gameId, p);
    }
    return p;
  }

  private async restore(gameId: string, wait: boolean): Promise<LiveGame | null> {
    if (!(await this.store.getGame(gameId))?.snapshot) return null;
    const asked = performance.now();
    const epoch = await this.claim(gameId, wait);
    const claimed = performance.now();
    // Read after taking the lease: the previous owner wrote its last group commit before letting go.
    const row = await this.store.getGame(gameId);
    if (!row?.snapshot) return null;
    const loaded = await loadGameState(this.store, row);
    if (!loaded.ok) {
      log().error({ gameId, err: loaded.error.message }, "the game cannot be restored");
      return null;
    }
    const { state: s, players: rows } = loaded.value;
    const game = new LiveGame(s, this, { owner: this.instanceId, epoch });
    for (const r of rows) game.tokens.set(r.id, r.tokenHash);
    // Another load may have won the race while this one read the database.
    const existing = this.games.get(gameId);
    if (existing) return existing;
    this.games.set(gameId, game);
    if (s.phase !== "finished" && s.phase !== "cancelled") this.byPin.set(s.pin, gameId);
    // Catch up with the clock (a question whose time ran out while the server was down is revealed).
    await game.run({ type: "tick" });
    const ms = (t: number) => Math.round(t);
    log().info({ gameId, leaseMs: ms(claimed - asked), loadMs: ms(performance.now() - claimed) }, "game running here");
    if (s.phase !== "finished" && s.phase !== "cancelled") {
      setTimeout(() => void game.dropAbsent().catch(() => {}), RECONNECT_GRACE_MS).unref();
    }
    return game;
  }

  scheduleUnload(game: LiveGame) {
    if (this.byPin.get(game.state.pin) === game.id) this.byPin.delete(game.state.pin);
    if (this.unloadTimers.has(game.id)) return;
    const t = setTimeout(() => {
      this.unloadTimers.delete(game.id);
      game.close();
      this.games.delete(game.id);
      if (this.leased.delete(game.id)) void this.store.releaseLeases(this.instanceId, [game.id]).catch(() => {});
    }, UNLOAD_AFTER_MS);
    t.unref();
    this.unloadTimers.set(game.id, t);
  }

  private async byPinOrDb(pin: string): Promise<LiveGame | null> {
    const id = this.byPin.get(pin);
    if (id) return this.load(id);
    const row = await this.store.findOpenGameByPin(pin);
    return row ? this.load(row.id) : null;
  }

  private static fail<T>(out: Outcome): LiveResult<T> {
    return { ok: false, error: out.ok ? liveError("internal_error", "Unexpected reply.") : out.error };
  }

  // ——— host ———

  /** The host's view, after checking this user hosts the game. */
  async hostAttach(gameId: string, userId: string): Promise<LiveResult<HostView>> {
    const game = await this.load(gameId);
    if (!game) return { ok: false, error: liveError("game_not_found", "No such game.") };
    const row = await this.store.getGame(gameId);
    if (row?.hostId !== userId) return { ok: false, error: liveError("forbidden", "Only the host of this game can run it.") };
    await game.run({ type: "touch" });
    return { ok: true, value: hostView(game.state, Date.now()) };
  }

  /** A host command (start, next, skip, pause, kick, settings, …) on an attached game. */
  async hostCommand(gameId: string, command: Command): Promise<LiveResult<HostView>> {
    const game = await this.load(gameId);
    if (!game) return { ok: false, error: liveError("game_not_found", "No such game.") };
    const out = await game.run(command);
    if (!out.ok) return LiveGames.fail(out);
    return { ok: true, value: hostView(out.state, Date.now()) };
  }

  // ——— players ———

  /** The open game behind a PIN (for the join limits), or null when the PIN opens nothing. */
  async openGame(pin: string): Promise<{ id: string; maxPlayers: number } | null> {
    const game = await this.byPinOrDb(pin);
    if (!game || game.state.phase === "finished" || game.state.phase === "cancelled") return null;
    return { id: game.id, maxPlayers: game.state.settings.maxPlayers };
  }

  async join(
    pin: string,
    nickname: string | undefined,
  ): Promise<LiveResult<{ gameId: string; playerId: string; token: string; nickname: string; view: PlayerView }>> {
    const game = await this.byPinOrDb(pin);
    if (!game || game.state.phase === "finished" || game.state.phase === "cancelled") {
      return { ok: false, error: liveError("game_not_found", "There is no open game with that PIN. Check the PIN on the host's screen.") };
    }
    const playerId = randomUUID();
    const token = randomBytes(32).toString("base64url");
    const out = await game.run({ type: "join", playerId, ...(nickname === undefined ? {} : { nickname }) }, { tokenHash: hashToken(token) });
    const joined = replyOf(out, "joined");
    if (!joined) return LiveGames.fail(out);
    this.counters.joins++;
    game.socketOpened(playerId);
    // The latest state, not the join's: a phase change may have gone out while the join was stored.
    const view = game.viewFor(playerId);
    if (!view) return { ok: false, error: liveError("internal_error", "The player vanished.") };
    return { ok: true, value: { gameId: game.id, playerId, token, nickname: joined.nickname, view } };
  }

  /** A phone coming back with its token: same player, name and score. Counts the socket. */
  async resume(pin: string, token: string): Promise<LiveResult<{ gameId: string; playerId: string; view: PlayerView }>> {
    const hash = hashToken(token);
    let game: LiveGame | null = null;
    let playerId: string | null = null;
    const id = this.byPin.get(pin);
    const candidate = id ? this.games.get(id) : undefined;
    if (candidate) {
      for (const [pid, h] of candidate.tokens) {
        if (h === hash) {
          game = candidate;
          playerId = pid;
          break;
        }
      }
    }
    if (!game) {
      const row = await this.store.findPlayerByTokenHash(hash);
      if (!row || row.pin !== pin) return { ok: false, error: liveError("not_found", "This phone's place in the game was not found; join again.") };
      game = await this.load(row.gameId);
      playerId = row.playerId;
    }
    if (!game || !playerId) return { ok: false, error: liveError("game_not_found", "This game is no longer available.") };
    const first = game.socketOpened(playerId);
    const out = await game.run({ type: first ? "reconnect" : "touch", ...(first ? { playerId } : {}) } as Command);
    if (!out.ok) {
      game.socketClosed(playerId);
      return LiveGames.fail(out);
    }
    const view = game.viewFor(playerId);
    if (!view) {
      game.socketClosed(playerId);
      return { ok: false, error: liveError("forbidden", "The host removed you from this game.") };
    }
    return { ok: true, value: { gameId: game.id, playerId, view } };
  }

  /** A player's socket closed; the last one closing marks the player disconnected. */
  async socketClosed(gameId: string, playerId: string): Promise<void> {
    const game = this.games.get(gameId);
    if (!game || game.closed) return;
    try {
      if (game.socketClosed(playerId)) await game.run({ type: "disconnect", playerId });
    } catch (err) {
      // The game went to another instance meanwhile: the player is its business now.
      if (!(err instanceof GameElsewhere)) throw err;
    }
  }

  async reroll(gameId: string, playerId: string): Promise<LiveResult<{ nickname: string; rerollsLeft: number }>> {
    const game = await this.load(gameId);
    if (!game) return { ok: false, error: liveError("game_not_found", "No such game.") };
    const out = await game.run({ type: "reroll", playerId });
    const r = replyOf(out, "nickname");
    return r ? { ok: true, value: { nickname: r.nickname, rerollsLeft: r.rerollsLeft } } : LiveGames.fail(out);
  }

  /** Resolves once the answer is stored (group commit): only then may the phone show "locked in". */
  async answer(
    gameId: string,
    playerId: string,
    a: { questionIndex: number; answer: unknown; clientId: string },
  ): Promise<LiveResult<{ questionIndex: number; timeMs: number; duplicate: boolean; me: PlayerPersonal }>> {
    const game = await this.load(gameId);
    if (!game) return { ok: false, error: liveError("game_not_found", "No such game.") };
    this.counters.answers++;
    const out = await game.run(
      { type: "answer", playerId, questionIndex: a.questionIndex, answer: a.answer, clientId: a.clientId },
      { ackedBy: playerId },
    );
    const r = replyOf(out, "answer");
    if (!r) {
      game.log.debug({ playerId, questionIndex: a.questionIndex, error: out.ok ? null : out.error.code }, "answer refused");
      return LiveGames.fail(out);
    }
    game.log.debug({ playerId, questionIndex: r.questionIndex, timeMs: r.timeMs, duplicate: r.duplicate }, "answer stored");
    // The acknowledgement carries the phone's own part ("locked in", its answer echoed): one
    // message per answer instead of an acknowledgement and a whole view.
    const me = game.personalFor(playerId);
    if (!me) return { ok: false, error: liveError("forbidden", "The host removed you from this game.") };
    return { ok: true, value: { questionIndex: r.questionIndex, timeMs: r.timeMs, duplicate: r.duplicate, me } };
  }

  // ——— operations ———

  stats() {
    let players = 0;
    let connected = 0;
    for (const g of this.games.values()) {
      players += g.state.players.length;
      connected += g.state.players.filter((p) => p.connected).length;
    }
    return { games: this.games.size, players, connected, ...this.counters };
  }

  /**
   * Shutdown: stop the timers, write what waits and release every lease (before the database
   * closes), so another instance takes the games over at once.
   */
  async close(): Promise<number> {
    const n = this.games.size;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const t of this.unloadTimers.values()) clearTimeout(t);
    for (const g of this.games.values()) g.close();
    await Promise.all([...this.games.values()].map((g) => g.drain()));
    this.games.clear();
    this.byPin.clear();
    this.leased.clear();
    await this.store.releaseLeases(this.instanceId);
    return n;
  }
}

/** Exposed for tests: a fresh game id. */
export const newGameId = () => randomUUID();
