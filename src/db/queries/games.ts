import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "../client";
import { games } from "../schema";

/** The open game (not finished or cancelled) that has this PIN, if any. */
export async function findOpenGameByPin(db: Db, pin: string) {
  const [game] = await db
    .select({ id: games.id, state: games.state, settings: games.settings })
    .from(games)
    .where(and(eq(games.pin, pin), notInArray(games.state, ["finished", "cancelled"])));
  return game ?? null;
}
