import "server-only";
import { and, eq, lte } from "drizzle-orm";
import { usedCodeKeptUntil } from "@/core/totp-reuse";
import type { Db } from "../client";
import { totpUsedCodes } from "../schema";

/**
 * The TOTP codes an account has used (src/core/totp-reuse.ts), in the database so that every
 * instance and a restarted server refuse them alike.
 */

/**
 * Claims `code` for the account at `now`: true when it was not in use (it is now remembered until
 * the memory runs out), false when a live claim holds it (a reuse). Expired rows, of every account,
 * are forgotten first; the primary key (user, code) makes two claims at once end with one winner.
 */
export async function claimTotpCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  await db.delete(totpUsedCodes).where(lte(totpUsedCodes.keptUntil, now));
  const inserted = await db
    .insert(totpUsedCodes)
    .values({ userId, code, keptUntil: usedCodeKeptUntil(now) })
    .onConflictDoNothing()
    .returning({ code: totpUsedCodes.code });
  return inserted.length > 0;
}

/** Gives a claim back: the code was not accepted after all (a wrong code is not "used"). */
export async function releaseTotpCode(db: Db, userId: string, code: string): Promise<void> {
  await db.delete(totpUsedCodes).where(and(eq(totpUsedCodes.userId, userId), eq(totpUsedCodes.code, code)));
}

/** The account's remembered codes (for tests and the data export's completeness check). */
export async function usedTotpCodes(db: Db, userId: string): Promise<{ code: string; keptUntil: Date }[]> {
  return db.select({ code: totpUsedCodes.code, keptUntil: totpUsedCodes.keptUntil }).from(totpUsedCodes).where(eq(totpUsedCodes.userId, userId));
}
