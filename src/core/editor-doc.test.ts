import { describe, expect, it } from "vitest";
import { emptyDoc, emptyQuestion, sameDoc, type EditorDoc } from "./editor-doc";

const doc = (): EditorDoc => ({ ...emptyDoc(), title: "Capitals", questions: [{ ...emptyQuestion("single", () => "q1"), prompt: "Capital of Peru?" }] });
/** The same object with its keys in reverse order, at every level (as jsonb may hand it back). */
const reversed = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(reversed) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;

describe("sameDoc", () => {
  it.each<[string, (d: EditorDoc) => unknown, boolean]>([
    ["the same copy", (d) => d, true],
    ["keys in another order", (d) => reversed(d), true],
    ["a key set to undefined where the other leaves it out", (d) => ({ ...d, questions: [{ ...d.questions[0], imageUrl: undefined }] }), true],
    ["another title", (d) => ({ ...d, title: "Capitals!" }), false],
    ["another prompt", (d) => ({ ...d, questions: [{ ...d.questions[0], prompt: "Capital of Chile?" }] }), false],
    ["a question more", (d) => ({ ...d, questions: [...d.questions, d.questions[0]] }), false],
    ["null where the other has an empty string", (d) => ({ ...d, description: null }), false],
    ["an array where the other has an object", (d) => ({ ...d, questions: {} }), false],
  ])("%s → %s", (_name, change, same) => {
    const a = doc();
    expect(sameDoc(a, change(doc()) as EditorDoc)).toBe(same);
    expect(sameDoc(change(doc()) as EditorDoc, a)).toBe(same);
  });
});
