import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/db";
import { getAuth } from "./auth";
import { CLIENT_PROTO_HEADER } from "./request-scheme";

/**
 * The session cookie follows the same rule as the guest cookie (request-scheme.ts): with no
 * QUIZDECK_PUBLIC_URL, a request that came over HTTPS (as the custom server stamps it from a
 * trusted proxy) gets a `Secure` session cookie, a plain-HTTP one does not, and each session is
 * read back by the instance that set it.
 */
const ORIGIN = "http://quizdeck.test:3000";

function post(path: string, body: object, scheme: "http" | "https") {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, host: "quizdeck.test:3000", [CLIENT_PROTO_HEADER]: scheme },
    body: JSON.stringify(body),
  });
}

describe("session cookie security", () => {
  beforeAll(async () => {
    Object.assign(process.env, { QUIZDECK_DATA_DIR: "memory://", QUIZDECK_SEED_DEMO: "false", QUIZDECK_SECRET: "s".repeat(40) });
    delete process.env.QUIZDECK_PUBLIC_URL;
    delete process.env.DATABASE_URL;
    await getDatabase();
  });
  afterAll(async () => {
    await (await getDatabase()).close();
  });

  it.each([
    { scheme: "https" as const, name: "__Secure-quizdeck.session_token", secure: true },
    { scheme: "http" as const, name: "quizdeck.session_token", secure: false },
  ])("over $scheme: $name, Secure $secure", async ({ scheme, name, secure }) => {
    const id = `${scheme}${Date.now().toString(36)}`;
    const headers = new Headers({ [CLIENT_PROTO_HEADER]: scheme });
    const auth = await getAuth(headers);
    const res = await auth.handler(
      post("/api/auth/sign-up/email", { email: `${id}@quizdeck.test`, password: "a-long-password", name: "Ada", handle: `ada-${id}` }, scheme),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    expect(cookie, res.headers.getSetCookie().join("\n")).toBeDefined();
    expect(/;\s*Secure/i.test(cookie!)).toBe(secure);

    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookie!.split(";")[0]!, [CLIENT_PROTO_HEADER]: scheme }) });
    expect(session?.user.email).toBe(`${id}@quizdeck.test`);
  });
});
