import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

const base = { nonce: "bm9uY2U=", host: "127.0.0.1:3000", https: false, dev: false };

const directives = (csp: string) => Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("security headers", () => {
  it("allow scripts only with the response's nonce, and no framing", () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d["script-src"]).toBe("'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(d["frame-ancestors"]).toBe("'none'");
    expect(d["object-src"]).toBe("'none'");
    expect(d["connect-src"]).toBe("'self' ws://127.0.0.1:3000 wss://127.0.0.1:3000");
  });

  it("allow eval only in development", () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true }))["script-src"]).toContain("'unsafe-eval'");
  });

  it("never put a strange Host into the policy", () => {
    expect(directives(contentSecurityPolicy({ ...base, host: "evil; script-src *" }))["connect-src"]).toBe("'self'");
  });

  it("send HSTS only for an https public URL", () => {
    expect(securityHeaders(base)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ ...base, https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("set the other headers", () => {
    const h = securityHeaders(base);
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["Permissions-Policy"]).toContain("camera=(self)");
    expect(h["X-Frame-Options"]).toBe("DENY");
  });
});
