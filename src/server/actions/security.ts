"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { getAuth } from "../auth";
import { runAction, type ActionResult } from "../action-result";
import { clientKeyOf } from "../client-address";
import { AppError } from "../errors";
import { requireViewer } from "../permissions";
import { consume } from "../rate-limit";
import { qrSvgDataUrlUncached } from "../qr";
import type { Viewer } from "../viewer";

/**
 * The /me security section's actions: turning two-factor on (the QR code is drawn here, on the
 * server) and signing out sessions. Each acts on the signed-in account only, through Better Auth
 * with the member's own cookies; a personal API token cannot do any of it.
 */

async function requireSession(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (viewer.via !== "session") throw new AppError("forbidden", "Manage your account from the website, not with an API token.");
  return viewer;
}

/** Better Auth's APIError carries its code in `body.code`. */
const codeOf = (err: unknown) => (err as { body?: { code?: string } } | null)?.body?.code;

const passwordInput = z.object({ password: z.string().min(1).max(128) });
const sessionInput = z.object({ sessionId: z.string().min(1).max(100) });

export type TwoFactorSetup = { qr: string; secret: string; uri: string; backupCodes: string[] };

/**
 * Starts turning two-factor on: checks the password (the sign-in limits apply), makes a secret and
 * backup codes, and answers the QR code to scan. It is on once a first code is accepted
 * (POST /api/auth/two-factor/verify-totp).
 */
export async function startTwoFactorAction(input: unknown): Promise<ActionResult<TwoFactorSetup>> {
  return runAction(async () => {
    const viewer = await requireSession();
    const { password } = passwordInput.parse(input);
    const h = await headers();
    await consume("signIn", clientKeyOf(h));
    await consume("signInAccount", viewer.email.toLowerCase());
    const auth = await getAuth(h);
    let setup: Awaited<ReturnType<typeof auth.api.enableTwoFactor>>;
    try {
      setup = await auth.api.enableTwoFactor({ headers: h, body: { password } });
    } catch (err) {
      const code = codeOf(err);
      if (code === "INVALID_PASSWORD") throw new AppError("wrong_password");
      if (code === "TOTP_ALREADY_ENABLED") throw new AppError("invalid_state", "Two-factor sign-in is already on.");
      throw err;
    }
    if (!("totpURI" in setup)) throw new AppError("invalid_state");
    const secret = new URL(setup.totpURI).searchParams.get("secret") ?? "";
    return { qr: await qrSvgDataUrlUncached(setup.totpURI), secret, uri: setup.totpURI, backupCodes: setup.backupCodes };
  });
}

/** Signs out one of the account's sessions, by its id (another member's id is simply not found). */
export async function revokeSessionAction(input: unknown): Promise<ActionResult<{ revoked: true }>> {
  return runAction(async () => {
    await requireSession();
    const { sessionId } = sessionInput.parse(input);
    const h = await headers();
    const auth = await getAuth(h);
    const sessions = await auth.api.listSessions({ headers: h });
    const target = sessions.find((s) => s.id === sessionId);
    if (!target) throw new AppError("not_found", "There is no such session.");
    await auth.api.revokeSession({ headers: h, body: { token: target.token } });
    revalidatePath("/me");
    return { revoked: true as const };
  });
}

/** Signs out every session of the account but this one. */
export async function revokeOtherSessionsAction(): Promise<ActionResult<{ revoked: true }>> {
  return runAction(async () => {
    await requireSession();
    const h = await headers();
    await (await getAuth(h)).api.revokeOtherSessions({ headers: h });
    revalidatePath("/me");
    return { revoked: true as const };
  });
}
