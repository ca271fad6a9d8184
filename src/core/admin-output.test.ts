import { describe, expect, it } from "vitest";
import { formatOutcome } from "./admin-output";

const ana = { email: "ana@school.org", handle: "ana", role: "admin", disabledAt: null, createdAt: "2026-11-01T10:00:00.000Z" };
const bo = { email: "bo@school.org", handle: "bo", role: "member", disabledAt: "2026-11-20T10:00:00.000Z", createdAt: "2026-11-02T10:00:00.000Z" };

describe("what npm run admin prints", () => {
  it("lists accounts in columns, with role and status", () => {
    expect(formatOutcome({ command: "list-users", users: [ana, bo] })).toBe(
      ["EMAIL           HANDLE  ROLE    STATUS    CREATED", "ana@school.org  @ana    admin   active    2026-11-01", "bo@school.org   @bo     member  disabled  2026-11-02", "2 account(s)"].join("\n"),
    );
    expect(formatOutcome({ command: "list-users", users: [] })).toBe("no accounts");
  });

  it.each([
    ["promote", true, "ana@school.org (@ana) is now an admin"],
    ["promote", false, "ana@school.org (@ana) was already an admin"],
    ["demote", true, "ana@school.org (@ana) is now a member"],
    ["enable", false, "ana@school.org (@ana) was not disabled"],
  ] as const)("%s (changed: %s)", (command, changed, text) => {
    expect(formatOutcome({ command, user: ana, changed })).toBe(text);
  });

  it("says a disabled account's sessions and tokens stop", () => {
    expect(formatOutcome({ command: "disable", user: bo, changed: true })).toMatch(/sessions ended, its API tokens stop working and sign-in is refused/);
  });

  it("prints the reset link on a line of its own, with its expiry", () => {
    const text = formatOutcome({ command: "reset-password", user: ana, link: "https://quiz.school.org/reset-password?token=abc", expiresAt: "2026-11-27T13:00:00.000Z" });
    expect(text.split("\n")[1]).toBe("https://quiz.school.org/reset-password?token=abc");
    expect(text).toContain("valid until 2026-11-27T13:00:00.000Z and for one use");
  });
});
