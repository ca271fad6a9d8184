import { describe, expect, it } from "vitest";
import { actionRowProblem, isActionRowField, MAX_ACTION_ROW_DEPTH } from "./action-body";

describe("actionRowProblem", () => {
  const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
  it.each([
    ['["es"]', true, null],
    ['[{"title":"Capitals","questions":[{"options":[{"text":"[[[{"}]}]}]', true, null],
    ['["\\"[[[["]', true, null],
    ['{"a":1}', false, null],
    ['"$K1"', false, null],
    ["not json {", true, "not_json"],
    ['["es"', true, "not_json"],
    ["", true, "not_json"],
    ['{"a":', false, "not_json"],
    ['"es"', true, "not_arguments"],
    ["42", true, "not_arguments"],
    ['{"0":"es"}', true, "not_arguments"],
    ["null", true, "not_arguments"],
  ])("%j (root %j) → %j", (text, root, expected) => {
    expect(actionRowProblem(text, root)).toBe(expected);
  });

  it("takes nesting up to its limit, and refuses deeper rows before parsing them", () => {
    expect(actionRowProblem(nested(MAX_ACTION_ROW_DEPTH), true)).toBeNull();
    expect(actionRowProblem(nested(MAX_ACTION_ROW_DEPTH + 1), true)).toBe("too_deep");
    expect(actionRowProblem(nested(100_000), true)).toBe("too_deep");
    expect(actionRowProblem(`[${'{"a":'.repeat(100_000)}`, false)).toBe("too_deep");
  });
});

describe("isActionRowField", () => {
  it.each([
    ["0", true],
    ["12", true],
    ["1_title", false],
    ["$ACTION_ID_abc", false],
    ["", false],
  ])("%j → %j", (name, expected) => {
    expect(isActionRowField(name)).toBe(expected);
  });
});
