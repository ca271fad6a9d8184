import { describe, expect, it } from "vitest";
import { correctAnswerOf, gradeAnswer, hintHelp, normalizeText, parseAnswer } from "./grading";
import type { QuestionData } from "./question";

const single: QuestionData = {
  type: "single",
  options: [
    { id: "a", text: "Mercury" },
    { id: "b", text: "Venus" },
    { id: "c", text: "Earth" },
    { id: "d", text: "Mars" },
  ],
  correct: "a",
};
const multiple: QuestionData = {
  type: "multiple",
  options: ["a", "b", "c", "d", "e", "f"].map((id) => ({ id, text: id.toUpperCase() })),
  correct: ["a", "c", "e"],
};
const text: QuestionData = { type: "text", accepted: ["Ciudad de México", "Mexico City"] };
const order: QuestionData = {
  type: "order",
  items: [
    { id: "x1", text: "1" },
    { id: "x2", text: "2" },
    { id: "x3", text: "3" },
  ],
};
const number: QuestionData = { type: "number", min: 0, max: 100, answer: 42, tolerance: 2 };

describe("gradeAnswer", () => {
  it.each([
    ["single right", single, "a", { correct: true, share: 1 }],
    ["single wrong", single, "b", { correct: false, share: 0 }],
    ["single with an unknown id", single, "zzz", { correct: false, share: 0 }],
    ["multiple all right", multiple, ["e", "a", "c"], { correct: true, share: 1 }],
    ["multiple two of three", multiple, ["a", "c"], { correct: false, share: 2 / 3 }],
    ["multiple one wrong among right", multiple, ["a", "c", "e", "b"], { correct: false, share: 0 }],
    ["multiple repeated ids count once", multiple, ["a", "a", "a"], { correct: false, share: 1 / 3 }],
    ["boolean right", { type: "boolean", correct: false } as QuestionData, false, { correct: true, share: 1 }],
    ["boolean wrong", { type: "boolean", correct: false } as QuestionData, true, { correct: false, share: 0 }],
    ["text ignores case, space and accents", text, "  ciudad   de MEXICO ", { correct: true, share: 1 }],
    ["text second spelling", text, "mexico city", { correct: true, share: 1 }],
    ["text wrong", text, "Guadalajara", { correct: false, share: 0 }],
    ["text empty", text, "   ", { correct: false, share: 0 }],
    ["order right", order, ["x1", "x2", "x3"], { correct: true, share: 1 }],
    ["order wrong", order, ["x2", "x1", "x3"], { correct: false, share: 0 }],
    ["order missing an item", order, ["x1", "x2"], { correct: false, share: 0 }],
    ["number exact", number, 42, { correct: true, share: 1 }],
    ["number at the tolerance edge", number, 44, { correct: true, share: 1 }],
    ["number past the tolerance", number, 44.5, { correct: false, share: 0 }],
    ["number with decimals", { type: "number", min: 0, max: 1, answer: 0.3, tolerance: 0 } as QuestionData, 0.1 + 0.2, { correct: true, share: 1 }],
  ])("%s", (_name, data, answer, grade) => {
    expect(gradeAnswer(data, answer)).toEqual(grade);
  });
});

describe("parseAnswer", () => {
  it.each([
    ["single", "a", "a"],
    ["single", 3, null],
    ["multiple", ["a"], ["a"]],
    ["multiple", [], null],
    ["boolean", "true", null],
    ["text", "x".repeat(201), null],
    ["order", ["a"], null],
    ["number", "42", null],
    ["number", Number.NaN, null],
  ] as const)("%s %j → %j", (type, answer, expected) => {
    expect(parseAnswer(type, answer)).toEqual(expected);
  });
});

describe("normalizeText", () => {
  it("folds case, accents and spaces", () => {
    expect(normalizeText("  Ñandú   Über ")).toBe("nandu uber");
  });
});

describe("correctAnswerOf", () => {
  it("has the shape of an answer", () => {
    expect(correctAnswerOf(single)).toBe("a");
    expect(correctAnswerOf(multiple)).toEqual(["a", "c", "e"]);
    expect(correctAnswerOf(order)).toEqual(["x1", "x2", "x3"]);
    expect(correctAnswerOf(number)).toBe(42);
    expect(correctAnswerOf(text)).toBe("Ciudad de México");
  });
});

describe("hintHelp", () => {
  it("removes half of the wrong options, never a right one, the same ones every time", () => {
    const help = hintHelp(single, "seed-1");
    expect(help.removedOptionIds).toHaveLength(1);
    expect(help.removedOptionIds).not.toContain("a");
    expect(hintHelp(single, "seed-1")).toEqual(help);
    const many = hintHelp(multiple, "seed-2");
    expect(many.removedOptionIds).toHaveLength(1);
    expect(many.removedOptionIds?.every((id) => ["b", "d", "f"].includes(id))).toBe(true);
  });
  it("shows the first letter of a typed answer", () => {
    expect(hintHelp(text, "s")).toEqual({ firstLetter: "C" });
  });
  it("adds nothing mechanical for order, number and true/false", () => {
    expect(hintHelp(order, "s")).toEqual({});
    expect(hintHelp(number, "s")).toEqual({});
  });
});
