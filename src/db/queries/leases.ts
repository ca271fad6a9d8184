import "server-only";
import { sql } from "drizzle-orm";
import type { LeaseClaim } from "@/core/live/stored";
import { queryRows, type Db } from "../client";

/**
 * Leases on live games (table game_leases): which instance runs a game. Every comparison uses
 * the database's clock, so instances whose clocks disagree still agree on who holds a lease.
 */

/**
 * Takes the game's lease for `owner` for `ttlMs` when nobody holds it, it has expired, or `owner`
 * holds it already (then it is renewed). One statement, so two instances racing cannot both win.
 * Taking it from another owner (or afresh) draws a new epoch from one sequence; the owner renewing
 * it keeps its epoch.
 */
export async function acquireLease(db: Db, gameId: string, owner: string, ttlMs: number): Promise<LeaseClaim> {
  const won = await queryRows<{ epoch: string | number }>(
    db,
    sql`insert into game_leases (game_id, owner, expires_at)
      values (${gameId}::uuid, ${owner}, now() + ${ttlMs} * interval '1 millisecond')
      on conflict (game_id) do update set owner = excluded.owner, expires_at = excluded.expires_at, handoff_to = null,
          epoch = case when game_leases.owner = excluded.owner then game_leases.epoch else excluded.epoch end
        where game_leases.owner = excluded.owner or game_leases.expires_at <= now()
      returning epoch`,
  );
  if (won.length > 0) return { ok: true, epoch: Number(won[0]!.epoch) };
  const [held] = await queryRows<{ owner: string }>(db, sql`select owner from game_leases where game_id = ${gameId}::uuid`);
  // Released between the two statements: report it free; the caller tries again.
  return { ok: false, owner: held?.owner ?? "" };
}

/**
 * The heartbeat: extends every lease of `owner` among `gameIds`. An expired lease nobody took
 * is still ours (taking one changes its owner in one statement, so this cannot race a taker).
 * Returns the games still held, and those another instance asked to be handed over.
 */
export async function renewLeases(db: Db, owner: string, gameIds: string[], ttlMs: number): Promise<{ held: string[]; handoff: string[] }> {
  if (gameIds.length === 0) return { held: [], handoff: [] };
  const rows = await queryRows<{ game_id: string; handoff_to: string | null }>(
    db,
    sql`update game_leases set expires_at = now() + ${ttlMs} * interval '1 millisecond'
      where owner = ${owner} and game_id = any(${`{${gameIds.join(",")}}`}::uuid[])
      returning game_id, handoff_to`,
  );
  return { held: rows.map((r) => r.game_id), handoff: rows.filter((r) => r.handoff_to !== null).map((r) => r.game_id) };
}

/** Asks the owner of a live lease to hand the game to `requester` (seen at its next heartbeat). */
export async function requestHandoff(db: Db, gameId: string, requester: string): Promise<void> {
  await db.execute(sql`update game_leases set handoff_to = ${requester} where game_id = ${gameId}::uuid and owner <> ${requester}`);
}

/** Gives up leases of `owner` (all of them without `gameIds`): another instance may take them at once. */
export async function releaseLeases(db: Db, owner: string, gameIds?: string[]): Promise<void> {
  if (gameIds && gameIds.length === 0) return;
  await db.execute(
    gameIds
      ? sql`delete from game_leases where owner = ${owner} and game_id = any(${`{${gameIds.join(",")}}`}::uuid[])`
      : sql`delete from game_leases where owner = ${owner}`,
  );
}

/** Forgets every lease: only for a database that a single process can open (PGlite). */
export async function clearLeases(db: Db): Promise<void> {
  await db.execute(sql`delete from game_leases`);
}
