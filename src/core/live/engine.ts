/**
 * The live-game engine (docs/rules.md §4 "Game"): a pure, deterministic state machine. The server
 * owns one `GameState` per game, feeds it commands with its own clock (`now`, ms since epoch),
 * adopts the returned state, carries out the returned effects and wakes it at `nextTickAt`.
 * Nothing here reads a clock, a random source or a socket, so a game can be replayed, tested and
 * restored from its JSON after a restart. See docs/live-protocol.md.
 *
 * This module is the engine's public face; the parts live beside it: state.ts (the state, a new
 * game, players, ranking), effects.ts (commands, effects, outcomes), transitions.ts (the clock
 * and phase changes), commands.ts (`apply`), game-views.ts (what the host and players see),
 * report.ts (the end-of-game report) and persistence.ts (snapshots and restores).
 */

export {
  LIVE_ANSWER_GRACE_MS,
  createGame,
  DROP_GRACE_MS,
  STATE_VERSION,
  type AnswerRecord,
  type GameState,
  type LiveError,
  type LiveQuestion,
  type NewGame,
  type Paused,
  type PlayerState,
  type Result,
} from "./state";
export type { Command, Effect, Outcome, Reply } from "./effects";
export { nextTickAt } from "./transitions";
export { apply } from "./commands";
export { hostView, playerPersonal, playerShared, playerView, playerViews, podium, prepareViews, revealedKey, scoreboard } from "./game-views";
export { CSV_HEADER, report, reportToCsv } from "./report";
export { mergeStoredRows, recomputeFromAnswers, restoreGame, serializeGame, serializeSnapshot } from "./persistence";
