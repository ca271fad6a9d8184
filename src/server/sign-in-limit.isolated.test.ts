import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "./client-address";
import { resetRateLimits } from "./rate-limit";

// Better Auth itself is not under test: every sign-in it sees fails as a wrong password would.
vi.mock("@/server/auth", () => ({
  getAuth: async () => ({ handler: async () => Response.json({ code: "INVALID_EMAIL_OR_PASSWORD" }, { status: 401 }) }),
}));
const { POST } = await import("@/app/api/auth/[...all]/route");

function signIn(email: string, ip: string) {
  return POST(
    new NextRequest("http://quiz.local/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ email, password: "guess" }),
    }),
  );
}

beforeEach(() => resetRateLimits());

describe("sign-in limits (shipped defaults: 30 a minute per address, 5 per account)", () => {
  it("limits one account tried from many addresses", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("Teacher@School.org", `198.51.100.${i}`)).status).toBe(401);
    const limited = await signIn("teacher@school.org ", "198.51.100.99");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account from the same addresses is not held up by it.
    expect((await signIn("other@school.org", "198.51.100.99")).status).toBe(401);
  });

  it("limits many accounts tried from one address, counting IPv6 by its /64", async () => {
    for (let i = 0; i < 30; i++) expect((await signIn(`user${i}@school.org`, `2001:db8:1:2::${i.toString(16)}`)).status).toBe(401);
    expect((await signIn("fresh@school.org", "2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await signIn("fresh@school.org", "2001:db8:1:3::1")).status).toBe(401);
  });
});
