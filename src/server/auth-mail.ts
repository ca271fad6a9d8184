import "server-only";
import type { MailKind } from "@/core/mail";
import { sendAccountMail } from "./mail";
import { originFromHeaders } from "./request-origin";

/**
 * Better Auth's mail hooks (src/server/auth.ts): each builds its link by the public-origin rule
 * (src/server/public-url.ts) from the request that asked, to one of our pages, and sends it in the
 * account's language. Better Auth runs them in the background (advanced.backgroundTasks), so a
 * request for an address with an account answers as soon as one for an address without.
 */

type MailUser = { email: string; name: string; handle?: unknown; locale?: unknown };

const origin = (request: Request | undefined) => originFromHeaders(request?.headers ?? new Headers());

function send(kind: MailKind, user: MailUser, link: string): Promise<void> {
  return sendAccountMail({
    kind,
    to: user.email,
    locale: typeof user.locale === "string" ? user.locale : null,
    link,
    name: user.name,
    handle: typeof user.handle === "string" ? user.handle : "",
  });
}

/** emailAndPassword.sendResetPassword: a link to /reset-password holding the single-use token. */
export function sendResetPasswordMail({ user, token }: { user: MailUser; token: string }, request?: Request): Promise<void> {
  return send("resetPassword", user, `${origin(request)}/reset-password?token=${encodeURIComponent(token)}`);
}

/** What a verification token (a JWT Better Auth signed) is for: a change of address carries the new one. */
function isEmailChange(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { requestType?: unknown; updateTo?: unknown };
    return payload.requestType === "change-email-verification" || typeof payload.updateTo === "string";
  } catch {
    return false;
  }
}

/**
 * emailVerification.sendVerificationEmail: after sign-up (or a sign-in before confirming), and
 * for a change of email, where Better Auth passes the account with its new address.
 */
export function sendVerificationMail({ user, token }: { user: MailUser; token: string }, request?: Request): Promise<void> {
  const link = `${origin(request)}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/email-verified")}`;
  return send(isEmailChange(token) ? "changeEmail" : "verifyEmail", user, link);
}
