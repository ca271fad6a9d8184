import "server-only";
import { env } from "@/env";
import { getDb } from "@/db";
import { getOrCreateSetting, newSecret } from "@/db/queries/settings";

let secretPromise: Promise<string> | undefined;

/** The instance secret: QUIZDECK_SECRET, else a random one made once and kept in the database. */
export async function appSecret(): Promise<string> {
  const configured = env().QUIZDECK_SECRET;
  if (configured) return configured;
  secretPromise ??= getDb().then((db) => getOrCreateSetting(db, "cookie_secret", newSecret));
  return secretPromise;
}
