import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changeType, checkImageUrl, docToInput, duplicateQuestion, EDITOR_PROBLEMS, editorDocSchema, editorProblemEnglish, emptyDoc, emptyQuestion, validateForPublish, type EditorDoc, type EditorProblem } from "./editor";
import { editorQuestionData, inputToDoc, storedQuestionToEditor } from "./editor-convert";
import { answerFeedback } from "./question";
import { quizInput } from "./quiz-schema";

// Question ids become row ids when a quiz is published: UUIDs, as the editor makes them.
const newId = () => randomUUID();
const say = (p: EditorProblem | undefined) => (p ? editorProblemEnglish(p) : p);
const seedDir = path.resolve(__dirname, "../db/seed/quizzes");

describe("editor drafts", () => {
  it("an empty draft is a valid draft but cannot be published", () => {
    const doc = emptyDoc();
    expect(editorDocSchema.safeParse(doc).success).toBe(true);
    const result = validateForPublish(doc);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(say(result.errors.title)).toBe("Use at least 3 characters");
      expect(say(result.errors.questions)).toBe("Add at least one question");
    }
  });

  it.each(readdirSync(seedDir).filter((f) => f.endsWith(".json")))("%s: authored → draft → publish gives the same quiz", (file) => {
    const authored = quizInput.parse(JSON.parse(readFileSync(path.join(seedDir, file), "utf8")));
    const doc = inputToDoc(authored, newId);
    expect(editorDocSchema.safeParse(doc).success).toBe(true);
    const result = validateForPublish(doc);
    expect(result.ok).toBe(true);
    if (result.ok) {
      const { slug: _slug, ...rest } = authored;
      // An empty unit and no unit mean the same.
      const clean = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === "unit" && x === "" ? undefined : x))) as unknown;
      expect(clean(result.quiz)).toEqual(clean({ ...rest, visibility: "public" }));
    }
  });

  it("names each broken rule at its field", () => {
    const doc = emptyDoc();
    doc.title = "A quiz";
    const single = emptyQuestion("single", newId);
    single.prompt = "Pick";
    single.options = single.options.map((o, i) => ({ ...o, text: ["a", "A ", "c", "d"][i] ?? "", correct: false }));
    const num = emptyQuestion("number", newId);
    num.prompt = "How many?";
    num.number = { answer: 50, min: 10, max: 5, tolerance: 0, unit: "" };
    const text = emptyQuestion("text", newId);
    text.accepted = [""];
    text.timeLimit = 3;
    doc.questions = [single, num, text];
    const result = validateForPublish(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(say(result.errors["questions.0.options"])).toBe("Two options are the same");
    expect(say(result.errors["questions.0.correct"])).toBe("Mark exactly one option as correct");
    expect(say(result.errors["questions.1.max"])).toBe("Minimum must be below maximum");
    expect(say(result.errors["questions.2.prompt"])).toBe("This cannot be empty");
    expect(say(result.errors["questions.2.accepted.0"])).toBe("This cannot be empty");
    expect(say(result.errors["questions.2.timeLimit"])).toBe("Use 5–240 seconds");
  });

  it("a multiple-select question needs a correct option", () => {
    const doc = { ...emptyDoc(), title: "Quiz" };
    const q = emptyQuestion("multiple", newId);
    q.prompt = "Which?";
    q.options = q.options.map((o, i) => ({ ...o, text: `o${i}`, correct: false }));
    doc.questions = [q];
    const result = validateForPublish(doc);
    expect(!result.ok && say(result.errors["questions.0.correct"])).toBe("Mark at least one option as correct");
  });

  it("duplicate gives new ids; changing to single keeps one correct option", () => {
    const q = emptyQuestion("multiple", newId);
    q.options = q.options.map((o) => ({ ...o, correct: true }));
    const copy = duplicateQuestion(q, newId);
    expect(copy.id).not.toBe(q.id);
    expect(copy.options.map((o) => o.id)).not.toEqual(q.options.map((o) => o.id));
    const single = changeType(q, "single", newId);
    expect(single.options.filter((o) => o.correct)).toHaveLength(1);
  });
});

