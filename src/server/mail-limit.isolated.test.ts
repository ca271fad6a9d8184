import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "./client-address";
import { resetRateLimits } from "./rate-limit";

// Better Auth itself is not under test: it answers every request as a success would, and knows
// one session (the cookie `session=ana`) for change-password.
const reached: string[] = [];
vi.mock("@/server/auth", () => ({
  getAuth: async () => ({
    handler: async (req: Request) => {
      reached.push(new URL(req.url).pathname);
      return Response.json({ status: true });
    },
    api: {
      getSession: async ({ headers }: { headers: Headers }) =>
        headers.get("cookie") === "session=ana" ? { user: { id: "u-ana", email: "Ana@School.example" }, session: {} } : null,
    },
  }),
}));
const { POST } = await import("@/app/api/auth/[...all]/route");

function post(path: string, body: object, ip: string, cookie?: string) {
  return POST(
    new NextRequest(`http://quiz.local/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

beforeEach(() => {
  resetRateLimits();
  reached.length = 0;
});

describe("mail limits (shipped defaults: 20 an hour per address, 5 an hour per recipient)", () => {
  it("limits reset links for one address asked from many clients, known or not, before Better Auth looks it up", async () => {
    for (let i = 0; i < 5; i++) expect((await post("request-password-reset", { email: "Teacher@School.example" }, `198.51.100.${i}`)).status).toBe(200);
    const limited = await post("request-password-reset", { email: " teacher@school.example" }, "198.51.100.99");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(reached).toHaveLength(5);
    // Another address from the same client is not held up by it.
    expect((await post("request-password-reset", { email: "other@school.example" }, "198.51.100.99")).status).toBe(200);
  });

  it("limits one client asking for mail to many addresses, across every request that sends mail", async () => {
    const paths = ["request-password-reset", "send-verification-email"] as const;
    for (let i = 0; i < 20; i++) expect((await post(paths[i % 2]!, { email: `pupil${i}@school.example` }, "203.0.113.7")).status).toBe(200);
    expect((await post("request-password-reset", { email: "fresh@school.example" }, "203.0.113.7")).status).toBe(429);
    expect((await post("change-email", { newEmail: "fresh@school.example" }, "203.0.113.7", "session=ana")).status).toBe(429);
    expect((await post("request-password-reset", { email: "fresh@school.example" }, "203.0.113.8")).status).toBe(200);
  });

  it("counts a change of email against the new address", async () => {
    for (let i = 0; i < 5; i++) expect((await post("change-email", { newEmail: "Target@School.example" }, `192.0.2.${i}`, "session=ana")).status).toBe(200);
    expect((await post("change-email", { newEmail: "target@school.example" }, "192.0.2.50", "session=ana")).status).toBe(429);
  });
});

describe("change-password limits (the sign-in limits: 30 a minute per address, 5 per account)", () => {
  it("limits guesses of the current password per signed-in account, from any address", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post("change-password", { currentPassword: "guess", newPassword: "a-long-new-password" }, `198.51.100.${i}`, "session=ana")).status).toBe(200);
    }
    expect((await post("change-password", { currentPassword: "guess", newPassword: "a-long-new-password" }, "198.51.100.77", "session=ana")).status).toBe(429);
    // The sign-in form counts against the same account.
    expect((await post("sign-in/email", { email: "ana@school.example", password: "guess" }, "198.51.100.78")).status).toBe(429);
  });
});

describe("a new password chosen through a reset link keeps the password rules", () => {
  it("refuses a common password before Better Auth sees it", async () => {
    const res = await post("reset-password", { token: "t", newPassword: "qwertyuiop" }, "198.51.100.1");
    expect(res.status).toBe(422);
    expect((await res.json()).error.fieldCodes).toEqual({ newPassword: ["password_common"] });
    expect(reached).toEqual([]);
  });
});
