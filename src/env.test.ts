import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the shipped defaults", () => {
    const e = parseEnv({});
    expect(e.QUIZDECK_ALLOWED_HOSTS).toEqual([]);
    expect(e.QUIZDECK_TRUST_PROXY).toBe(false);
    expect(e.QUIZDECK_STATS_PORT).toBeUndefined();
    expect(e.QUIZDECK_RATE_LIMIT_SIGN_IN).toBe(30);
    expect(e.QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT).toBe(5);
    expect(e.QUIZDECK_RATE_LIMIT_PIN_GUESSES).toBe(20);
    expect(e.QUIZDECK_LIVE_COMMIT_MS).toBe(4);
    expect(e.QUIZDECK_LIVE_RECONNECT_GRACE_MS).toBe(15_000);
    expect(e.QUIZDECK_LOG_LEVEL).toBe("info");
    expect(e.REDIS_URL).toBeUndefined();
    expect(e.QUIZDECK_METRICS_TOKEN).toBeUndefined();
    expect(e.QUIZDECK_ROLE).toBe("all");
    expect(e.QUIZDECK_NICE).toBeUndefined();
  });

  it.each([
    [{ QUIZDECK_ROLE: " Web ", DATABASE_URL: "postgres://db/quizdeck" }, "web"],
    [{ QUIZDECK_ROLE: "live", DATABASE_URL: "postgres://db/quizdeck" }, "live"],
    [{ QUIZDECK_ROLE: "all" }, "all"],
    [{ QUIZDECK_ROLE: "" }, "all"],
  ])("%j runs as %s", (source, role) => {
    expect(parseEnv(source).QUIZDECK_ROLE).toBe(role);
  });

  it.each(["web", "live"])("refuses QUIZDECK_ROLE=%s on the embedded database, saying what it needs", (role) => {
    expect(() => parseEnv({ QUIZDECK_ROLE: role })).toThrow(EnvError);
    expect(() => parseEnv({ QUIZDECK_ROLE: role })).toThrow(/QUIZDECK_ROLE: "(web|live)" needs DATABASE_URL.*PGlite.*leave QUIZDECK_ROLE unset/);
  });

  it("refuses a role it does not know", () => {
    expect(() => parseEnv({ QUIZDECK_ROLE: "worker", DATABASE_URL: "postgres://db/quizdeck" })).toThrow(/QUIZDECK_ROLE: must be one of all, web, live/);
  });

  it.each([
    [{ QUIZDECK_ALLOWED_HOSTS: " Quiz.Local , 192.168.1.20:3000 " }, "QUIZDECK_ALLOWED_HOSTS", ["quiz.local", "192.168.1.20:3000"]],
    [{ QUIZDECK_TRUST_PROXY: "1" }, "QUIZDECK_TRUST_PROXY", 1],
    [{ QUIZDECK_TRUST_PROXY: "loopback, 10.0.0.0/8" }, "QUIZDECK_TRUST_PROXY", ["loopback", "10.0.0.0/8"]],
    [{ QUIZDECK_TRUST_PROXY: "false" }, "QUIZDECK_TRUST_PROXY", false],
    [{ QUIZDECK_STATS_PORT: "9464" }, "QUIZDECK_STATS_PORT", 9464],
    [{ QUIZDECK_STATS_PORT: "" }, "QUIZDECK_STATS_PORT", undefined],
    [{ QUIZDECK_RATE_LIMIT_JOIN: "10000" }, "QUIZDECK_RATE_LIMIT_PIN_GUESSES", 10000],
    [{ QUIZDECK_RATE_LIMIT_JOIN: "10000", QUIZDECK_RATE_LIMIT_PIN_GUESSES: "7" }, "QUIZDECK_RATE_LIMIT_PIN_GUESSES", 7],
    [{ QUIZDECK_LIVE_COMMIT_MS: "0" }, "QUIZDECK_LIVE_COMMIT_MS", 0],
    [{ QUIZDECK_LIVE_RECONNECT_GRACE_MS: "" }, "QUIZDECK_LIVE_RECONNECT_GRACE_MS", 15_000],
    [{ LOG_LEVEL: "DEBUG" }, "QUIZDECK_LOG_LEVEL", "debug"],
    [{ LOG_LEVEL: "debug", QUIZDECK_LOG_LEVEL: "warn" }, "QUIZDECK_LOG_LEVEL", "warn"],
    [{ QUIZDECK_LOG_LEVEL: "" }, "QUIZDECK_LOG_LEVEL", "info"],
    [{ REDIS_URL: "redis://127.0.0.1:6379/0" }, "REDIS_URL", "redis://127.0.0.1:6379/0"],
    [{ REDIS_URL: "" }, "REDIS_URL", undefined],
    [{ QUIZDECK_METRICS_TOKEN: "0123456789abcdef0123" }, "QUIZDECK_METRICS_TOKEN", "0123456789abcdef0123"],
    [{ QUIZDECK_NICE: "0" }, "QUIZDECK_NICE", 0],
    [{ QUIZDECK_NICE: "19" }, "QUIZDECK_NICE", 19],
    [{ QUIZDECK_NICE: "" }, "QUIZDECK_NICE", undefined],
  ] as const)("%j sets %s", (source, name, expected) => {
    expect(parseEnv(source)[name]).toEqual(expected);
  });

  it.each([
    ["QUIZDECK_ALLOWED_HOSTS", "quiz.local, evil.org/path"],
    ["QUIZDECK_TRUST_PROXY", "not-an-address"],
    ["QUIZDECK_TRUST_PROXY", "10.0.0.0/99"],
    ["QUIZDECK_STATS_PORT", "70000"],
    ["QUIZDECK_NICE", "20"],
    ["QUIZDECK_NICE", "-5"],
    ["QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT", "0"],
    ["QUIZDECK_RATE_LIMIT_PIN_GUESSES", "many"],
    ["QUIZDECK_LIVE_COMMIT_MS", "-1"],
    ["QUIZDECK_LIVE_COMMIT_MS", "soon"],
    ["QUIZDECK_LIVE_RECONNECT_GRACE_MS", "1.5"],
    ["PORT", "http"],
    ["QUIZDECK_LOG_LEVEL", "loud"],
    ["REDIS_URL", "127.0.0.1:6379"],
    ["QUIZDECK_METRICS_TOKEN", "short"],
  ])("stops on a bad %s (%j), naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("reads the mail settings: off by default, an SMTP URL with its sender, verification on request", () => {
    const off = parseEnv({});
    expect(off.QUIZDECK_SMTP_URL).toBeUndefined();
    expect(off.QUIZDECK_MAIL_FROM).toBeUndefined();
    expect(off.QUIZDECK_REQUIRE_EMAIL_VERIFICATION).toBe(false);
    expect(off.QUIZDECK_RATE_LIMIT_EMAIL).toBe(20);
    expect(off.QUIZDECK_RATE_LIMIT_EMAIL_RECIPIENT).toBe(5);
    const on = parseEnv({
      QUIZDECK_PUBLIC_URL: "https://quiz.school.example",
      QUIZDECK_SMTP_URL: " smtps://quiz%40school.example:p%40ss@mail.school.example:465 ",
      QUIZDECK_MAIL_FROM: "Quizdeck <quiz@school.example>",
      QUIZDECK_REQUIRE_EMAIL_VERIFICATION: "true",
      QUIZDECK_RATE_LIMIT_EMAIL_RECIPIENT: "2",
    });
    expect(on.QUIZDECK_SMTP_URL).toBe("smtps://quiz%40school.example:p%40ss@mail.school.example:465");
    expect(on.QUIZDECK_MAIL_FROM).toBe("Quizdeck <quiz@school.example>");
    expect(on.QUIZDECK_REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(on.QUIZDECK_RATE_LIMIT_EMAIL_RECIPIENT).toBe(2);
    expect(parseEnv({ QUIZDECK_SMTP_URL: "", QUIZDECK_MAIL_FROM: "" }).QUIZDECK_SMTP_URL).toBeUndefined();
  });

  it.each([
    ["QUIZDECK_SMTP_URL", "mail server", "must be a URL"],
    ["QUIZDECK_SMTP_URL", "http://mail.school.example", "must start with smtp:// or smtps://"],
    ["QUIZDECK_SMTP_URL", "smtp://mail.school.example/inbox", "must have no path"],
    ["QUIZDECK_MAIL_FROM", "not an address", "must be one address"],
    ["QUIZDECK_MAIL_FROM", "a@school.example, b@school.example", "must be one address"],
    ["QUIZDECK_REQUIRE_EMAIL_VERIFICATION", "yes", ""],
    ["QUIZDECK_RATE_LIMIT_EMAIL", "0", ""],
  ])("stops on a bad %s (%j), saying what it expects", (name, value, expected) => {
    const source = { QUIZDECK_MAIL_FROM: "quiz@school.example", QUIZDECK_ALLOWED_HOSTS: "quiz.local", [name]: value };
    expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: .*${expected}`));
  });

  it("asks for the sender when an SMTP URL is set without one, without printing the password", () => {
    const bad = () => parseEnv({ QUIZDECK_SMTP_URL: "smtp://quiz:s3cret-pass@mail.school.example:587", QUIZDECK_ALLOWED_HOSTS: "quiz.local" });
    expect(bad).toThrow(/QUIZDECK_MAIL_FROM: is needed with QUIZDECK_SMTP_URL/);
    expect(bad).not.toThrow(/s3cret-pass/);
  });

  it("sends mail only when links cannot come from a forged Host: with a public URL or allowed hosts", () => {
    const mail = { QUIZDECK_SMTP_URL: "smtp://127.0.0.1:2525", QUIZDECK_MAIL_FROM: "quiz@school.example" };
    expect(() => parseEnv(mail)).toThrow(/QUIZDECK_SMTP_URL: needs QUIZDECK_PUBLIC_URL or QUIZDECK_ALLOWED_HOSTS/);
    expect(parseEnv({ ...mail, QUIZDECK_ALLOWED_HOSTS: "192.168.1.20:3000" }).QUIZDECK_SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(parseEnv({ ...mail, QUIZDECK_PUBLIC_URL: "https://quiz.school.example" }).QUIZDECK_SMTP_URL).toBe("smtp://127.0.0.1:2525");
  });

  it("ignores QUIZDECK_LIVE_FANOUT, no longer read (main.ts warns when it is set)", () => {
    for (const value of ["direct", "standard", "fast"]) expect(parseEnv({ QUIZDECK_LIVE_FANOUT: value })).not.toHaveProperty("QUIZDECK_LIVE_FANOUT");
  });

  it("reads OpenID Connect providers, which need a public URL, and names a bad variable", () => {
    const oidc = { QUIZDECK_OIDC_ISSUER: "https://id.school.example", QUIZDECK_OIDC_CLIENT_ID: "quizdeck", QUIZDECK_OIDC_CLIENT_SECRET: "s3cret" };
    expect(parseEnv({}).QUIZDECK_OIDC_PROVIDERS).toEqual([]);
    expect(() => parseEnv(oidc)).toThrow(/QUIZDECK_OIDC_ISSUER: needs QUIZDECK_PUBLIC_URL/);
    const e = parseEnv({ ...oidc, QUIZDECK_PUBLIC_URL: "https://quiz.school.example", QUIZDECK_OIDC_NAME: "School" });
    expect(e.QUIZDECK_OIDC_PROVIDERS.map((p) => [p.id, p.name])).toEqual([["oidc", "School"]]);
    // Problems of the fixed schema and of the providers are listed together.
    expect(() => parseEnv({ QUIZDECK_OIDC_2_ISSUER: "ftp://x", PORT: "0" })).toThrow(/PORT: [\s\S]*QUIZDECK_OIDC_2_ISSUER: must be an https/);
  });
});
