import { HANDLE_PATTERN, RESERVED_HANDLES } from "./account";
import { DISPLAY_NAME_MAX } from "./field-errors";
import { hasControlChars } from "./text";

/**
 * Sign-in with OpenID Connect providers configured by environment (README: Configuration).
 *
 * The first provider is `QUIZDECK_OIDC_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_NAME` and
 * `_ALLOWED_DOMAINS`; more are numbered 2 to 9: `QUIZDECK_OIDC_2_ISSUER`, `QUIZDECK_OIDC_2_CLIENT_ID`…
 * Each set of variables is one provider, with its own allow-list of email domains.
 */
export type OidcProviderConfig = {
  /** Better Auth's provider id, in the callback path /api/auth/callback/<id>: "oidc", "oidc-2"… */
  id: string;
  /** What the button says: "Continue with <name>". */
  name: string;
  issuer: string;
  /** Where discovery reads the provider's endpoints and keys. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case domains whose addresses may sign in; empty: any. */
  allowedDomains: string[];
};

export type OidcEnvProblem = { variable: string; message: string };

export const OIDC_MAX_PROVIDERS = 9;
const FIELDS = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "NAME", "ALLOWED_DOMAINS"] as const;
const NAME_MAX = 40;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const prefixOf = (n: number) => (n === 1 ? "QUIZDECK_OIDC_" : `QUIZDECK_OIDC_${n}_`);
const unset = (v: string | undefined) => v === undefined || v.trim() === "";
/** This machine, where a provider may speak plain HTTP (a test's, or one on the same host). */
const loopback = (hostname: string) => hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** The providers an environment configures, and what is wrong with it (each problem names its variable). */
export function parseOidcEnv(source: Record<string, string | undefined>): { providers: OidcProviderConfig[]; problems: OidcEnvProblem[] } {
  const providers: OidcProviderConfig[] = [];
  const problems: OidcEnvProblem[] = [];
  // A numbered variable past the last number read would be ignored without a word.
  for (const key of Object.keys(source)) {
    const m = /^QUIZDECK_OIDC_(\d+)_/.exec(key);
    if (m && (Number(m[1]) < 2 || Number(m[1]) > OIDC_MAX_PROVIDERS) && !unset(source[key])) {
      problems.push({ variable: key, message: `providers are numbered 2 to ${OIDC_MAX_PROVIDERS} (the first has no number)` });
    }
  }
  for (let n = 1; n <= OIDC_MAX_PROVIDERS; n++) {
    const prefix = prefixOf(n);
    const get = (field: (typeof FIELDS)[number]) => source[prefix + field]?.trim() ?? "";
    const problem = (field: (typeof FIELDS)[number], message: string) => problems.push({ variable: prefix + field, message });
    if (unset(source[`${prefix}ISSUER`])) {
      for (const field of FIELDS) if (field !== "ISSUER" && !unset(source[prefix + field])) problem(field, `is set, but ${prefix}ISSUER is not`);
      continue;
    }
    const issuer = issuerProblem(get("ISSUER"));
    if (typeof issuer === "string") problem("ISSUER", issuer);
    if (!get("CLIENT_ID")) problem("CLIENT_ID", `is needed with ${prefix}ISSUER: the client id registered at the provider`);
    if (!get("CLIENT_SECRET")) problem("CLIENT_SECRET", `is needed with ${prefix}ISSUER: the client secret registered at the provider`);
    const name = get("NAME");
    if (name.length > NAME_MAX || hasControlChars(name)) problem("NAME", `must be at most ${NAME_MAX} characters, without control characters`);
    const domains = get("ALLOWED_DOMAINS")
      .split(",")
      .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean);
    for (const d of domains) if (!DOMAIN.test(d)) problem("ALLOWED_DOMAINS", `"${d}" is not a domain name such as school.example`);
    if (typeof issuer !== "string") {
      providers.push({
        id: n === 1 ? "oidc" : `oidc-${n}`,
        name: name || issuer.host,
        issuer: issuer.href.replace(/\/$/, ""),
        discoveryUrl: `${issuer.href.replace(/\/$/, "")}/.well-known/openid-configuration`,
        clientId: get("CLIENT_ID"),
        clientSecret: get("CLIENT_SECRET"),
        allowedDomains: [...new Set(domains)],
      });
    }
  }
  return { providers, problems };
}

