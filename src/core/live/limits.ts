/** The live game's limits and defaults (docs/rules.md §9): plain numbers, free of zod. */

export const LIVE_LIMITS = {
  readingDelayMin: 0,
  readingDelayMax: 10,
  maxPlayersMin: 1,
  maxPlayersMax: 5000,
  questionsMax: 200,
  clientIdMax: 64,
} as const;

export const DEFAULT_READING_DELAY_SECONDS = 3;
export const DEFAULT_MAX_PLAYERS = 2000;
/** A lobby with no activity for this long is cancelled (docs/rules.md §4). */
export const LOBBY_IDLE_MS = 2 * 60 * 60 * 1000;
/** Answers received sooner than this after the answers opened are flagged in the report. */
export const SUSPICIOUS_ANSWER_MS = 150;
/** A player with a generated nickname may ask for a new one this many times. */
export const NICKNAME_REROLLS = 3;
export const SCOREBOARD_SIZE = 5;
export const PODIUM_SIZE = 3;
/** The host's extra join field (a student number, say): its label and what a player types. */
export const IDENTIFIER_LABEL_MAX = 40;
export const IDENTIFIER_MAX = 60;
