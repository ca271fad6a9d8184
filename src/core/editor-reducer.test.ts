import { describe, expect, it } from "vitest";
import { duplicateQuestion, emptyDoc, emptyQuestion, type EditorDoc } from "./editor";
import { canMove, editorReducer, parseTags, type EditorAction } from "./editor-reducer";

let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

function docWith(...prompts: string[]): EditorDoc {
  return { ...emptyDoc(), questions: prompts.map((prompt) => ({ ...emptyQuestion("boolean", newId), prompt })) };
}
const prompts = (d: EditorDoc) => d.questions.map((q) => q.prompt);

describe("the editor's document reducer", () => {
  it.each<[string, (d: EditorDoc) => EditorAction, string[]]>([
    ["moves a question down", () => ({ type: "moveQuestion", from: 0, to: 2 }), ["B", "C", "A"]],
    ["moves a question up", () => ({ type: "moveQuestion", from: 2, to: 0 }), ["C", "A", "B"]],
    ["ignores a move past the end", () => ({ type: "moveQuestion", from: 1, to: 3 }), ["A", "B", "C"]],
    ["ignores a move before the start", () => ({ type: "moveQuestion", from: 0, to: -1 }), ["A", "B", "C"]],
    ["adds a question at the end", () => ({ type: "addQuestion", question: { ...emptyQuestion("text", newId), prompt: "D" } }), ["A", "B", "C", "D"]],
    ["puts a duplicate right after its question", (d) => ({ type: "duplicateQuestion", index: 0, copy: duplicateQuestion(d.questions[0]!, newId) }), ["A", "A", "B", "C"]],
    ["deletes a question by id", (d) => ({ type: "deleteQuestion", id: d.questions[1]!.id }), ["A", "C"]],
    ["replaces one question", (d) => ({ type: "setQuestion", index: 1, question: { ...d.questions[1]!, prompt: "b" } }), ["A", "b", "C"]],
  ])("%s", (_name, action, expected) => {
    const doc = docWith("A", "B", "C");
    const before = structuredClone(doc);
    expect(prompts(editorReducer(doc, action(doc)))).toEqual(expected);
    // The reducer never changes the document it is given.
    expect(doc).toEqual(before);
  });

  it("a move that changes nothing returns the same document (no save follows)", () => {
    const doc = docWith("A", "B");
    expect(editorReducer(doc, { type: "moveQuestion", from: 1, to: 1 })).toBe(doc);
  });

  it("sets a settings field and keeps the rest", () => {
    const doc = docWith("A");
    const next = editorReducer(doc, { type: "set", key: "title", value: "Capitals" });
    expect(next.title).toBe("Capitals");
    expect(next.questions).toBe(doc.questions);
    expect(editorReducer(doc, { type: "set", key: "speedBonus", value: false }).speedBonus).toBe(false);
  });

  it("a duplicate has ids of its own", () => {
    const doc = docWith("A");
    const next = editorReducer(doc, { type: "duplicateQuestion", index: 0, copy: duplicateQuestion(doc.questions[0]!, newId) });
    expect(next.questions[1]!.id).not.toBe(next.questions[0]!.id);
  });

  it.each([
    [0, 1, true],
    [1, 1, false],
    [0, 2, false],
    [-1, 0, false],
  ])("canMove from %i to %i in a list of two: %s", (from, to, ok) => {
    expect(canMove(docWith("A", "B"), from, to)).toBe(ok);
  });

  it.each([
    ["", []],
    ["maps, europe", ["maps", "europe"]],
    [" a ,, b ,", ["a", "b"]],
  ])("tags from %j", (text, tags) => {
    expect(parseTags(text)).toEqual(tags);
  });
});
