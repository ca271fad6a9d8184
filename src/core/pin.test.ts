import { describe, expect, it } from "vitest";
import { normalizePin } from "./pin";

describe("normalizePin", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["12345", null],
    ["1234567", null],
    ["12a456", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(normalizePin(input)).toBe(expected);
  });
});
