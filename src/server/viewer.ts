import "server-only";
import { createHash } from "node:crypto";
import { cache } from "react";
import { headers } from "next/headers";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import type { PlayerIdentity } from "@/core/play/attempt";
import { apiTokens, users } from "@/db/schema";
import { getAuth } from "./auth";
import { readGuest } from "./guest";

export type Role = "member" | "admin";
export type Viewer = {
  id: string;
  handle: string;
  name: string;
  email: string;
  /** The email was confirmed by opening a link sent to it. */
  emailVerified: boolean;
  role: Role;
  locale: string;
  via: "session" | "token";
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function viewerFromToken(token: string): Promise<Viewer | null> {
  const db = await getDb();
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .returning({ userId: apiTokens.userId });
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  // A disabled account's tokens are kept (enabling it gives them back) but do nothing meanwhile.
  return user && !user.disabledAt
    ? { id: user.id, handle: user.handle, name: user.name, email: user.email, emailVerified: user.emailVerified, role: user.role, locale: user.locale, via: "token" }
    : null;
}

/**
 * Who is making this request: a personal API token (`Authorization: Bearer …`) or the session
 * cookie. Once per request (React cache). Every page, action and route checks permission itself
 * with this; nothing relies on middleware.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const h = await headers();
  const authorization = h.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return viewerFromToken(authorization.slice(7).trim());
  if (!h.get("cookie")?.includes("quizdeck.session_token")) return null;
  const auth = await getAuth(h);
  const session = await auth.api.getSession({ headers: h });
  if (!session) return null;
  const u = session.user as typeof session.user & { handle: string; role: string; locale?: string | null; disabledAt?: Date | string | null };
  // Disabling deletes the account's sessions; one made in a race with it is refused here too.
  if (u.disabledAt) return null;
  return {
    id: u.id,
    handle: u.handle,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified,
    role: u.role === "admin" ? "admin" : "member",
    locale: u.locale ?? "en",
    via: "session",
  };
});

/** Who is playing in this request: the signed-in member, else the guest cookie, else nobody yet. */
export async function currentPlayer(): Promise<PlayerIdentity | null> {
  const viewer = await getViewer();
  if (viewer) return { userId: viewer.id, guestId: null };
  const guest = await readGuest();
  return guest ? { userId: null, guestId: guest.id } : null;
}
