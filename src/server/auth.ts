import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins";
import { passkey } from "@better-auth/passkey";
import { and, eq, isNull, ne } from "drizzle-orm";
import { displayNameSchema, handleSchema, PASSWORD_MIN } from "@/core/account";
import { adminEmailSet, promotedAtSignIn, roleForNewAccount } from "@/core/admin";
import { relyingParty, type RelyingParty } from "@/core/http/relying-party";
import { TOTP_PERIOD_SECONDS } from "@/core/totp-reuse";
import { RESET_PASSWORD_TTL_SECONDS, VERIFY_EMAIL_TTL_SECONDS } from "@/core/mail";
import { fieldErrorCode, fieldErrorEnglish } from "@/core/field-errors";
import { getDb, type Db } from "@/db";
import * as schema from "@/db/schema";
import { env } from "@/env";
import { isLocale, LOCALE_COOKIE, negotiateLocale } from "@/core/locale";
import { log } from "@/log";
import { sendResetPasswordMail, sendVerificationMail } from "./auth-mail";
import { oidcAuthOptions } from "./auth-oidc";
import { backupCodeBody, backupCodeOptions, VERIFY_BACKUP_CODE_PATH } from "./auth-backup-codes";
import { totpReuseHooks } from "./auth-totp-reuse";
import { ERRORS } from "./errors";
import { decodeGuest, GUEST_COOKIE } from "./guest-cookie";
import { originFromHeaders } from "./request-origin";
import { requestScheme, secureCookies } from "./request-scheme";
import { appSecret } from "./secret";

/**
 * Accounts: Better Auth with its email-and-password endpoints under /api/auth, on our own users,
 * sessions, accounts and verifications tables (its Drizzle adapter, on PGlite and PostgreSQL).
 * Sessions are httpOnly cookies. Rate limiting of sign-in, sign-up and of every request that sends
 * mail is ours (src/app/api/auth/[...all]/route.ts), so it answers in the API's error shape.
 *
 * Mail (auth-mail.ts): a password reset is a single-use token kept in `verifications` for an hour;
 * an address check (after sign-up, or for a new address) is a JWT signed with the secret, for a
 * day. Both are sent in the background, so a request never waits for the SMTP server.
 *
 * `secure`: Better Auth fixes its cookies' attributes per instance, while whether a request came
 * over HTTPS is known per request (request-scheme.ts); so there are two instances, one whose
 * cookies are `Secure` (and named with the `__Secure-` prefix) and one whose are not.
 *
 * Second factors: passkeys (@better-auth/passkey) and TOTP with backup codes (`twoFactor`). A
 * passkey belongs to a relying party, the host name of the origin the public-origin rule gives for
 * the request (relyingParty in src/core/http/relying-party.ts), and is checked against that origin;
 * the passkey plugin fixes both per instance, so instances are kept per origin too (see getAuth).
 */
