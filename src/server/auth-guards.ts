import "server-only";
import type { NextRequest } from "next/server";
import { resetLinkUsable } from "@/core/reset-link";
import { getDb } from "@/db";
import { resetTokenExpiry } from "@/db/queries/verifications";
import { env } from "@/env";
import type { Auth } from "./auth";
import { clientKeyOf } from "./client-address";
import { requestNow } from "./clock";
import { consume } from "./rate-limit";

/**
 * What /api/auth checks before Better Auth sees a request (src/app/api/auth/[...all]/route.ts):
 * the rate limits, counted before anything is looked up, so a limited request says nothing about
 * an account either.
 */

/** Password guessing: per client address and per account. */
const SIGN_IN = new Set(["/api/auth/sign-in/email", "/api/auth/sign-up/email"]);
/** The second step of a sign-in (a code, a backup code, a passkey): guessing limits per client address. */
const SECOND_STEP = new Set(["/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code", "/api/auth/passkey/verify-authentication"]);
/** Requests of a signed-in member that ask for the account's password. */
const ASKS_PASSWORD = new Set([
  "/api/auth/change-password",
  "/api/auth/two-factor/enable",
  "/api/auth/two-factor/disable",
  "/api/auth/two-factor/get-totp-uri",
  "/api/auth/two-factor/generate-backup-codes",
]);
/** GETs that make and store a WebAuthn challenge: limited per client address. */
const PASSKEY_OPTIONS = new Set(["/api/auth/passkey/generate-register-options", "/api/auth/passkey/generate-authenticate-options"]);
/** Requests that send mail, and the body field naming who receives it. */
const SENDS_MAIL: Record<string, string> = {
  "/api/auth/request-password-reset": "email",
  "/api/auth/send-verification-email": "email",
  "/api/auth/change-email": "newEmail",
};

/** A string field of the JSON body; emails are compared trimmed and lower-cased. */
function field(text: string, name: string, asEmail = true): string | null {
  try {
    const value = (JSON.parse(text) as Record<string, unknown> | null)?.[name];
    if (typeof value !== "string") return null;
    return asEmail ? value.trim().toLowerCase() : value;
  } catch {
    return null;
  }
}

/** Throws `rate_limited` when this request is over one of its limits. */
export async function limitAuthRequest(req: NextRequest, text: string, auth: () => Promise<Auth>): Promise<void> {
  const path = req.nextUrl.pathname;
  const client = clientKeyOf(req.headers);
  if (PASSKEY_OPTIONS.has(path)) {
    await consume("passkeyOptions", client);
    return;
  }
  if (SIGN_IN.has(path)) {
    // Per address (many accounts from one place) and per account (one account from many places).
    await consume("signIn", client);
    const account = field(text, "email");
    if (account) await consume("signInAccount", account);
    return;
  }
  if (SECOND_STEP.has(path)) {
    // Per account too, by Better Auth's lock of the account's second step (src/server/auth.ts).
    await consume("signIn", client);
    return;
  }
  if (ASKS_PASSWORD.has(path)) {
    // The current password is asked: the same guessing limits as signing in, for the signed-in account.
    await consume("signIn", client);
    const session = await (await auth()).api.getSession({ headers: req.headers });
    if (session) await consume("signInAccount", session.user.email.toLowerCase());
    return;
  }
  const recipientField = SENDS_MAIL[path];
  if (recipientField) {
    // Per address (one client mailing many inboxes) and per recipient (one inbox from many clients).
    await consume("email", client);
    const recipient = field(text, recipientField);
    if (recipient) await consume("emailRecipient", recipient);
  }
}

/**
 * With QUIZDECK_TEST_CLOCK (end-to-end tests only), a reset link expires by the test's moved
 * clock too (src/server/clock.ts), as the reset page says; Better Auth's own check uses the real
 * one. Returns false when the token in this reset request has expired by that clock.
 */
export async function resetTokenLiveOnTestClock(req: NextRequest, text: string): Promise<boolean> {
  if (!env().QUIZDECK_TEST_CLOCK || req.nextUrl.pathname !== "/api/auth/reset-password") return true;
  const token = field(text, "token", false);
  if (!token) return true;
  const expiresAt = await resetTokenExpiry(await getDb(), token);
  return resetLinkUsable(expiresAt, requestNow((name) => req.cookies.get(name)?.value));
}
