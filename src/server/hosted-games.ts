import "server-only";
import { getDb } from "@/db";
import type { GameRow } from "@/core/live/stored";
import { findOpenGameByPin, getGame, listHostedGames } from "@/db/queries/games";
import { DrizzleGameStore } from "./live/game-store-drizzle";
import { loadGameState } from "./live/load-state";

/**
 * What pages and the report route read about live games: the game a host opens, the open game a
 * PIN names, a host's past games and a finished game's state. Running one is src/server/live's.
 */

/** A game by id (any host's; the caller checks it is the viewer's), or null. */
export async function findGame(gameId: string) {
  return getGame(await getDb(), gameId);
}

/** The open game (not finished or cancelled) that has this PIN, or null. */
export async function openGameByPin(pin: string) {
  return findOpenGameByPin(await getDb(), pin);
}

/** A host's games, newest first, for their history on /me. */
export async function hostedGames(userId: string, limit?: number) {
  return listHostedGames(await getDb(), userId, limit);
}

/** A game's engine state from its snapshot and its rows, as its report is made from. */
export async function storedGameState(game: GameRow) {
  return loadGameState(new DrizzleGameStore(getDb), game);
}