/** The issuer as a URL, or why it is not one: https, or http on this machine only (tests, a local provider). */
function issuerProblem(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be the provider's issuer URL, such as https://accounts.school.example/realms/school";
  }
  if (url.search || url.hash || url.username || url.password) return "must be an issuer URL without query, fragment or credentials";
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && loopback(url.hostname)) return url;
  return "must be an https:// URL (http:// only on this machine)";
}

/** Whether `email` may sign in through a provider whose allow-list is `domains` (empty: any address). */
export function emailDomainAllowed(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  return domains.includes(email.slice(at + 1).trim().toLowerCase());
}

/**
 * What the sign-in page says when the provider's round trip ends in a refusal (the `error` of
 * Better Auth's redirect): each refusal has a catalogued message (i18n `auth.oidc.<code>`).
 */
export const OIDC_REFUSALS = ["oidc_domain_not_allowed", "oidc_email_unverified", "oidc_account_not_linked", "oidc_account_disabled", "oidc_cancelled", "oidc_failed"] as const;
export type OidcRefusal = (typeof OIDC_REFUSALS)[number];

/** The refusal a redirect's `error` stands for; null without one. */
export function oidcRefusal(error: string | string[] | undefined): OidcRefusal | null {
  const code = Array.isArray(error) ? error[0] : error;
  if (!code) return null;
  if ((OIDC_REFUSALS as readonly string[]).includes(code)) return code as OidcRefusal;
  // An address already used by an account here, not confirmed by the provider (or not here).
  if (code === "account_not_linked" || code === "unable_to_link_account") return "oidc_account_not_linked";
  if (code === "access_denied") return "oidc_cancelled";
  // An administrator disabled the account (the session hook of src/server/auth.ts refused it).
  if (code === "account_disabled") return "oidc_account_disabled";
  return "oidc_failed";
}

/**
 * Who may use a provider: the allow-list only means something for addresses the provider has
 * confirmed, since some providers let anyone type any address.
 */
export function oidcUserRefusal(user: { email?: unknown; emailVerified?: unknown }, provider: Pick<OidcProviderConfig, "allowedDomains">): OidcRefusal | null {
  if (provider.allowedDomains.length === 0) return null;
  const email = typeof user.email === "string" ? user.email : "";
  if (user.emailVerified !== true) return "oidc_email_unverified";
  return emailDomainAllowed(email, provider.allowedDomains) ? null : "oidc_domain_not_allowed";
}

/** A handle for a new account from the provider's profile: the preferred user name or the address's local part, made to fit. */
export function handleFromProfile(profile: { preferred_username?: unknown; email?: unknown }): string {
  const source = typeof profile.preferred_username === "string" && profile.preferred_username.trim() ? profile.preferred_username : String(profile.email ?? "").split("@")[0] ?? "";
  let handle = source
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24)
    .replace(/^-+|-+$/g, "");
  if (handle.length < 3) handle = `user-${handle || "new"}`;
  if (RESERVED_HANDLES.has(handle)) handle = `${handle}-1`;
  return HANDLE_PATTERN.test(handle) ? handle : "user-new";
}

/** Further handles to try when `base` is taken: base-2, base-3… then `base-<suffix>` (a random suffix the caller picks). */
export function handleCandidates(base: string, suffix: string): string[] {
  const out = [base];
  for (let i = 2; i <= 5; i++) out.push(`${base}-${i}`);
  out.push(`${base}-${suffix}`.slice(0, 30));
  return out;
}

/** A display name from the provider's profile: its name, else the user name or the address's local part. */
export function nameFromProfile(profile: { name?: unknown; preferred_username?: unknown; email?: unknown }): string {
  const pick = [profile.name, profile.preferred_username, String(profile.email ?? "").split("@")[0]].find(
    (v): v is string => typeof v === "string" && v.trim() !== "",
  );
  const name = (pick ?? "Quizdeck user").replace(/\p{Cc}/gu, " ").replace(/\s+/g, " ").trim();
  return name.slice(0, DISPLAY_NAME_MAX) || "Quizdeck user";
}
