import { describe, expect, it } from "vitest";
import { normalizePin, pinFromQr } from "./pin";

describe("normalizePin", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    // As the big screen shows it, typed or pasted
    ["312 781", "312781"],
    ["312-781", "312781"],
    ["312 - 781", "312781"],
    ["  312  781  ", "312781"],
    ["312\u00a0781", "312781"],
    ["312\u2013781", "312781"],
    ["312.781", "312781"],
    ["３１２７８１", "312781"],
    ["3 1 2 7 8 1", "312781"],
    ["312\t781\n", "312781"],
    // Still not a PIN
    ["312 78", null],
    ["312 7811", null],
    ["312_781", null],
    ["312+781", null],
    ["-312781-1", null],
    ["312781a", null],
    ["٣١٢٧٨١", null],
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
