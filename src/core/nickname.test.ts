import { describe, expect, it } from "vitest";
import { FIELD_ERRORS, type FieldErrorCode } from "./field-errors";
import { checkNickname, nicknameSchema } from "./nickname";

describe("checkNickname", () => {
  it.each([
    ["Ada", { ok: true, nickname: "Ada" }],
    ["  Grace   Hopper ", { ok: true, nickname: "Grace Hopper" }],
    ["Zoë 🚀", { ok: true, nickname: "Zoë 🚀" }],
    ["Scunthorpe", { ok: true, nickname: "Scunthorpe" }],
    ["", { ok: false, problem: "empty" }],
    ["    ", { ok: false, problem: "empty" }],
    ["x".repeat(21), { ok: false, problem: "too_long" }],
    ["a\u0000b", { ok: false, problem: "control_chars" }],
    ["bad\u200bname", { ok: false, problem: "control_chars" }],
    ["fuck", { ok: false, problem: "profanity" }],
    ["sh1t head", { ok: false, problem: "profanity" }],
  ])("%j", (input, expected) => {
    expect(checkNickname(input)).toEqual(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkNickname("🚀".repeat(20)).ok).toBe(true);
  });

  it.each([
    ["fuck", "nickname_profanity"],
    ["", "nickname_empty"],
    ["x".repeat(21), "nickname_too_long"],
    ["a\u0000b", "nickname_control_chars"],
  ])("gives %j's problem as a field error code through the zod schema", (input, code) => {
    const r = nicknameSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(code);
    expect(FIELD_ERRORS[code as FieldErrorCode]).toBeTruthy();
  });
});
