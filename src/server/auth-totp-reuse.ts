import "server-only";
import { APIError, getSessionFromCtx, isAPIError, type createAuthMiddleware } from "better-auth/api";
import { totpCodeOf } from "@/core/totp-reuse";
import type { Db } from "@/db";
import { claimTotpCode, releaseTotpCode } from "@/db/queries/totp-codes";
import { ERRORS } from "./errors";

/**
 * A TOTP code works once (src/core/totp-reuse.ts): Better Auth 1.7's twoFactor plugin accepts a
 * code again while it is within its window (better-auth/better-auth#10387), so its one endpoint
 * that checks a TOTP code, POST /two-factor/verify-totp (the second step of a sign-in, and the
 * first code that turns two-factor on), is wrapped with Better Auth's public hooks:
 *
 * - before: the account's claim on the code is taken in the database (claimTotpCode); a code
 *   already claimed, by an earlier sign-in or by a request running at the same time on any
 *   instance, is refused as a wrong code is (`invalid_code`, whose message says "or it was
 *   already used") without reaching Better Auth, so it does not count as a failure either.
 * - after: when Better Auth refused the code (wrong, locked, expired second step), the claim is
 *   given back, so only accepted codes are remembered.
 *
 * The account is the session's (turning two-factor on) or the one the second step's signed
 * `two_factor` cookie names (a sign-in), as Better Auth itself finds it.
 */

export const VERIFY_TOTP_PATH = "/two-factor/verify-totp";
/** The cookie of a sign-in's second step (twoFactor's TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = "two_factor";

export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account whose code this is, or null when Better Auth will refuse the request anyway. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return verification && verification.expiresAt.getTime() > Date.now() ? verification.value : null;
}

const codeOf = (ctx: HookContext) => totpCodeOf((ctx.body as { code?: unknown } | undefined)?.code);

/** The two hooks' handlers; auth.ts wraps them (createAuthMiddleware) with the other hooks'. */
export function totpReuseHooks(db: Db, now: () => Date = () => new Date()) {
  return {
    before: async (ctx: HookContext) => {
      if (ctx.path !== VERIFY_TOTP_PATH) return;
      const code = codeOf(ctx);
      if (!code) return;
      const userId = await accountOf(ctx);
      if (!userId) return;
      if (!(await claimTotpCode(db, userId, code, now()))) {
        throw new APIError("UNAUTHORIZED", { code: "invalid_code", message: ERRORS.invalid_code.message });
      }
    },
    after: async (ctx: HookContext) => {
      if (ctx.path !== VERIFY_TOTP_PATH || !isAPIError(ctx.context.returned)) return;
      const code = codeOf(ctx);
      if (!code) return;
      const userId = await accountOf(ctx);
      if (userId) await releaseTotpCode(db, userId, code);
    },
  };
}
