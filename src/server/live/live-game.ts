import "server-only";
import { createHash, randomBytes } from "node:crypto";
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
  type Outcome,
} from "@/core/live/engine";
import type { PlayerPersonal, PlayerView } from "@/core/live/protocol";
import type { CommitResult, GameWrite, LeaseFence, PlayerWrite } from "@/core/live/stored";
import { personalDiffers, personalOfView } from "@/core/live/views";
import { env } from "@/env";
import { errorFields, log, type Logger } from "@/log";
import { metrics, observeMs } from "../metrics";
import { newBatch, type Batch } from "./batch";
import type { GameStore } from "./game-store";
import { GameElsewhere, type Counters, type LiveTransport } from "./transport";

/**
 * One running live game (docs/architecture.md, "Live games"): its engine state, its timer, its
 * group commits and what it sends to the host and the players. The registry that owns it
 * (LiveGames, games.ts) finds and loads games and holds their leases.
 */

/** Group commit: answers wait this long for company before one transaction writes them all… */
const GROUP_COMMIT_MS = env().QUIZDECK_LIVE_COMMIT_MS;
/** …or until this many are waiting. */
const GROUP_COMMIT_MAX = 500;
/** Count-only host updates (answers, joins) are coalesced to at most one per this interval. */
const HOST_THROTTLE_MS = 250;
const RETRY_MS = 250;

/** What a game needs from the registry that owns it (LiveGames, games.ts). */
export interface GameOwner {
  readonly store: GameStore;
  readonly transport: LiveTransport;
  readonly counters: Counters;
  /** The game ended: keep it a while for late resumes, then let it go. */
  scheduleUnload(game: LiveGame): void;
  /** A group commit found the game's lease taken by another instance. */
  leaseLost(game: LiveGame): void;
}

/** One game: its state, timer, write queue and connected sockets. */
export class LiveGame {
  state: GameState;
  readonly tokens = new Map<string, string>(); // playerId → token hash
  /** Players whose token hash changed (a roster name released or taken over): their next write replaces the stored one. */
  private readonly rotated = new Set<string>();
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
    private readonly registry: GameOwner,
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
    if (extra?.tokenHash && out.ok && out.reply?.kind === "joined") {
      this.tokens.set(out.reply.playerId, extra.tokenHash);
      if (out.reply.takeover) this.rotated.add(out.reply.playerId);
    }
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
        identifier: p.identifier ?? null,
        ...(p.team != null && { team: p.team }),
        tokenHash,
        ...(this.rotated.delete(id) ? { newTokenHash: tokenHash } : {}),
        ...(p.rosterId ? { classStudentId: p.rosterId } : {}),
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
        case "released":
          // The released device's token stops working: a hash no token has replaces it.
          this.tokens.set(e.playerId, createHash("sha256").update(randomBytes(32)).digest("hex"));
          this.rotated.add(e.playerId);
          t.kicked(e.playerId, "The host released your name so that another device can take it.", "released");
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
