import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, codeFromBytes, normalizeCode } from "./codes";

describe("codes", () => {
  it("takes one character a byte, every byte modulo 32", () => {
    expect(codeFromBytes(Uint8Array.from([0, 31, 32, 255]), 4)).toBe("0Z0Z");
    expect(() => codeFromBytes(Uint8Array.from([1, 2]), 3)).toThrow(RangeError);
  });
  const cases: [string | null, number, string | null][] = [
    ["ab12-cd34", 8, "AB12CD34"],
    ["oil  xyz", 6, "011XYZ"],
    ["AB12CD3", 8, null], // one short
    ["AB12CD3U", 8, null], // U is not in the alphabet
    [null, 6, null],
  ];
  for (const [input, length, expected] of cases) {
    it(`reads ${JSON.stringify(input)} as ${JSON.stringify(expected)}`, () => expect(normalizeCode(input, length)).toBe(expected));
  }
  it("has 32 characters, none of I, L, O, U", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });
});
