import { type Answer } from "../grading";
import { type HostStep, type SettingsPatch } from "./schemas";
import { type GameState, type LiveError } from "./state";

/**
 * What the server feeds a game (commands) and what it gets back: the new state, the effects to
 * carry out (writes, messages) and the reply to the one who asked.
 */

// ——— commands, effects, outcomes ———

export type Command =
  /** A new player. `nickname` omitted (or the game takes generated names only): a generated one. */
  | {
      type: "join";
      playerId: string;
      nickname?: string;
      /** The host's extra field, when it asks one. */
      identifier?: string;
      /** The team picked, in a team game where players pick. */
      team?: number;
      /** A game for a class: the roster name the server let this device take (src/core/classes/live.ts). */
      claim?: { studentId: string; name: string };
    }
  | { type: "reroll"; playerId: string }
  | { type: "reconnect"; playerId: string }
  /**
   * The player's last socket closed. It is still waited for during DROP_GRACE_MS, unless
   * `immediate` (the server already waited, e.g. for phones to come back after a restart).
   */
  | { type: "disconnect"; playerId: string; immediate?: boolean }
  | { type: "answer"; playerId: string; questionIndex: number; answer: unknown; clientId?: string }
  | { type: "kick"; playerId: string }
  /** Extra time for one player (docs/rules.md §4), named by id or by nickname; 1 takes it back. */
  | { type: "extraTime"; playerId?: string; nickname?: string; factor: number }
  /** A game for a class: frees the player's roster name for another device and disconnects this one. */
  | { type: "release"; playerId: string }
  | { type: "settings"; patch: SettingsPatch }
  | { type: "lock" }
  | { type: "unlock" }
  | { type: "start" }
  /** `at`: the screen the host pressed it on (schemas.ts, hostStepSchema); elsewhere it does nothing. */
  | { type: "next"; at?: HostStep }
  | { type: "skip"; at?: HostStep }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "end" }
  | { type: "finish" }
  /** The server's timer: catches the game up with the clock (answers open, time up, lobby expiry). */
  | { type: "tick" }
  /** Activity that changes nothing (the host attached): keeps an idle lobby alive. */
  | { type: "touch" };

export type Effect =
  | {
      kind: "persistAnswer";
      questionIndex: number;
      questionId: string;
      playerId: string;
      answer: Answer;
      correct: boolean;
      points: number;
      timeMs: number;
      answeredAt: number;
      clientId: string | null;
    }
  /** Write these players' rows (nickname, score, streak, kicked, connected). */
  | { kind: "persistPlayers"; playerIds: string[] }
  /** Write the game's row (phase, current question, timings, settings) and its snapshot. */
  | { kind: "persistGame" }
  /** Tell this player it was removed ("player:kicked") and disconnect its sockets. */
  | { kind: "kicked"; playerId: string }
  /** The host released this player's roster name: its device's token stops working and its sockets are closed. */
  | { kind: "released"; playerId: string }
  /**
   * Send `hostView` to the host's sockets. `throttle: true` when only counts or the player list
   * changed (answers, joins, connections): at 2,000 players the host view is ~170 KB, so the
   * server should coalesce these (e.g. at most one every 250 ms) but send phase changes at once.
   */
  | { kind: "sendHost"; throttle: boolean }
  /** Send each connected player its own `playerView`. */
  | { kind: "sendPlayers" }
  | { kind: "sendPlayer"; playerId: string };

export type Reply =
  | { kind: "joined"; playerId: string; nickname: string; rerollsLeft: number; /** A released roster name taken over: the player existed. */ takeover?: boolean }
  | { kind: "nickname"; nickname: string; rerollsLeft: number }
  | { kind: "answer"; questionIndex: number; timeMs: number; duplicate: boolean };

/**
 * The result of a command. Adopt `state` and carry out `effects` in both cases: a failed command
 * may still have moved the game on (an answer that arrives after the deadline first closes the
 * question, then fails with `answer_too_late`).
 */
export type Outcome =
  | { ok: true; state: GameState; effects: Effect[]; reply: Reply | null; nextTickAt: number | null }
  | { ok: false; error: LiveError; state: GameState; effects: Effect[]; nextTickAt: number | null };

/** Effects are collected while a command runs; this keeps one of each and a stable order. */
export class Fx {
  private answers: Extract<Effect, { kind: "persistAnswer" }>[] = [];
  private playerIds = new Set<string>();
  private game = false;
  private kicked: string[] = [];
  private released: string[] = [];
  private host: "no" | "throttle" | "now" = "no";
  private players = false;
  private single = new Set<string>();

  answer(e: Extract<Effect, { kind: "persistAnswer" }>) {
    this.answers.push(e);
  }
  persistPlayers(ids: Iterable<string>) {
    for (const id of ids) this.playerIds.add(id);
  }
  persistGame() {
    this.game = true;
  }
  kick(id: string) {
    this.kicked.push(id);
  }
  release(id: string) {
    this.released.push(id);
  }
  sendHost(throttle = false) {
    if (!throttle) this.host = "now";
    else if (this.host === "no") this.host = "throttle";
  }
  sendPlayers() {
    this.players = true;
  }
  sendPlayer(id: string) {
    this.single.add(id);
  }
  sendAll() {
    this.host = "now";
    this.players = true;
  }
  /** Persist before telling anyone, so what a client saw survives a crash. */
  list(): Effect[] {
    const out: Effect[] = [...this.answers];
    if (this.playerIds.size > 0) out.push({ kind: "persistPlayers", playerIds: [...this.playerIds] });
    if (this.game) out.push({ kind: "persistGame" });
    for (const playerId of this.kicked) out.push({ kind: "kicked", playerId });
    for (const playerId of this.released) out.push({ kind: "released", playerId });
    if (this.host !== "no") out.push({ kind: "sendHost", throttle: this.host === "throttle" });
    if (this.players) out.push({ kind: "sendPlayers" });
    else for (const playerId of this.single) out.push({ kind: "sendPlayer", playerId });
    return out;
  }
}
