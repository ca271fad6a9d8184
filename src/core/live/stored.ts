import type { LiveSettings, Phase } from "./schemas";

/**
 * What the live games' store (GameStore, src/server/live/game-store.ts) reads and writes: a
 * game's row, one group commit's writes, the players and answers a restore reads back, and the
 * leases that say which instance runs a game. The database layer implements these shapes; the
 * engine's persistence (persistence.ts) merges the rows read back into a snapshot.
 */

export type GameRow = {
  id: string;
  pin: string;
  hostId: string;
  quizId: string;
  state: Phase;
  snapshot: unknown;
};

export type GameWrite = {
  state: Phase;
  currentQuestion: number;
  questionStartedAt: Date | null;
  settings: LiveSettings;
  finishedAt: Date | null;
  snapshot: string;
};

export type PlayerWrite = {
  id: string;
  nickname: string;
  /** What the player typed for the host's join field; null or absent when none was asked. */
  identifier?: string | null;
  /** The player's team in a team game (0-based); null or absent otherwise. */
  team?: number | null;
  /** Only for a new player; an existing row keeps its hash, unless `newTokenHash` is set. */
  tokenHash: string;
  /** A roster name released or taken over by another device: the row's token hash becomes this one. */
  newTokenHash?: string;
  /** A game for a class: the roster entry whose name the player took. */
  classStudentId?: string | null;
  score: number;
  streak: number;
  kicked: boolean;
  connected: boolean;
  joinedAt: Date;
};

export type AnswerWrite = {
  playerId: string;
  questionId: string;
  questionIndex: number;
  answer: unknown;
  correct: boolean;
  points: number;
  timeMs: number;
  clientId: string | null;
  answeredAt: Date;
};

/** The lease a group commit is written under: its owner and the epoch it got when taking it. */
export type LeaseFence = { owner: string; epoch: number };

/**
 * "lease_lost": the fence was given and this owner no longer holds the game's lease with that
 * epoch (another instance took the game over); nothing was stored.
 */
export type CommitResult = "stored" | "lease_lost";

/** A player's stored row, as a restore reads it (the token hash resumes the player). */
export type StoredPlayer = {
  id: string;
  nickname: string;
  identifier?: string | null;
  team?: number | null;
  tokenHash: string;
  kicked: boolean;
  joinedAt: Date;
  /** A game for a class: the roster entry whose name the player took. */
  classStudentId?: string | null;
};

/** A stored answer, as a restore merges it into the snapshot. */
export type StoredAnswer = {
  playerId: string;
  questionIndex: number;
  answer: unknown;
  correct: boolean;
  points: number;
  timeMs: number;
  clientId: string | null;
  answeredAt: Date;
};

/** `epoch`: the lease's fencing token, which the owner's group commits carry (commitGameBatch). */
export type LeaseClaim = { ok: true; epoch: number } | { ok: false; owner: string };
