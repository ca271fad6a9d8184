import proxyaddr from "proxy-addr";
import { z } from "zod";
import { parseTrustProxy } from "./core/http/client-address";
import { normalizeHost } from "./core/http/origin";
import { parseMailFrom, smtpUrlProblem } from "./core/mail";
import { parseOidcEnv, type OidcProviderConfig } from "./core/oidc";
import { ROLES } from "./core/http/roles";

/** "" counts as unset, so `NAME=` in a compose file or .env means "the default". */
const unsetIfEmpty = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(unsetIfEmpty, z.coerce.number().int().min(min).max(max).default(fallback));

/** Every environment variable Quizdeck reads, validated once at start-up (README: Configuration). */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  QUIZDECK_DATA_DIR: z.string().trim().min(1).default("./data"),
  QUIZDECK_SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  QUIZDECK_PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://quiz.example.org" }).optional(),
  // Signs guest cookies. Unset: a random secret is made once and kept in the database.
  QUIZDECK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Accounts signing up (or in) with one of these emails become admins; comma-separated.
  QUIZDECK_ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Host names links may be built from (README: Configuration); comma-separated host or host:port.
  QUIZDECK_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v, ctx) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
        .map((h) => {
          if (normalizeHost(h) === null) ctx.addIssue({ code: "custom", message: `"${h}" is not a host name or host:port` });
          return h;
        }),
    ),
  // Which peers may tell us the client's address and the request's host: off, a hop count, or
  // addresses/CIDRs (proxy-addr's syntax, including loopback, linklocal, uniquelocal).
  QUIZDECK_TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (Array.isArray(trust)) {
        try {
          proxyaddr.compile(trust);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: `must be a number of proxies or a list of addresses/CIDRs (${(err as Error).message})` });
        }
      }
      return trust;
    }),
  // The live counters (/api/live/stats) are served on this port, on 127.0.0.1 only; unset: not at all.
  QUIZDECK_STATS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).max(65535).optional()),
  // Bearer token for /metrics on the app's port; unset: /metrics there answers 404 (the stats port still serves it).
  QUIZDECK_METRICS_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, "must be at least 16 characters").optional()),
  // Log level of the JSON logs on stdout (LOG_LEVEL is read too).
  QUIZDECK_LOG_LEVEL: z.preprocess(
    (v) => (typeof unsetIfEmpty(v) === "string" ? String(v).trim().toLowerCase() : undefined),
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  // Redis (redis://host:port): rate limits counted across instances; unset: in this process's memory.
  REDIS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  // Outgoing mail (password resets, address checks): smtp://user:pass@host:587 (STARTTLS) or smtps://…:465.
  // Unset: no mail is sent; the link is logged for the administrator instead.
  QUIZDECK_SMTP_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .optional()
      .superRefine((v, ctx) => {
        const problem = v === undefined ? null : smtpUrlProblem(v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  ),
  // The sender of that mail: quiz@school.example or "Quizdeck <quiz@school.example>".
  QUIZDECK_MAIL_FROM: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const from = parseMailFrom(v);
        if (!from) ctx.addIssue({ code: "custom", message: "must be one address: quiz@school.example or Quizdeck <quiz@school.example>" });
        return from ?? undefined;
      }),
  ),
  // New accounts must open the link mailed to them before they can sign in.
  QUIZDECK_REQUIRE_EMAIL_VERIFICATION: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Rate limits (README: Configuration); raise them only for load tests.
  QUIZDECK_RATE_LIMIT_SIGN_IN: int(1, 1_000_000, 30),
  QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: int(1, 1_000_000, 5),
  QUIZDECK_RATE_LIMIT_PIN_GUESSES: int(1, 1_000_000, 20),
  // Mails (reset links, address checks) a client address may ask for an hour, and one address may be sent an hour.
  QUIZDECK_RATE_LIMIT_EMAIL: int(1, 1_000_000, 20),
  QUIZDECK_RATE_LIMIT_EMAIL_RECIPIENT: int(1, 1_000_000, 5),
  // Solo attempts a guest (or, without a guest cookie, an address) may start per minute.
  QUIZDECK_RATE_LIMIT_ATTEMPTS: int(1, 1_000_000, 30),
  // Challenges a member may create per minute.
  QUIZDECK_RATE_LIMIT_CHALLENGES: int(1, 1_000_000, 30),
  // Live games: how long answers wait to be written together, and how long a dropped phone keeps its place.
  QUIZDECK_LIVE_COMMIT_MS: int(0, 1000, 4),
  QUIZDECK_LIVE_RECONNECT_GRACE_MS: int(0, 3_600_000, 15_000),
  // End-to-end tests only: lets a cookie move study mode's clock forward ("come back tomorrow").
  // Never set it on a real server: anyone could then study their cards ahead of time.
  QUIZDECK_TEST_CLOCK: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // What this process serves (src/core/http/roles.ts): pages and live games (all), pages only (web),
  // live games only (live). web and live share a PostgreSQL database with the other processes.
  QUIZDECK_ROLE: z.preprocess(
    (v) => (typeof unsetIfEmpty(v) === "string" ? String(v).trim().toLowerCase() : undefined),
    z.enum(ROLES, { message: `must be one of ${ROLES.join(", ")}` }).default("all"),
  ),
  // This process's CPU priority as a nice value (0–19); unset: 10 for QUIZDECK_ROLE=web, else 0.
  QUIZDECK_NICE: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(19).optional()),
  PORT: int(1, 65535, 3000),
  HOSTNAME: z.string().trim().min(1).default("0.0.0.0"),
}).superRefine((v, ctx) => {
  // A mailed link must not take its host from the request alone: anyone could ask for a reset
  // link to someone else's address with a forged Host and receive the token at their own site.
  if (v.QUIZDECK_SMTP_URL && !v.QUIZDECK_PUBLIC_URL && v.QUIZDECK_ALLOWED_HOSTS.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["QUIZDECK_SMTP_URL"],
      message:
        "needs QUIZDECK_PUBLIC_URL or QUIZDECK_ALLOWED_HOSTS: links in mail must not come from a Host header anyone can forge",
    });
  }
  if (v.QUIZDECK_SMTP_URL && !v.QUIZDECK_MAIL_FROM) {
    ctx.addIssue({
      code: "custom",
      path: ["QUIZDECK_MAIL_FROM"],
      message: "is needed with QUIZDECK_SMTP_URL: the address mail is sent from (quiz@school.example or Quizdeck <quiz@school.example>)",
    });
  }
  // PGlite lives inside one process: a process serving only pages, or only live games, would
  // have no database to share with the other half.
  if (v.QUIZDECK_ROLE !== "all" && !v.DATABASE_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["QUIZDECK_ROLE"],
      message:
        `"${v.QUIZDECK_ROLE}" needs DATABASE_URL: web and live instances share one PostgreSQL database. ` +
        "The embedded database (PGlite) lives inside a single process, which then serves pages and live games together: leave QUIZDECK_ROLE unset (all)",
    });
  }
});

