import { describe, expect, it } from "vitest";
import { emptyDoc, validateForPublish } from "./editor";
import { placeOfPath } from "./editor-fields";

describe("where a publishing problem is", () => {
  it.each([
    ["title", { question: null, field: { name: "title" }, anchor: "f-title", focus: "#f-title" }],
    ["timeLimit", { question: null, field: { name: "defaultTime" }, anchor: "f-time", focus: "#f-time" }],
    ["tags.2", { question: null, field: { name: "tags" }, anchor: "f-tags", focus: "#f-tags" }],
    ["visibility", { question: null, field: { name: "visibility" }, anchor: "f-visibility", focus: null }],
    ["_", { question: null, field: null, anchor: "settings-title", focus: null }],
    ["questions", { question: null, field: null, anchor: "questions-title", focus: null }],
    ["questions.0.prompt", { question: 0, field: { name: "prompt" }, anchor: "q0-prompt", focus: "#q0-prompt" }],
    ["questions.0.options.3", { question: 0, field: { name: "option", letter: "D" }, anchor: "q0-option-3", focus: "#q0-option-3" }],
    ["questions.2.options", { question: 2, field: { name: "options" }, anchor: "question-2", focus: "#q2-option-0" }],
    ["questions.1.correct", { question: 1, field: { name: "correct" }, anchor: "question-1", focus: '[name="q1-correct"]' }],
    ["questions.1.optionFeedback.0", { question: 1, field: { name: "optionFeedback", letter: "A" }, anchor: "question-1", focus: null }],
    ["questions.3.accepted.1", { question: 3, field: { name: "acceptedN", n: 2 }, anchor: "q3-accepted-1", focus: "#q3-accepted-1" }],
    ["questions.3.accepted", { question: 3, field: { name: "accepted" }, anchor: "question-3", focus: "#q3-accepted-0" }],
    ["questions.4.items.0", { question: 4, field: { name: "item", n: 1 }, anchor: "q4-item-0", focus: "#q4-item-0" }],
    ["questions.5.max", { question: 5, field: { name: "max" }, anchor: "q5-max", focus: "#q5-max" }],
    ["questions.5.timeLimit", { question: 5, field: { name: "timeLimit" }, anchor: "q5-time", focus: "#q5-time" }],
    ["questions.5.imageAlt", { question: 5, field: { name: "imageAlt" }, anchor: "q5-imageAlt", focus: "#q5-imageAlt" }],
    ["questions.5.whatever", { question: 5, field: null, anchor: "question-5", focus: null }],
  ])("%s", (path, place) => {
    expect(placeOfPath(path)).toEqual(place);
  });

  it("an empty fourth option is option D of its question", () => {
    const doc = emptyDoc();
    doc.title = "Capitals";
    doc.questions = [
      {
        id: "00000000-0000-4000-8000-000000000001",
        type: "single",
        prompt: "Capital of France?",
        options: ["Paris", "Rome", "Lima", ""].map((text, i) => ({ id: `o${i}`, text, correct: i === 0 })),
        booleanAnswer: true,
        accepted: [""],
        items: [],
        number: { answer: null, min: null, max: null, tolerance: 0, unit: "" },
        explanation: "",
        hint: "",
        timeLimit: null,
        points: 1000,
      },
    ];
    const result = validateForPublish(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["questions.0.options.3"]);
    expect(placeOfPath("questions.0.options.3").field).toEqual({ name: "option", letter: "D" });
  });
});

describe("weights' places", () => {
  it.each([
    ["questions.0.optionWeights", { question: 0, field: { name: "weights" }, anchor: "question-0", focus: "#q0-weight-option-1" }],
    ["questions.2.acceptedWeights", { question: 2, field: { name: "weights" }, anchor: "question-2", focus: "#q2-weight-accepted-0" }],
    ["questions.1.partial.0.weight", { question: 1, field: { name: "partial" }, anchor: "question-1", focus: null }],
  ])("%s", (path, place) => {
    expect(placeOfPath(path)).toEqual(place);
  });
});
