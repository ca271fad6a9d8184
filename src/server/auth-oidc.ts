import "server-only";
import { randomBytes } from "node:crypto";
import { genericOAuth } from "better-auth/plugins";
import { inArray } from "drizzle-orm";
import { handleCandidates, handleFromProfile, nameFromProfile, oidcUserRefusal, type OidcProviderConfig } from "@/core/oidc";
import type { Db } from "@/db";
import * as schema from "@/db/schema";
import { env } from "@/env";
import { originFromHeaders } from "./request-origin";

/**
 * Sign-in with OpenID Connect (src/core/oidc.ts reads the providers from QUIZDECK_OIDC_*): Better
 * Auth's genericOAuth plugin, each provider found by discovery from its issuer, with PKCE, a nonce
 * and its ID token checked against the provider's keys. The redirect URI registered at the
 * provider is `<public origin>/api/auth/callback/<id>` (QUIZDECK_PUBLIC_URL is required with a provider).
 *
 * Account linking is Better Auth's: a provider's address that matches an account here is linked
 * to it only when the provider says the address is verified (`email_verified: true`) and the
 * account's own address was confirmed here; otherwise the sign-in is refused (`account_not_linked`).
 * A provider's allow-list of domains is checked on every sign-up, link and sign-in through it
 * (user.validateUserInfo); refusals go back to the sign-in page, which says why.
 */

/** Options merged into Better Auth's (src/server/auth.ts). */
export function oidcAuthOptions(db: Db) {
  const providers = env().QUIZDECK_OIDC_PROVIDERS;
  const byId = new Map(providers.map((p) => [p.id, p]));
  return {
    plugins: providers.length ? [genericOAuth({ config: providers.map((p) => providerConfig(db, p)) })] : [],
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted on its name alone: an address links only when the provider verified it.
        trustedProviders: [] as string[],
        requireLocalEmailVerified: true,
      },
    },
    validateUserInfo: (data: { user: { email?: unknown; emailVerified?: unknown }; source: { method: string; oauth?: { providerId: string } } }) => {
      const provider = data.source.method === "oauth" ? byId.get(data.source.oauth?.providerId ?? "") : undefined;
      if (!provider) return undefined;
      const refusal = oidcUserRefusal(data.user, provider);
      return refusal ? { error: refusal } : undefined;
    },
  };
}

function providerConfig(db: Db, p: OidcProviderConfig) {
  return {
    providerId: p.id,
    name: p.name,
    discoveryUrl: p.discoveryUrl,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    requireIdTokenVerification: true,
    // By the public-origin rule: QUIZDECK_PUBLIC_URL, which a provider requires (src/env.ts).
    redirectURI: `${originFromHeaders(new Headers())}/api/auth/callback/${p.id}`,
    // A new account's handle and name, by sign-up's rules; the provider's picture is not kept.
    mapProfileToUser: async (profile: Record<string, unknown>) => ({
      name: nameFromProfile(profile),
      handle: await freeHandle(db, handleFromProfile(profile)),
      image: undefined,
    }),
  };
}

/** The first of the profile's handle and its numbered variants that no account holds. */
async function freeHandle(db: Db, base: string): Promise<string> {
  const candidates = handleCandidates(base, randomBytes(3).toString("hex"));
  const taken = new Set(
    (await db.select({ handle: schema.users.handle }).from(schema.users).where(inArray(schema.users.handle, candidates))).map((r) => r.handle),
  );
  return candidates.find((h) => !taken.has(h)) ?? candidates[candidates.length - 1]!;
}

/** The buttons of the sign-in and sign-up pages: one per provider. */
export function oidcButtons(): { id: string; name: string }[] {
  return env().QUIZDECK_OIDC_PROVIDERS.map((p) => ({ id: p.id, name: p.name }));
}