describe("what a draft may hold", () => {
  it("refuses control characters other than tabs and line breaks, and question ids that are not UUIDs", () => {
    const doc = emptyDoc();
    expect(editorDocSchema.safeParse({ ...doc, title: "NUL\u0000" }).success).toBe(false);
    expect(editorDocSchema.safeParse({ ...doc, description: "two\nlines\tand a tab" }).success).toBe(true);
    const q = emptyQuestion("single", newId);
    expect(editorDocSchema.safeParse({ ...doc, questions: [q] }).success).toBe(true);
    expect(editorDocSchema.safeParse({ ...doc, questions: [{ ...q, prompt: "a\u0000" }] }).success).toBe(false);
    const notUuid = editorDocSchema.safeParse({ ...doc, questions: [{ ...q, id: "a".repeat(36) }] });
    expect(notUuid.success).toBe(false);
    expect(notUuid.error?.issues[0]?.path).toEqual(["questions", 0, "id"]);
  });

  it("an imported quiz with a NUL in its title is refused", () => {
    const r = quizInput.safeParse({ title: "Capitals\u0000", category: "general", questions: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Remove control characters");
  });
});

describe("per-answer feedback through the editor", () => {
  const quiz = quizInput.parse({
    title: "Feedback",
    category: "science",
    questions: [
      { type: "single", prompt: "Closest star?", options: ["Sun", "Proxima Centauri"], optionFeedback: ["", "close, but further"], correct: 0 },
      { type: "boolean", prompt: "Pluto is a planet", correct: false, feedback: { wrong: "It is a dwarf planet.", right: "Right." } },
    ],
  });

  it("an imported quiz keeps its feedback as a draft, when published, and when exported", () => {
    const doc = inputToDoc(quiz, randomUUID);
    // Saved as a draft (the draft schema) and read back: nothing dropped.
    const saved = editorDocSchema.parse(JSON.parse(JSON.stringify(doc)));
    expect(quizInput.parse(docToInput(saved)).questions).toEqual(quiz.questions);
    // Published: the stored data carries it, and an edit of the stored question keeps it.
    const [single, bool] = saved.questions.map(editorQuestionData);
    expect(single).toMatchObject({ options: [{ text: "Sun" }, { text: "Proxima Centauri", feedback: "close, but further" }] });
    expect(single?.type === "single" && "feedback" in single.options[0]!).toBe(false);
    expect(bool).toEqual({ type: "boolean", correct: false, feedback: { wrong: "It is a dwarf planet.", right: "Right." } });
    const edited = storedQuestionToEditor({ ...saved.questions[1]!, data: bool!, hint: null }, randomUUID);
    expect(editorQuestionData(edited)).toEqual(bool);
  });

  it("the answer's feedback: the picked option's, or true/false's for a right or wrong answer", () => {
    const [single, bool] = inputToDoc(quiz, randomUUID).questions.map(editorQuestionData);
    if (single?.type !== "single") throw new Error("single expected");
    const proxima = single.options[1]!.id;
    expect(answerFeedback(single, proxima, false)).toEqual(["close, but further"]);
    expect(answerFeedback(single, single.options[0]!.id, true)).toEqual([]);
    expect(answerFeedback(bool!, true, false)).toEqual(["It is a dwarf planet."]);
    expect(answerFeedback(bool!, false, true)).toEqual(["Right."]);
    expect(answerFeedback(bool!, null, false)).toEqual([]);
  });
});

describe("a question's picture through the editor", () => {
  const PICTURE = "https://example.org/mona-lisa.jpg";
  const ALT = "A woman with folded hands smiles faintly before a distant landscape";
  const withPicture = (imageUrl: string, imageAlt?: string): EditorDoc => {
    const q = emptyQuestion("boolean", newId);
    q.prompt = "This portrait hangs in the Louvre.";
    return { ...emptyDoc(), title: "Paintings", questions: [{ ...q, imageUrl, ...(imageAlt === undefined ? {} : { imageAlt }) }] };
  };

  it("the draft keeps the address and the description as typed, valid or not", () => {
    for (const doc of [withPicture(PICTURE, ALT), withPicture("javascript:alert(1)", "x".repeat(500))]) {
      const saved = editorDocSchema.parse(JSON.parse(JSON.stringify(doc)));
      expect(saved.questions[0]).toMatchObject({ imageUrl: doc.questions[0]!.imageUrl, imageAlt: doc.questions[0]!.imageAlt });
    }
  });

  it("a draft saved before pictures could be edited still opens, without one", () => {
    const old = JSON.parse(JSON.stringify(withPicture(PICTURE))) as { questions: Record<string, unknown>[] };
    delete old.questions[0]!.imageUrl;
    const parsed = editorDocSchema.safeParse(old);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.questions[0]).not.toHaveProperty("imageUrl");
    expect(validateForPublish(parsed.data!)).toMatchObject({ ok: true });
  });

  it("publishes the picture with its description, trimmed", () => {
    const result = validateForPublish(withPicture(` ${PICTURE} `, ` ${ALT} `));
    expect(result.ok && result.quiz.questions[0]).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
  });

  it("a description alone, or a blank address, is no picture", () => {
    for (const doc of [withPicture("", ALT), withPicture("   ", ALT)]) {
      const result = validateForPublish(doc);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.quiz.questions[0]).not.toHaveProperty("imageUrl");
      if (result.ok) expect(result.quiz.questions[0]).not.toHaveProperty("imageAlt");
    }
    const noAlt = validateForPublish(withPicture(PICTURE, "  "));
    expect(noAlt.ok && noAlt.quiz.questions[0]).toMatchObject({ imageUrl: PICTURE });
    expect(noAlt.ok && noAlt.quiz.questions[0]!.imageAlt).toBeUndefined();
  });

  it.each([
    ["javascript:alert(1)", "questions.0.imageUrl", "Use a web address that starts with http:// or https://"],
    ["data:image/png;base64,iVBORw0KGgo=", "questions.0.imageUrl", "Use a web address that starts with http:// or https://"],
    ["ftp://example.org/a.png", "questions.0.imageUrl", "Use a web address that starts with http:// or https://"],
    ["/icon.svg", "questions.0.imageUrl", "Use a web address that starts with http:// or https://"],
    [`https://example.org/${"a".repeat(2000)}`, "questions.0.imageUrl", "Use at most 2000 characters"],
  ])("publishing refuses %j at its field", (url, path, message) => {
    const result = validateForPublish(withPicture(url, ALT));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.fromEntries(Object.entries(result.errors).map(([k, p]) => [k, say(p)]))).toEqual({ [path]: message });
  });

  it("publishing refuses a description over 200 characters at its field", () => {
    const result = validateForPublish(withPicture(PICTURE, "x".repeat(201)));
    expect(!result.ok && say(result.errors["questions.0.imageAlt"])).toBe("Use at most 200 characters");
  });

  it("checks an address as the author types by the rule publishing applies", () => {
    expect(checkImageUrl(undefined)).toEqual({ ok: true, url: null });
    expect(checkImageUrl("  ")).toEqual({ ok: true, url: null });
    expect(checkImageUrl(` ${PICTURE}`)).toEqual({ ok: true, url: PICTURE });
    expect(checkImageUrl("javascript:alert(1)")).toEqual({ ok: false, problem: { code: "image_url" } });
    expect(checkImageUrl("data:image/png;base64,AAAA")).toEqual({ ok: false, problem: { code: "image_url" } });
    expect(checkImageUrl(`https://example.org/${"a".repeat(2000)}`)).toEqual({ ok: false, problem: { code: "max_chars", n: 2000 } });
    expect(checkImageUrl("https://example.org/a\u0001.png")).toEqual({ ok: false, problem: { code: "control_chars" } });
  });

  it("duplicating or retyping a question keeps its picture", () => {
    const q = withPicture(PICTURE, ALT).questions[0]!;
    expect(duplicateQuestion(q, newId)).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    expect(changeType(q, "single", newId)).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
  });

  it("an imported or published question comes back to the editor with its picture", () => {
    const quiz = quizInput.parse({
      title: "Paintings",
      category: "art",
      questions: [
        { type: "boolean", prompt: "In the Louvre?", correct: true, imageUrl: PICTURE, imageAlt: ALT },
        { type: "boolean", prompt: "No picture", correct: false },
      ],
    });
    const doc = inputToDoc(quiz, newId);
    expect(doc.questions[0]).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    expect(doc.questions[1]).not.toHaveProperty("imageUrl");
    expect(quizInput.parse(docToInput(doc)).questions).toEqual(quiz.questions);
    const row = { id: newId(), prompt: "In the Louvre?", data: editorQuestionData(doc.questions[0]!), explanation: "", hint: null, timeLimit: null, points: 1000 };
    expect(storedQuestionToEditor({ ...row, imageUrl: PICTURE, imageAlt: ALT }, newId)).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    expect(storedQuestionToEditor({ ...row, imageUrl: PICTURE, imageAlt: null }, newId)).toMatchObject({ imageUrl: PICTURE, imageAlt: "" });
    expect(storedQuestionToEditor({ ...row, imageUrl: null, imageAlt: null }, newId)).not.toHaveProperty("imageUrl");
  });
});

describe("editor problems", () => {
  it("name every message of the authoring schema by a code, so the editor can say it in any language", () => {
    const schema = readFileSync(path.resolve(__dirname, "quiz-schema.ts"), "utf8");
    const messages = [...schema.matchAll(/(?:message: |, )"([A-Z][^"]+)"/g)].map((m) => m[1]!);
    expect(messages.length).toBeGreaterThan(5);
    const english = new Set<string>(Object.values(EDITOR_PROBLEMS));
    expect(messages.filter((m) => !english.has(m))).toEqual([]);
  });
});
