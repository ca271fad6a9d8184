import { describe, expect, it } from "vitest";
import { emailDomainAllowed, handleCandidates, handleFromProfile, nameFromProfile, oidcRefusal, oidcUserRefusal, parseOidcEnv } from "./oidc";

const first = {
  QUIZDECK_OIDC_ISSUER: "https://id.school.example/realms/school/",
  QUIZDECK_OIDC_CLIENT_ID: "quizdeck",
  QUIZDECK_OIDC_CLIENT_SECRET: "s3cret",
};

describe("parseOidcEnv", () => {
  it("reads nothing from an environment without providers", () => {
    expect(parseOidcEnv({ PATH: "/bin" })).toEqual({ providers: [], problems: [] });
  });

  it("reads the first provider and numbered ones, with discovery from the issuer", () => {
    const { providers, problems } = parseOidcEnv({
      ...first,
      QUIZDECK_OIDC_ALLOWED_DOMAINS: " School.example, @staff.school.example ,",
      QUIZDECK_OIDC_3_ISSUER: "http://127.0.0.1:4000",
      QUIZDECK_OIDC_3_CLIENT_ID: "c3",
      QUIZDECK_OIDC_3_CLIENT_SECRET: "x",
      QUIZDECK_OIDC_3_NAME: "Test IdP",
    });
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      {
        id: "oidc",
        name: "id.school.example",
        issuer: "https://id.school.example/realms/school",
        discoveryUrl: "https://id.school.example/realms/school/.well-known/openid-configuration",
        clientId: "quizdeck",
        clientSecret: "s3cret",
        allowedDomains: ["school.example", "staff.school.example"],
      },
      {
        id: "oidc-3",
        name: "Test IdP",
        issuer: "http://127.0.0.1:4000",
        discoveryUrl: "http://127.0.0.1:4000/.well-known/openid-configuration",
        clientId: "c3",
        clientSecret: "x",
        allowedDomains: [],
      },
    ]);
  });

  it.each([
    [{ QUIZDECK_OIDC_ISSUER: "https://id.example" }, ["QUIZDECK_OIDC_CLIENT_ID", "QUIZDECK_OIDC_CLIENT_SECRET"]],
    [{ ...first, QUIZDECK_OIDC_ISSUER: "http://id.example" }, ["QUIZDECK_OIDC_ISSUER"]],
    [{ ...first, QUIZDECK_OIDC_ISSUER: "not a url" }, ["QUIZDECK_OIDC_ISSUER"]],
    [{ ...first, QUIZDECK_OIDC_ISSUER: "https://id.example/?x=1" }, ["QUIZDECK_OIDC_ISSUER"]],
    [{ ...first, QUIZDECK_OIDC_ALLOWED_DOMAINS: "school.example, not a domain" }, ["QUIZDECK_OIDC_ALLOWED_DOMAINS"]],
    [{ ...first, QUIZDECK_OIDC_NAME: "x".repeat(41) }, ["QUIZDECK_OIDC_NAME"]],
    [{ QUIZDECK_OIDC_2_CLIENT_ID: "orphan" }, ["QUIZDECK_OIDC_2_CLIENT_ID"]],
    [{ QUIZDECK_OIDC_10_ISSUER: "https://id.example" }, ["QUIZDECK_OIDC_10_ISSUER"]],
    [{ QUIZDECK_OIDC_1_ISSUER: "https://id.example" }, ["QUIZDECK_OIDC_1_ISSUER"]],
  ])("names the variable at fault: %j", (source, variables) => {
    const { problems } = parseOidcEnv(source);
    expect(problems.map((p) => p.variable)).toEqual(variables);
  });

  it("takes an empty variable as unset", () => {
    expect(parseOidcEnv({ QUIZDECK_OIDC_ISSUER: " ", QUIZDECK_OIDC_NAME: "" })).toEqual({ providers: [], problems: [] });
  });
});

describe("allow-list", () => {
  it.each([
    ["ana@school.example", [], true],
    ["ana@school.example", ["school.example"], true],
    ["Ana@School.Example", ["school.example"], true],
    ["ana@evil.example", ["school.example"], false],
    ["ana@sub.school.example", ["school.example"], false],
    ["ana@school.example.evil", ["school.example"], false],
    ["no-at-sign", ["school.example"], false],
  ])("%s with %j: %s", (email, domains, allowed) => {
    expect(emailDomainAllowed(email, domains)).toBe(allowed);
  });

  it("refuses an unconfirmed address when there is a list, and one outside it", () => {
    const provider = { allowedDomains: ["school.example"] };
    expect(oidcUserRefusal({ email: "ana@school.example", emailVerified: true }, provider)).toBeNull();
    expect(oidcUserRefusal({ email: "ana@school.example", emailVerified: false }, provider)).toBe("oidc_email_unverified");
    expect(oidcUserRefusal({ email: "ana@other.example", emailVerified: true }, provider)).toBe("oidc_domain_not_allowed");
    expect(oidcUserRefusal({ email: "ana@other.example", emailVerified: false }, { allowedDomains: [] })).toBeNull();
  });
});

describe("oidcRefusal", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["oidc_domain_not_allowed", "oidc_domain_not_allowed"],
    [["oidc_email_unverified", "x"], "oidc_email_unverified"],
    ["account_not_linked", "oidc_account_not_linked"],
    ["unable_to_link_account", "oidc_account_not_linked"],
    ["access_denied", "oidc_cancelled"],
    ["account_disabled", "oidc_account_disabled"],
    ["oidc_account_disabled", "oidc_account_disabled"],
    ["state_mismatch", "oidc_failed"],
    ["<script>", "oidc_failed"],
  ])("%j → %s", (error, refusal) => {
    expect(oidcRefusal(error as string | string[] | undefined)).toBe(refusal);
  });
});

describe("a new account's handle and name", () => {
  it.each([
    [{ preferred_username: "Ana.García" }, "ana-garcia"],
    [{ email: "bo@school.example" }, "user-bo"],
    [{ email: "admin@school.example" }, "admin-1"],
    [{ email: "@x" }, "user-new"],
    [{ preferred_username: "a".repeat(40) }, "a".repeat(24)],
    [{ preferred_username: "---", email: "zoe.smith@school.example" }, "user-new"],
  ])("%j → %s", (profile, handle) => {
    expect(handleFromProfile(profile)).toBe(handle);
  });

  it("tries numbered handles, then one with a random suffix", () => {
    expect(handleCandidates("ana", "k3x9")).toEqual(["ana", "ana-2", "ana-3", "ana-4", "ana-5", "ana-k3x9"]);
  });

  it.each([
    [{ name: " Ana  García ", email: "a@x.example" }, "Ana García"],
    [{ preferred_username: "ana", email: "a@x.example" }, "ana"],
    [{ email: "zoe@x.example" }, "zoe"],
    [{}, "Quizdeck user"],
    [{ name: "x".repeat(80) }, "x".repeat(50)],
  ])("%j → %s", (profile, name) => {
    expect(nameFromProfile(profile)).toBe(name);
  });
});
