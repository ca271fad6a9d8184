import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "./client-address";
import { ACCOUNT_DELETIONS_PER_HOUR, PASSKEY_OPTIONS_PER_MINUTE, resetRateLimits } from "./rate-limit";
import type { Viewer } from "./viewer";

// Better Auth itself is not under test: it answers every request it sees with options.
vi.mock("@/server/auth", () => ({ getAuth: async () => ({ handler: async () => Response.json({ challenge: "x" }) }) }));
const viewer: Viewer = { id: "u1", handle: "ana", name: "Ana", email: "ana@example.test", emailVerified: true, role: "member", locale: "en", via: "session" };
vi.mock("./viewer", () => ({ getViewer: async () => viewer }));
vi.mock("@/db", () => ({ getDb: async () => ({}) }));
vi.mock("@/db/queries/account-deletion", () => ({ deleteAccount: async () => true, exportAccount: async () => null }));
vi.mock("next/headers", () => ({ cookies: async () => ({ getAll: () => [], delete: () => undefined }) }));

const { GET } = await import("@/app/api/auth/[...all]/route");
const { deleteAccountAction } = await import("./actions/account");

const options = (kind: "register" | "authenticate", ip: string) =>
  GET(new NextRequest(`http://quiz.local/api/auth/passkey/generate-${kind}-options`, { headers: { [CLIENT_IP_HEADER]: ip } }));

beforeEach(() => resetRateLimits());

describe("passkey options (GET) are limited per client address", () => {
  it(`answers ${PASSKEY_OPTIONS_PER_MINUTE} a minute from one address, then 429 with Retry-After`, async () => {
    for (let i = 0; i < PASSKEY_OPTIONS_PER_MINUTE; i++) expect((await options(i % 2 ? "register" : "authenticate", "198.51.100.7")).status).toBe(200);
    const limited = await options("authenticate", "198.51.100.7");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up, and other GETs are not counted.
    expect((await options("register", "198.51.100.8")).status).toBe(200);
    expect((await GET(new NextRequest("http://quiz.local/api/auth/get-session", { headers: { [CLIENT_IP_HEADER]: "198.51.100.7" } }))).status).toBe(200);
  });
});

describe("account deletion requests are limited per account", () => {
  it(`takes ${ACCOUNT_DELETIONS_PER_HOUR} an hour (wrong confirmations included), then rate_limited`, async () => {
    for (let i = 0; i < ACCOUNT_DELETIONS_PER_HOUR - 1; i++) {
      expect(await deleteAccountAction({ quizzes: "keep", confirm: "wrong" })).toMatchObject({ ok: false, code: "validation_failed" });
    }
    expect(await deleteAccountAction({ quizzes: "keep", confirm: "ana" })).toEqual({ ok: true, value: { deleted: true } });
    expect(await deleteAccountAction({ quizzes: "keep", confirm: "ana" })).toMatchObject({ ok: false, code: "rate_limited" });
  });
});
