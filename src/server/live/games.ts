import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { hostView, type Command, type LiveError, type Outcome, type Reply } from "@/core/live/engine";
import type { HostView, PlayerPersonal, PlayerView } from "@/core/live/protocol";
import { env } from "@/env";
import { errorFields, log } from "@/log";
import type { GameStore } from "./game-store";
import { LiveGame, type GameOwner } from "./live-game";
import { GameElsewhere, type Counters, type LiveTransport } from "./transport";
import { loadGameState } from "./load-state";

/**
 * The live games of this process (docs/architecture.md, "Live games"): the one owner of every
 * game's engine state, its timer and its persistence. The transport (Socket.IO, src/server/live/
 * socket.ts) only translates events into calls here and views into messages; nothing else touches
 * a GameState. With several instances each game has one owner at a time: the instance holding
 * its lease (docs/architecture.md, "Several instances"); the balancer sends a game's sockets
 * there, and an instance asked for a game another one holds waits for it to be handed over.
 */

/**
 * How long a lease lasts, how often the owner renews it, how long a non-owner waits for a game
 * (and polls meanwhile), and how long a game taken over stays before it is handed on again: a
 * socket still reaching the old owner (the balancer marks a returning instance up a little
 * later for some connections than for others) must not bounce the game back and forth.
 */
export type LeaseTimes = { leaseMs: number; heartbeatMs: number; waitMs: number; pollMs: number; minHoldMs: number };
export const LEASE_TIMES: LeaseTimes = { leaseMs: 4_000, heartbeatMs: 1_000, waitMs: 6_000, pollMs: 150, minHoldMs: 3_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type LiveResult<T> = { ok: true; value: T } | { ok: false; error: LiveError };

/** A game that ended stays in memory this long for late resumes, then only the database has it. */
const UNLOAD_AFTER_MS = 10 * 60 * 1000;

/**
 * After a restart, players keep the connected flag of the snapshot this long: the phones are on
 * their way back, and a question must not close early because only the first one is back yet.
 */
const RECONNECT_GRACE_MS = env().QUIZDECK_LIVE_RECONNECT_GRACE_MS;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const liveError = (code: LiveError["code"], message: string): LiveError => ({ code, message });

function replyOf<K extends Reply["kind"]>(out: Outcome, kind: K): Extract<Reply, { kind: K }> | null {
  return out.ok && out.reply?.kind === kind ? (out.reply as Extract<Reply, { kind: K }>) : null;
}

/** Every live game this process owns, by id and by PIN. */
export class LiveGames implements GameOwner {
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
   * Until the open games of a restart are restored, requests for a game wait (see
   * holdUntilRestored): resolved by restoreOpenGames, already resolved for a registry that restores
   * nothing.
   */
  private restored: Promise<void> = Promise.resolve();
  private openRestored: (() => void) | null = null;

  /**
   * Called before the server takes connections: phones reconnect as soon as the port answers, and
   * one loading its game before restoreOpenGames has run would race it (on PGlite the restore
   * forgets the previous run's leases, the one that phone's load had just taken among them).
   */
  holdUntilRestored() {
    if (this.openRestored) return;
    this.restored = new Promise((resolve) => (this.openRestored = resolve));
  }

  /**
   * Loads every open game nobody else holds from its snapshot (a restart): timers run again,
   * players come back by themselves. A game another instance holds stays there. Games whose
   * lease was still running (their owner died moments ago) are tried again once it has expired.
   * `forgetLeases`: the database is this process's alone (PGlite), so leases left by its previous
   * run mean nothing and are dropped first. Requests held by holdUntilRestored go on afterwards,
   * whether the restore worked or not.
   */
  async restoreOpenGames(options: { forgetLeases?: () => Promise<boolean> } = {}): Promise<number> {
    try {
      if (await options.forgetLeases?.()) await this.store.clearLeases();
      const rows = await this.store.listOpenGames();
      let n = 0;
      const busy: string[] = [];
      for (const row of rows) {
        try {
          if (await this.loadNow(row.id, false)) n++;
        } catch (err) {
          if (!(err instanceof GameElsewhere)) throw err;
          busy.push(row.id);
        }
      }
      if (busy.length > 0) {
        setTimeout(() => {
          for (const id of busy) this.loadNow(id, false).catch(() => {}); // held by a live owner: theirs
        }, this.times.leaseMs + 500).unref();
      }
      return n;
    } finally {
      this.openRestored?.();
      this.openRestored = null;
    }
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
  private load(gameId: string): Promise<LiveGame | null> {
    // Every answer comes through here: only a registry still restoring adds a wait.
    if (this.openRestored) return this.restored.then(() => this.loadNow(gameId, true));
    return this.loadNow(gameId, true);
  }

  private loadNow(gameId: string, wait: boolean): Promise<LiveGame | null> {
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
  async openGame(pin: string): Promise<{ id: string; maxPlayers: number; classId: string | null } | null> {
    const game = await this.byPinOrDb(pin);
    if (!game || game.state.phase === "finished" || game.state.phase === "cancelled") return null;
    return { id: game.id, maxPlayers: game.state.settings.maxPlayers, classId: game.state.classGame?.classId ?? null };
  }

  /** `claim`: a game for a class, the roster name the server let this device take (docs/rules.md §13). */
  async join(
    pin: string,
    nickname: string | undefined,
    identifier?: string,
    claim?: { studentId: string; name: string },
    team?: number,
  ): Promise<LiveResult<{ gameId: string; playerId: string; token: string; nickname: string; view: PlayerView }>> {
    const game = await this.byPinOrDb(pin);
    if (!game || game.state.phase === "finished" || game.state.phase === "cancelled") {
      return { ok: false, error: liveError("game_not_found", "There is no open game with that PIN. Check the PIN on the host's screen.") };
    }
    const token = randomBytes(32).toString("base64url");
    const out = await game.run(
      {
        type: "join",
        playerId: randomUUID(),
        ...(nickname === undefined ? {} : { nickname }),
        ...(identifier === undefined ? {} : { identifier }),
        ...(claim ? { claim } : {}),
        ...(team === undefined ? {} : { team }),
      },
      { tokenHash: hashToken(token) },
    );
    const joined = replyOf(out, "joined");
    if (!joined) return LiveGames.fail(out);
    // A released roster name taken over continues as the player who had it.
    const playerId = joined.playerId;
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
