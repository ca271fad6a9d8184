// The few parts of oidc-provider (which ships no types) that e2e/oidc-provider.ts uses.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type GrantClass = {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
  type Ctx = {
    oidc: {
      provider: { Grant: GrantClass };
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  };

  export type Configuration = {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys: string[] };
    findAccount(ctx: Ctx, sub: string): Promise<{ accountId: string; claims(): Promise<Claims> } | undefined>;
    loadExistingGrant?(ctx: Ctx): Promise<Grant | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host: string, callback: () => void): Server;
    on(event: "server_error", listener: (ctx: Ctx, err: Error) => void): this;
  }
}
