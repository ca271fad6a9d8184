import { describe, expect, it, test } from "vitest";
import { lineAt, parseJsonText, scanJson } from "./json-scan";

describe("scanJson", () => {
  it("records where values near the top start", () => {
    const text = '{\n  "quiz": {\n    "questions": [\n      {"a": 1},\n\n      {"b": [2]}\n    ]\n  }\n}';
    const parsed = parseJsonText(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(lineAt(parsed, "quiz")).toBe(2);
    expect(lineAt(parsed, "quiz/questions")).toBe(3);
    expect(lineAt(parsed, "quiz/questions/0")).toBe(4);
    expect(lineAt(parsed, "quiz/questions/1")).toBe(6);
    expect(lineAt(parsed, "quiz/questions/1/b")).toBeUndefined(); // deeper than asked for
  });

  it("accepts what JSON.parse accepts", () => {
    for (const text of ['"x"', "-1.5e+3", "[true,false,null]", '{"a":"\\u00e9\\n"}', " [ ] ", '{"":{}}']) {
      expect(scanJson(text).error).toBeUndefined();
    }
  });

  test.each([
    ['{\n  "a": 1,\n  "b": }', 3, 8, "unexpected \"}\"; expected a value"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'expected "," or "}" after a property value, found "\\""'],
    ['{\n  "a": [1, 2,]\n}', 2, 14, "a comma before ] (remove the trailing comma)"],
    ['{"a": "open', 1, 12, 'a string is not closed (missing ")'],
    ['{"a": "bad \\x"}', 1, 13, '"\\x" is not a JSON escape'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes, found "\'"'],
    ['{"a": 1', 1, 8, 'expected "," or "}" after a property value, found the file ends too early'],
    ['{"a": tru}', 1, 7, 'unexpected "t"; expected a value'],
    ["[1] 2", 1, 5, "unexpected text after the end of the JSON"],
  ])("%j: line %i column %i", (text, line, column, message) => {
    const parsed = parseJsonText(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.line).toBe(line);
    expect(parsed.reason).toBe(`The file is not valid JSON: line ${line}, column ${column}: ${message}`);
  });

  it("does not overflow on deep nesting", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(() => scanJson(deep)).not.toThrow();
    expect(scanJson(deep).error?.message).toBe("the JSON is nested too deeply");
    const parsed = parseJsonText("[".repeat(100_000));
    expect(parsed.ok).toBe(false);
  });

  it("refuses valid JSON nested deeper than 1,000 levels without building it", () => {
    const deep = `{"quiz":\n${"[".repeat(2_000_000)}${"]".repeat(2_000_000)}}`;
    expect(parseJsonText(deep)).toEqual({ ok: false, line: 2, reason: "The file nests values more than 1,000 deep (line 2); a quiz file needs a few levels" });
    expect(parseJsonText(`${"[".repeat(999)}${"]".repeat(999)}`).ok).toBe(true);
  });
});
