import { describe, expect, it } from "vitest";
import { checkNickname } from "./nickname";
import { defaultNickname, NICKNAME_MAX, nicknameLength } from "./nickname-limits";

describe("defaultNickname", () => {
  it.each([
    ["Ada", "Ada"],
    ["  Grace   Hopper ", "Grace Hopper"],
    ["Exactly twenty chars", "Exactly twenty chars"],
    ["Maria Fernanda Rodríguez López", "Maria Fernanda"],
    ["Wolfgang Amadeus Mozart the Third", "Wolfgang Amadeus"],
    ["Bartholomew-Christopherson Jr", "Bartholomew-Christop"],
    ["Supercalifragilisticexpialidocious", "Supercalifragilistic"],
    ["🚀".repeat(25), "🚀".repeat(20)],
    ["x".repeat(19) + "🚀🚀", "x".repeat(19) + "🚀"],
    ["Zoë Ann Smith-Jones Olsen", "Zoë Ann Smith-Jones"],
    ["", ""],
  ])("%j → %j", (name, expected) => {
    expect(defaultNickname(name)).toBe(expected);
  });

  it("always gives a nickname the rule accepts, for any display name up to 50 characters", () => {
    const names = [
      "A".repeat(50),
      "Ana ".repeat(12).trim(),
      "Jean-Baptiste Emmanuel Zorg of the Fifth Element",
      "ß".repeat(21),
      "名前が長い人の名前が長い人の名前が長い人の名前が長い人",
      "a bcdefghijklmnopqrstuvwxyz",
    ];
    for (const name of names) {
      const nickname = defaultNickname(name);
      expect(nicknameLength(nickname), name).toBeLessThanOrEqual(NICKNAME_MAX);
      expect(checkNickname(nickname), name).toEqual({ ok: true, nickname });
    }
  });
});
