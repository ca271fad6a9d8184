import "server-only";
import { resetLinkUsable } from "@/core/reset-link";
import { getDb } from "@/db";
import { resetTokenExpiry } from "@/db/queries/verifications";
import { studyNow } from "./clock";

/** Whether a password-reset link's token can still set a password (exists, unused, not expired). */
export async function resetTokenUsable(token: string): Promise<boolean> {
  if (token.length === 0 || token.length > 200) return false;
  return resetLinkUsable(await resetTokenExpiry(await getDb(), token), await studyNow());
}
