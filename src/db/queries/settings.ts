import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { appSettings } from "../schema";

/** A setting's value, made by `create` and stored on first use; concurrent first uses agree. */
export async function getOrCreateSetting(db: Db, key: string, create: () => string): Promise<string> {
  const [existing] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (existing) return existing.value;
  await db.insert(appSettings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}

export const newSecret = () => randomBytes(32).toString("base64url");
