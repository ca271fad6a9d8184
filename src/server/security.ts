import "server-only";
import { headers } from "next/headers";
import { orderSessions, type PasskeySummary, type SessionRow } from "@/core/second-factor";
import { getAuth, relyingPartyOf } from "./auth";
import { AppError } from "./errors";
import type { Viewer } from "./viewer";

/**
 * The /me security section's data, through Better Auth's own endpoints called on the server with
 * the member's cookies (listPasskeys, listSessions): each answers for the signed-in account only.
 */

export type SecurityOverview = {
  passkeys: PasskeySummary[];
  /** Why this address cannot use passkeys, when it cannot (src/core/http/relying-party.ts). */
  passkeysUnavailable: "ip_address" | "not_secure" | null;
  twoFactorEnabled: boolean;
  sessions: SessionRow[];
};

export async function securityOverview(viewer: Viewer): Promise<SecurityOverview> {
  const h = await headers();
  const auth = await getAuth(h);
  const session = await auth.api.getSession({ headers: h });
  if (!session || session.user.id !== viewer.id) throw new AppError("unauthorized");
  const [passkeys, sessions] = await Promise.all([auth.api.listPasskeys({ headers: h }), auth.api.listSessions({ headers: h })]);
  const rp = relyingPartyOf(h);
  return {
    passkeys: passkeys
      .map((p) => ({ id: p.id, name: p.name ?? null, createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null, deviceType: p.deviceType }))
      .sort((a, b) => (a.createdAt ?? "").localeCompare(b.createdAt ?? "")),
    passkeysUnavailable: rp.ok ? null : rp.reason,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    sessions: orderSessions(sessions, session.session.id),
  };
}
