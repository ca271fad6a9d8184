import type { Server } from "node:http";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A real OpenID Provider on loopback for the tests: `oidc-provider` (a certified implementation),
 * with discovery, signed ID tokens, PKCE, and its development login page, where any password
 * works for a login listed in `accounts`. Consent is granted without asking (as a school's provider
 * does for its own apps). `accounts` may change while it runs.
 */
export type OidcAccount = { email: string; email_verified: boolean; name: string; preferred_username?: string };

export type OidcProviderHandle = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
};

export async function startOidcProvider(options: { port: number; redirectUris: string[]; accounts?: Record<string, OidcAccount> }): Promise<OidcProviderHandle> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = "quizdeck-e2e";
  const clientSecret = "quizdeck-e2e-secret-0123456789abcdef";
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    // Claims in the ID token itself too, as most providers do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["quizdeck-e2e-oidc-cookie-key-0123456789"] },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account }) };
    },
    // Grant what the client asks for without a consent screen.
    loadExistingGrant: async (ctx) => {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (grantId) {
        const found = await oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // The development pages warn on stderr at every start; the tests know.
  provider.on("server_error", (_ctx, err) => console.error("oidc-provider:", err));
  const server: Server = await new Promise((resolve, reject) => {
    const s = provider.listen(options.port, "127.0.0.1", () => resolve(s));
    s.on("error", reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
