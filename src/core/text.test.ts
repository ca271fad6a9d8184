import { describe, expect, it } from "vitest";
import { hasControlChars, plainText, stripControlChars } from "./text";

describe("control characters", () => {
  it.each([
    ["plain", false, false],
    ["NUL\u0000", false, true],
    ["bell\u0007", false, true],
    ["del\u007f", false, true],
    ["tab\there", false, true],
    ["tab\there", true, false],
    ["two\nlines\r\n", true, false],
    ["vertical\u000btab", true, true],
    ["NUL\u0000", true, true],
    ["accents áéñ and emoji 🎉", false, false],
  ])("%j (multi-line %s) has control characters: %s", (value, multiLine, expected) => {
    expect(hasControlChars(value, multiLine)).toBe(expected);
  });

  it("strips them from free-form text", () => {
    expect(stripControlChars("a\u0000b\tc\nd")).toBe("a b c d");
  });

  it("plainText refuses them with a message", () => {
    const r = plainText().safeParse("x\u0000");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Remove control characters");
    expect(plainText(true).parse("line one\nline two")).toBe("line one\nline two");
  });
});