function createAuth(db: Db, secret: string, secure: boolean, rp: RelyingParty) {
  const totp = totpReuseHooks(db);
  const e = env();
  const adminEmails = adminEmailSet(e.QUIZDECK_ADMIN_EMAILS);
  const oidc = oidcAuthOptions(db);
  return betterAuth({
    appName: "Quizdeck",
    secret,
    baseURL: e.QUIZDECK_PUBLIC_URL,
    basePath: "/api/auth",
    // Same-origin only: the page's own host (however the server is reached) and the public URL.
    // Anything else, such as a cross-site form post, is refused with INVALID_ORIGIN.
    trustedOrigins: (request) => {
      const host = request?.headers.get("host");
      const proto = request ? requestScheme(request.headers) : "http";
      return [host ? `${proto}://${host}` : null, e.QUIZDECK_PUBLIC_URL ? new URL(e.QUIZDECK_PUBLIC_URL).origin : null];
    },
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      autoSignIn: true,
      // With it, sign-in waits for the address to be confirmed, and a sign-up with an address
      // already in use answers as a new one would (Better Auth's generic duplicate response).
      requireEmailVerification: e.QUIZDECK_REQUIRE_EMAIL_VERIFICATION,
      sendResetPassword: sendResetPasswordMail,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TTL_SECONDS,
      // Whoever knew the old password is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendVerificationEmail: sendVerificationMail,
      // Without SMTP, a link is only logged when the administrator has to hand it over.
      sendOnSignUp: e.QUIZDECK_REQUIRE_EMAIL_VERIFICATION || Boolean(e.QUIZDECK_SMTP_URL),
      // Only when verification is required: a sign-in before confirming sends a new link.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
    },
    user: {
      // The link goes to the new address; the email changes when it is opened there.
      changeEmail: { enabled: true },
      validateUserInfo: oidc.validateUserInfo,
      additionalFields: {
        handle: { type: "string", required: true, input: true },
        role: { type: "string", required: false, input: false, defaultValue: "member" },
        locale: { type: "string", required: false, input: false, defaultValue: "en" },
        // Set by an admin (src/core/admin.ts): read with the session, so getViewer can refuse it.
        disabledAt: { type: "date", required: false, input: false },
      },
    },
    account: oidc.account,
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    // A TOTP code works once (auth-totp-reuse.ts); a backup code compares without case (auth-backup-codes.ts).
    hooks: {
      before: createAuthMiddleware(async (ctx) => (ctx.path === VERIFY_BACKUP_CODE_PATH ? backupCodeBody(ctx.body) : totp.before(ctx))),
      after: createAuthMiddleware(totp.after),
    },
    advanced: {
      cookiePrefix: "quizdeck",
      useSecureCookies: secure,
      // Mail hooks run without holding the request (see sendAccountMail; it never throws).
      backgroundTasks: {
        handler: (task: Promise<unknown>) => {
          task.catch((err: unknown) => log().error({ component: "mail", err: (err as Error).message }, "mail task failed"));
        },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const checked = await checkUserFields(db, user, null);
            const role = roleForNewAccount(user.email, adminEmails);
            // The interface language the person signed up in: their mail comes in it too.
            const headers = ctx?.headers ?? ctx?.request?.headers;
            const saved = headers?.get("cookie")?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`))?.[1];
            const locale = isLocale(saved) ? saved : negotiateLocale(headers?.get("accept-language"));
            return { data: { ...user, ...checked, role, locale } };
          },
          after: async (user, ctx) => {
            // A guest's attempts made in this browser become the new account's.
            const cookie = ctx?.headers?.get("cookie") ?? ctx?.request?.headers.get("cookie") ?? "";
            const raw = cookie
              .split(/;\s*/)
              .find((c) => c.startsWith(`${GUEST_COOKIE}=`))
              ?.slice(GUEST_COOKIE.length + 1);
            const guest = decodeGuest(raw ? decodeURIComponent(raw) : undefined, secret);
            if (guest) {
              await db
                .update(schema.attempts)
                .set({ userId: user.id, guestId: null })
                .where(and(eq(schema.attempts.guestId, guest.id), isNull(schema.attempts.userId)));
            }
          },
        },
        // Better Auth's own POST /api/auth/update-user (and any other path that writes a user)
        // must keep the same rules as sign-up.
        update: {
          before: async (user, ctx) => {
            const self = (ctx?.context as { session?: { user?: { id?: string } } | null } | undefined)?.session?.user?.id ?? null;
            // A new email set by /verify-email was confirmed by opening the link sent to it.
            const confirmed = ctx?.path === "/verify-email" && typeof user.email === "string" ? { emailVerified: true } : {};
            return { data: { ...user, ...(await checkUserFields(db, user, self)), ...confirmed } };
          },
        },
      },
      session: {
        create: {
          // A disabled account gets no session, whichever way it signs in (password, a second
          // factor, a passkey, OpenID Connect): the sign-in is refused with account_disabled.
          before: async (session) => {
            const [user] = await db.select({ disabledAt: schema.users.disabledAt }).from(schema.users).where(eq(schema.users.id, session.userId)).limit(1);
            if (user?.disabledAt) throw new APIError("FORBIDDEN", { code: "account_disabled", message: ERRORS.account_disabled.message });
          },
          after: async (session) => {
            // QUIZDECK_ADMIN_EMAILS also promotes an account that existed before it was listed.
            if (adminEmails.size === 0) return;
            const [user] = await db.select().from(schema.users).where(eq(schema.users.id, session.userId)).limit(1);
            if (user && promotedAtSignIn(user, adminEmails)) {
              await db.update(schema.users).set({ role: "admin" }).where(eq(schema.users.id, user.id));
            }
          },
        },
      },
    },
    plugins: [
      ...oidc.plugins,
      twoFactor({
        issuer: "Quizdeck",
        // The period our memory of used codes is computed for (src/core/totp-reuse.ts).
        totpOptions: { period: TOTP_PERIOD_SECONDS, digits: 6 },
        // The first code from the app turns it on (POST /two-factor/verify-totp with the session).
        skipVerificationOnEnable: false,
        backupCodeOptions: backupCodeOptions(secret),
        // The second step of a sign-in may take 10 minutes; a device is not remembered unless asked.
        twoFactorCookieMaxAge: TWO_FACTOR_STEP_SECONDS,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
      // Without a relying party (an IP address or plain HTTP) browsers refuse passkeys: the page says
      // so, and any request that gets here anyway fails Better Auth's check of the origin.
      passkey({ rpName: "Quizdeck", rpID: rp.ok ? rp.id : "invalid.invalid", origin: rp.origin }),
      nextCookies(),
    ],
  });
}

/**
 * The handle and name rules of sign-up, for every write of a user (create or update): fields not
 * being written are left alone. Answers in the API's error shape (see src/app/api/auth).
 */
async function checkUserFields(db: Db, user: Record<string, unknown>, selfId: string | null): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // Rules give a field error code as their message: the API answers its English and the code.
  const invalid = (field: string, message: string) =>
    new APIError("UNPROCESSABLE_ENTITY", {
      code: "validation_failed",
      message: fieldErrorEnglish(message),
      fields: { [field]: [fieldErrorEnglish(message)] },
      fieldCodes: { [field]: [fieldErrorCode(message)] },
    });
  if ("name" in user && user.name !== undefined) {
    const name = displayNameSchema.safeParse(user.name);
    if (!name.success) throw invalid("name", name.error.issues[0]?.message ?? "Invalid name");
    out.name = name.data;
  }
  if ("image" in user && user.image != null) throw invalid("image", "Profile images are not supported.");
  if ("handle" in user && user.handle !== undefined) {
    const handle = handleSchema.safeParse(user.handle);
    if (!handle.success) throw invalid("handle", handle.error.issues[0]?.message ?? "Invalid handle");
    const taken = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(selfId ? and(eq(schema.users.handle, handle.data), ne(schema.users.id, selfId)) : eq(schema.users.handle, handle.data))
      .limit(1);
    if (taken.length) throw new APIError("CONFLICT", { code: "handle_taken", message: ERRORS.handle_taken.message });
    out.handle = handle.data;
  }
  return out;
}

/** How long the second step of a sign-in (the code) may wait after the password. */
export const TWO_FACTOR_STEP_SECONDS = 10 * 60;

export type Auth = ReturnType<typeof createAuth>;

// One instance of each kind per process, like the database (see src/db/index.ts for why globalThis).
const KEY = Symbol.for("quizdeck.auth");
const registry = globalThis as typeof globalThis & { [KEY]?: Map<string, Promise<Auth>> };
/** Without QUIZDECK_ALLOWED_HOSTS any well-formed Host is an origin: keep the most recent few. */
const MAX_INSTANCES = 16;

/** The relying party of passkeys for this request: the public-origin rule's host. */
export const relyingPartyOf = (headers: Headers): RelyingParty => relyingParty(originFromHeaders(headers));

/**
 * Better Auth for this request: its cookies carry `Secure` by the one rule of request-scheme.ts,
 * and its passkeys belong to the request's public origin (every origin without one shares an instance).
 */
export function getAuth(headers: Headers): Promise<Auth> {
  const secure = secureCookies(headers);
  const rp = relyingPartyOf(headers);
  const key = `${secure}|${rp.ok ? rp.origin : "-"}`;
  const instances = (registry[KEY] ??= new Map());
  let auth = instances.get(key);
  if (!auth) {
    auth = (async () => createAuth(await getDb(), await appSecret(), secure, rp))().catch((err: unknown) => {
      instances.delete(key);
      throw err;
    });
    if (instances.size >= MAX_INSTANCES) instances.delete(instances.keys().next().value as string);
    instances.set(key, auth);
  }
  return auth;
}
