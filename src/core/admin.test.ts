import { describe, expect, it } from "vitest";
import { adminEmailSet, applyChange, auditPageNumber, leavesNoAdmin, parseAdminArgs, promotedAtSignIn, roleForNewAccount, statusOf, type ChangeTarget, type UserChange } from "./admin";

const admin: ChangeTarget = { role: "admin", disabledAt: null };
const disabledAdmin: ChangeTarget = { role: "admin", disabledAt: new Date("2026-01-01T00:00:00Z") };
const member: ChangeTarget = { role: "member", disabledAt: null };

describe("the last-admin rule", () => {
  it.each<[UserChange, ChangeTarget, number, boolean]>([
    // The only active admin may not be demoted or disabled, whoever asks.
    ["demote", admin, 1, true],
    ["disable", admin, 1, true],
    // With another active admin, either is fine.
    ["demote", admin, 2, false],
    ["disable", admin, 2, false],
    // Promoting and enabling never take an admin away.
    ["promote", admin, 1, false],
    ["enable", admin, 1, false],
    // A member, or a disabled admin, does not count among the active admins.
    ["disable", member, 1, false],
    ["demote", member, 1, false],
    ["demote", disabledAdmin, 1, false],
    ["disable", disabledAdmin, 0, false],
    ["enable", disabledAdmin, 0, false],
  ])("%s of %o with %i active admin(s): refused = %s", (change, target, active, refused) => {
    expect(leavesNoAdmin(change, target, active)).toBe(refused);
  });

  it("applies a change", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(applyChange("promote", member, now)).toEqual(admin);
    expect(applyChange("demote", admin, now)).toEqual(member);
    expect(applyChange("disable", member, now)).toEqual({ role: "member", disabledAt: now });
    // Disabling twice keeps the first time.
    expect(applyChange("disable", disabledAdmin, now)).toEqual(disabledAdmin);
    expect(applyChange("enable", disabledAdmin, now)).toEqual(admin);
    expect(statusOf(disabledAdmin)).toBe("disabled");
    expect(statusOf(member)).toBe("active");
  });
});

describe("QUIZDECK_ADMIN_EMAILS", () => {
  const list = adminEmailSet([" Head@School.org ", "", "it@school.org"]);
  it.each([
    ["head@school.org", "admin"],
    ["HEAD@school.org ", "admin"],
    ["teacher@school.org", "member"],
  ] as const)("a new account %s is a %s", (email, role) => {
    expect(roleForNewAccount(email, list)).toBe(role);
  });
  it("promotes a listed member at sign-in, and nobody else", () => {
    expect(promotedAtSignIn({ email: "it@school.org", role: "member" }, list)).toBe(true);
    expect(promotedAtSignIn({ email: "it@school.org", role: "admin" }, list)).toBe(false);
    expect(promotedAtSignIn({ email: "pupil@school.org", role: "member" }, list)).toBe(false);
    expect(promotedAtSignIn({ email: "it@school.org", role: "member" }, adminEmailSet([]))).toBe(false);
  });
});

describe("npm run admin's arguments", () => {
  it.each([
    [["list-users"], { command: "list-users" }],
    [["list-users", "ana"], { command: "list-users", query: "ana" }],
    [["promote", " Ana@School.ORG "], { command: "promote", email: "ana@school.org" }],
    [["demote", "a@b.co"], { command: "demote", email: "a@b.co" }],
    [["reset-password", "a@b.co"], { command: "reset-password", email: "a@b.co" }],
    [["disable", "a@b.co"], { command: "disable", email: "a@b.co" }],
    [["enable", "a@b.co"], { command: "enable", email: "a@b.co" }],
  ])("%j", (args, command) => {
    expect(parseAdminArgs(args)).toEqual({ ok: true, command });
  });

  it.each([
    [[], /usage/],
    [["--help"], /usage/],
    [["delete", "a@b.co"], /unknown command "delete"/],
    [["promote"], /takes one email address/],
    [["promote", "a@b.co", "c@d.co"], /takes one email address/],
    [["promote", "not-an-email"], /is not an email address/],
    [["list-users", "a", "b"], /at most one search term/],
    [["list-users", "x".repeat(101)], /longer than 100/],
  ])("refuses %j", (args, message) => {
    const parsed = parseAdminArgs(args);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe("the audit log's page", () => {
  it.each([
    [undefined, 1],
    ["", 1],
    ["3", 3],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["abc", 1],
    [["4", "5"], 4],
    ["99999999", 1],
  ] as const)("%j → %i", (raw, page) => {
    expect(auditPageNumber(raw as string | string[] | undefined)).toBe(page);
  });
});
