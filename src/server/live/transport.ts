import type { HostView, PlayerPersonal, PlayerShared, PlayerView } from "@/core/live/protocol";

/**
 * What a running game (live-game.ts) and its registry (games.ts) reach outside themselves: the
 * clients, through the transport the Socket.IO layer implements; the registry's counters; and the
 * error that sends a socket to the instance that owns its game.
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
  /** `reason` "released": the host freed the player's roster name; only the sockets it has now are closed. */
  kicked(playerId: string, message: string, reason?: "kicked" | "released"): void;
  /**
   * Closes the connections of every socket of the game (host and players) without saying
   * goodbye, so that they reconnect by themselves, through the balancer, to its new owner.
   */
  release(gameId: string): void;
}

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

/** The registry's counters (its `stats()`), which its games add to. */
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
