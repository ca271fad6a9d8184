import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { verifications } from "../schema";

/** When a password-reset token (Better Auth's `reset-password:<token>` row) expires; null when there is none (never made, or used). */
export async function resetTokenExpiry(db: Db, token: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.expiresAt ?? null;
}
