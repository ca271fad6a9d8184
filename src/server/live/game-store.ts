import type { LiveSettings } from "@/core/live/schemas";
import type {
  AnswerWrite,
  CommitResult,
  GameRow,
  GameWrite,
  LeaseClaim,
  LeaseFence,
  PlayerWrite,
  StoredAnswer,
  StoredPlayer,
} from "@/core/live/stored";

export type NewGame = { id: string; quizId: string; hostId: string; settings: LiveSettings; snapshot: (pin: string) => string; classId?: string | null };

/**
 * Everything the live games (src/server/live/games.ts) read and write, and nothing else: the
 * seam between the engine's process and its storage. Implemented over the Drizzle database
 * (PGlite or PostgreSQL: game-store-drizzle.ts) and in memory for unit tests
 * (game-store-memory.ts); src/test/game-store-contract.ts is the one test suite all of them pass.
 *
 * Leases say which instance runs a game (docs/architecture.md, "Several instances"); their
 * clock is the store's own, never the caller's.
 */
export interface GameStore {
  /** A new game in the lobby with a PIN (from `pins()`) that no open game has. */
  insertGame(input: NewGame, pins: () => string): Promise<{ id: string; pin: string }>;
  getGame(gameId: string): Promise<GameRow | null>;
  /** Every open game (not finished or cancelled) with a snapshot. */
  listOpenGames(): Promise<GameRow[]>;
  findOpenGameByPin(pin: string): Promise<{ id: string } | null>;
  findPlayerByTokenHash(tokenHash: string): Promise<{ playerId: string; gameId: string; kicked: boolean; pin: string } | null>;
  /**
   * One group commit, atomically: answers (a player's second answer to a question is dropped; the
   * same answer written again, with its client id and time, updates its correctness and points: an
   * estimation re-scored at its reveal, see src/core/live/closest.ts; the last write in a batch wins),
   * players (inserted or updated; an existing row keeps its token hash) and the game's snapshot.
   * With a `fence`, only while that owner still holds the game's lease with that epoch, checked
   * in the same transaction: otherwise nothing is stored and the answer is "lease_lost".
   */
  commitGameBatch(gameId: string, batch: { answers: AnswerWrite[]; players: PlayerWrite[]; game: GameWrite | null }, fence?: LeaseFence): Promise<CommitResult>;
  listGamePlayers(gameId: string): Promise<StoredPlayer[]>;
  /** In the order they arrived. */
  listGameAnswers(gameId: string): Promise<StoredAnswer[]>;

  /** Takes (or renews) the lease when it is free, expired or already `owner`'s. */
  acquireLease(gameId: string, owner: string, ttlMs: number): Promise<LeaseClaim>;
  /** Extends `owner`'s leases among `gameIds`: which are still held, and which are asked for. */
  renewLeases(owner: string, gameIds: string[], ttlMs: number): Promise<{ held: string[]; handoff: string[] }>;
  requestHandoff(gameId: string, requester: string): Promise<void>;
  /** `owner`'s leases among `gameIds`, or all of them. */
  releaseLeases(owner: string, gameIds?: string[]): Promise<void>;
  /** Every lease (a store only one process can open: PGlite after a restart). */
  clearLeases(): Promise<void>;
}
