import { describe, expect, it } from "vitest";
import { REPORT_DETAILS_MAX, reportProblems } from "./report";
import { reportInput } from "./social";

// The form checks with reportProblems, the server action with reportInput: they must agree.
describe("reportProblems", () => {
  it.each([
    ["spam", "", {}],
    ["spam", "  ", {}],
    ["other", "The answer to 3 is wrong", {}],
    ["other", "", { details: "needed" }],
    ["other", "   ", { details: "needed" }],
    ["", "", { reason: "missing" }],
    ["nonsense", "text", { reason: "missing" }],
    ["copyright", "x".repeat(REPORT_DETAILS_MAX), {}],
    ["copyright", "x".repeat(REPORT_DETAILS_MAX + 1), { details: "too_long" }],
    ["spam", "bell\u0007", { details: "control_chars" }],
    ["", "x".repeat(REPORT_DETAILS_MAX + 1), { reason: "missing", details: "too_long" }],
  ])("reason %j, details %j → %j", (reason, details, expected) => {
    expect(reportProblems(reason, details)).toEqual(expected);
    const parsed = reportInput.safeParse({ slug: "a-quiz", reason: reason || undefined, details });
    const fields = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
    expect(fields).toEqual(new Set(Object.keys(expected)));
  });
});
