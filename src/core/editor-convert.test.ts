import { describe, expect, it } from "vitest";
import { docToInput } from "./editor";
import { editorQuestionData, inputToDoc, storedQuestionToEditor } from "./editor-convert";
import { gradeAnswer } from "./grading";
import { quizInput, toQuestionData } from "./quiz-schema";

let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

const WEIGHTED = quizInput.parse({
  title: "Weights",
  category: "history",
  questions: [
    { type: "text", prompt: "Jesus Christ was from", accepted: ["Nazareth", "Nazereth", "Bethlehem"], acceptedWeights: [100, 75, 25] },
    { type: "single", prompt: "Which?", options: ["right", "half", "wrong"], correct: 0, optionWeights: [100, 50, 0] },
    { type: "number", prompt: "Grant born?", answer: 1822, min: 1700, max: 1900, partial: [{ answer: 1822, tolerance: 2, weight: 50 }] },
    { type: "number", prompt: "Jellybeans?", answer: 420, min: 0, max: 1000, tolerance: 10, scoring: "closest" },
  ],
});

describe("weights through the editor's shapes", () => {
  it("an import keeps its weights through the editor and back (JSON export)", () => {
    const doc = inputToDoc(WEIGHTED, newId);
    expect(quizInput.parse(docToInput(doc)).questions).toEqual(WEIGHTED.questions);
  });

  it("stored data keeps them, and grades with them", () => {
    const doc = inputToDoc(WEIGHTED, newId);
    const data = doc.questions.map(editorQuestionData);
    expect(data[0]).toEqual({ type: "text", accepted: ["Nazareth", "Nazereth", "Bethlehem"], weights: [100, 75, 25] });
    expect(gradeAnswer(data[0]!, "Bethlehem")).toEqual({ correct: false, share: 0.25 });
    const half = data[1]!.type === "single" ? data[1]!.options[1]!.id : "";
    expect(gradeAnswer(data[1]!, half)).toEqual({ correct: false, share: 0.5 });
    expect(gradeAnswer(data[2]!, 1821)).toEqual({ correct: false, share: 0.5 });
    expect(data[3]).toMatchObject({ scoring: "closest" });
    // Stored → editor → stored is unchanged.
    const again = data.map((d, i) => editorQuestionData(storedQuestionToEditor({ id: doc.questions[i]!.id, prompt: "p", data: d, explanation: "", hint: null, timeLimit: null, points: 1000 }, newId)));
    expect(again).toEqual(data);
  });

  it("the authoring shape stores the same data as the editor", () => {
    const data = WEIGHTED.questions.map((q) => toQuestionData(q, newId));
    expect(data[0]).toEqual({ type: "text", accepted: ["Nazareth", "Nazereth", "Bethlehem"], weights: [100, 75, 25] });
    expect(data[1]).toMatchObject({ options: [{ text: "right" }, { text: "half", weight: 50 }, { text: "wrong" }] });
  });

  it.each([
    [{ type: "single", prompt: "p", options: ["a", "b"], correct: 0, optionWeights: [100, 100] }, "Only the correct option is worth 100 %"],
    [{ type: "single", prompt: "p", options: ["a", "b"], correct: 0, optionWeights: [100] }, "Give one weight per option (0 for none)"],
    [{ type: "text", prompt: "p", accepted: ["a", "b"], acceptedWeights: [50, 50] }, "At least one answer must be worth 100 %"],
    [{ type: "text", prompt: "p", accepted: ["a", "b"], acceptedWeights: [100] }, "Give one weight per accepted answer"],
  ])("refuses %j", (question, message) => {
    const r = quizInput.safeParse({ title: "Weights", category: "history", questions: [question] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toContain(message);
  });
});
