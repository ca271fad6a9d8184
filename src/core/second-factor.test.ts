import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, backupCodeKey, comparableBackupCodes, describeDevice, makeBackupCodes, orderSessions, passkeyName, readSecondFactorCode } from "./second-factor";

describe("readSecondFactorCode", () => {
  it.each([
    ["123456", { kind: "totp", code: "123456" }],
    [" 123 456 ", { kind: "totp", code: "123456" }],
    ["aB3dE-9xY7z", { kind: "backup", code: "ab3de-9xy7z" }],
    ["aB3dE 9xY7z", { kind: "backup", code: "ab3de-9xy7z" }],
    ["aB3dE9xY7z", { kind: "backup", code: "ab3de-9xy7z" }],
    ["ABCDE-23456", { kind: "backup", code: "abcde-23456" }],
    ["abcdefgh", { kind: "backup", code: "abcdefgh" }],
    ["12345", null],
    ["", null],
    ["12345678901234567890123456", null],
    ["abc;drop", null],
  ])("%j", (typed, expected) => {
    expect(readSecondFactorCode(typed)).toEqual(expected);
  });
});

describe("backup codes", () => {
  it("are ten characters of one case without look-alikes, shown with a dash", () => {
    // A sequence of "random" draws: 0, 1, 2, … wrapping at the alphabet's length.
    let i = 0;
    const codes = makeBackupCodes(3, (n) => i++ % n);
    expect(codes).toEqual(["abcde-fghjk", "mnpqr-stuvw", "xyz23-45678"]);
    expect(BACKUP_CODE_ALPHABET).toHaveLength(31);
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[A-Z0o1li]/);
    expect(makeBackupCodes(10, () => 30).every((c) => c === "99999-99999")).toBe(true);
  });

  it.each([
    ["abcde-23456", "abcde-23456"],
    ["ABCDE-23456", "abcde-23456"],
    ["AbCdE23456", "abcde-23456"],
    [" aB3dE 9xY7z ", "ab3de-9xy7z"],
  ])("%j compares as %j", (typed, key) => {
    expect(backupCodeKey(typed)).toBe(key);
  });

  it("the stored list compares without case; anything that is not a list of codes stays as it was", () => {
    expect(comparableBackupCodes('["aB3dE-9xY7z","QWERT-ZX123"]')).toBe('["ab3de-9xy7z","qwert-zx123"]');
    expect(comparableBackupCodes("not json")).toBe("not json");
    expect(comparableBackupCodes('{"a":1}')).toBe('{"a":1}');
    expect(comparableBackupCodes("[1,2]")).toBe("[1,2]");
  });
});

describe("passkeyName", () => {
  it.each([
    ["  Work   laptop ", "Work laptop"],
    ["Phone", "Phone"],
    ["", null],
    ["   ", null],
    ["x".repeat(50), "x".repeat(50)],
    ["x".repeat(51), null],
    ["bad\u0007name", null],
  ])("%j", (typed, expected) => {
    expect(passkeyName(typed)).toBe(expected);
  });
});

describe("describeDevice", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", { browser: "Chrome", os: "Linux" }],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0", { browser: "Edge", os: "Windows" }],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1", { browser: "Safari", os: "iPhone" }],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0", { browser: "Firefox", os: "macOS" }],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36", { browser: "Chrome", os: "Android" }],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36", { browser: "Chrome", os: "Linux" }],
    ["curl/8.5.0", { browser: null, os: null }],
    [null, { browser: null, os: null }],
  ])("%s", (ua, expected) => {
    expect(describeDevice(ua)).toEqual(expected);
  });
});

describe("orderSessions", () => {
  const at = (iso: string) => new Date(iso);
  it("puts this device first, then the most recently seen", () => {
    const rows = orderSessions(
      [
        { id: "a", createdAt: at("2026-01-01T00:00:00Z"), updatedAt: at("2026-01-02T00:00:00Z"), userAgent: null },
        { id: "b", createdAt: at("2026-01-01T00:00:00Z"), updatedAt: at("2026-01-05T00:00:00Z"), userAgent: "Firefox/1.0" },
        { id: "c", createdAt: at("2026-01-01T00:00:00Z"), updatedAt: at("2026-01-01T00:00:00Z"), userAgent: null },
      ],
      "c",
    );
    expect(rows.map((r) => [r.id, r.current])).toEqual([
      ["c", true],
      ["b", false],
      ["a", false],
    ]);
    expect(rows[1]).toMatchObject({ lastSeen: "2026-01-05T00:00:00.000Z", device: { browser: "Firefox", os: null } });
  });
});
