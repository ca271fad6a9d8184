import { describe, expect, it } from "vitest";
import { normalizePin, pinFromQr } from "./pin";

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

describe("pinFromQr", () => {
  it.each([
    ["http://127.0.0.1:3000/join/482913", "482913"],
    ["https://quiz.example.org/join/482913/", "482913"],
    ["https://quiz.example.org/join/482913?utm=x", "482913"],
    ["  482913 ", "482913"],
    ["https://quiz.example.org/join/48291", null],
    ["https://quiz.example.org/game/482913", null],
    ["https://quiz.example.org/join/482913/extra", null],
    ["javascript:alert(1)//join/482913", null],
    ["WIFI:S:cafe;T:WPA;P:secret;;", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(pinFromQr(input)).toBe(expected);
  });
});