/**
 * With the OpenID Connect providers read from QUIZDECK_OIDC_* (src/core/oidc.ts: the first
 * provider's variables and numbered ones, QUIZDECK_OIDC_2_ISSUER…), which a fixed schema cannot list.
 */
export type Env = z.infer<typeof schema> & { QUIZDECK_OIDC_PROVIDERS: OidcProviderConfig[] };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment; throws EnvError naming every bad variable and what it expects. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // QUIZDECK_RATE_LIMIT_JOIN (joins per address) became the wrong-PIN limit: still read as its old name.
  const input = {
    ...source,
    QUIZDECK_RATE_LIMIT_PIN_GUESSES: source.QUIZDECK_RATE_LIMIT_PIN_GUESSES ?? source.QUIZDECK_RATE_LIMIT_JOIN,
    // LOG_LEVEL: the name most log tooling (and container platforms) expect.
    QUIZDECK_LOG_LEVEL: source.QUIZDECK_LOG_LEVEL || source.LOG_LEVEL,
  };
  const result = schema.safeParse(input);
  const oidc = parseOidcEnv(source);
  // The provider sends people back to a redirect URI registered with it: it cannot depend on a Host header.
  if (oidc.providers.length && result.success && !result.data.QUIZDECK_PUBLIC_URL) {
    oidc.problems.push({ variable: "QUIZDECK_OIDC_ISSUER", message: "needs QUIZDECK_PUBLIC_URL: the redirect URI registered at the provider is built from it" });
  }
  if (result.success && oidc.problems.length === 0) return { ...result.data, QUIZDECK_OIDC_PROVIDERS: oidc.providers };
  const lines = [
    ...(result.success ? [] : result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`)),
    ...oidc.problems.map((p) => `  ${p.variable}: ${p.message}`),
  ];
  throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
