import { describe, expect, it } from "vitest";
import { resetLinkUsable } from "./reset-link";

describe("resetLinkUsable", () => {
  const expires = new Date("2026-11-25T16:00:00Z");
  it.each([
    ["before it expires", expires, new Date("2026-11-25T15:59:59.999Z"), true],
    ["at the moment it expires", expires, expires, false],
    ["after it expires", expires, new Date("2026-11-25T17:00:00Z"), false],
    ["once used (the token is gone)", null, new Date("2026-11-25T15:00:00Z"), false],
  ])("%s", (_, expiresAt, now, usable) => {
    expect(resetLinkUsable(expiresAt, now)).toBe(usable);
  });
});
