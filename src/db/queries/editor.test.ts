import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyDoc, emptyQuestion, validateForPublish, type EditorDoc } from "@/core/editor";
import type { DbHandle } from "../client";
import { questions, quizzes, users } from "../schema";
import { testBackends } from "../test-databases";
import { getAttemptResult } from "./attempts";
import { answerQuestion, createAttempt, readAttempt } from "@/test/solo-play";
import { createDraftFromInput, createDraftQuiz, exportableQuiz, getEditableQuiz, publishQuiz, saveDraft, unpublishQuiz } from "./editor";
import { loadQuizForGame } from "./games";
import { getPublicQuiz } from "./quizzes";

let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

function quizDoc(title: string): EditorDoc {
  const doc = { ...emptyDoc(), title, category: "science" };
  const q = emptyQuestion("single", id);
  q.prompt = "Which is a planet?";
  q.options = q.options.map((o, i) => ({ ...o, text: ["Mars", "Moon", "Sun", "Comet"][i] ?? "", correct: i === 0 }));
  const b = emptyQuestion("boolean", id);
  b.prompt = "Water boils at 100 °C at sea level.";
  return { ...doc, questions: [q, b] };
}

describe.each(testBackends)("quiz editing on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    await handle.db.insert(users).values({ id: "owner-1", handle: "owner-1", name: "Owner", email: "owner@x.test" });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("a draft saves whatever is typed; a stale version is a conflict that returns the other copy", async () => {
    const draft = await createDraftQuiz(handle.db, "owner-1", { ...emptyDoc(), title: "x" });
    expect(draft.version).toBe(1);
    expect(draft.slug).toMatch(/^x-[0-9a-f]{6}$/);
    const first = await saveDraft(handle.db, draft.id, { ...emptyDoc(), title: "First tab" }, 1);
    expect(first).toEqual({ ok: true, version: 2 });
    const stale = await saveDraft(handle.db, draft.id, { ...emptyDoc(), title: "Second tab" }, 1);
    expect(stale.ok).toBe(false);
    if (!stale.ok) {
      expect(stale.conflict.version).toBe(2);
      expect(stale.conflict.doc.title).toBe("First tab");
    }
    // A stale save of the very copy stored (a closed tab's last save landed first) is saved.
    expect(await saveDraft(handle.db, draft.id, { ...emptyDoc(), title: "First tab" }, 1)).toEqual({ ok: true, version: 2 });
    const reread = await getEditableQuiz(handle.db, draft.slug);
    expect(reread?.doc.title).toBe("First tab");
    // A never-published draft lists under its working title.
    const [row] = await handle.db.select().from(quizzes).where(eq(quizzes.id, draft.id));
    expect(row?.title).toBe("First tab");
    expect(row?.status).toBe("draft");
    // Nobody else can see it.
    expect(await getPublicQuiz(handle.db, draft.slug)).toBeNull();
    expect(await getPublicQuiz(handle.db, draft.slug, { userId: "someone-else", admin: false })).toBeNull();
    expect(await getPublicQuiz(handle.db, draft.slug, { userId: "owner-1", admin: false })).not.toBeNull();
  });

  it("publishing writes the questions, keeps their ids on republish, and unpublish hides it again", async () => {
    const doc = quizDoc("Planets and water");
    const draft = await createDraftQuiz(handle.db, "owner-1", doc);
    const valid = validateForPublish(doc);
    expect(valid.ok).toBe(true);
    if (!valid.ok) return;
    const published = await publishQuiz(handle.db, draft.id, doc, valid.quiz);
    expect(published.slug).toMatch(/^planets-and-water-/);
    const stored = await handle.db.select().from(questions).where(eq(questions.quizId, draft.id));
    expect(stored.map((q) => q.id).sort()).toEqual(doc.questions.map((q) => q.id).sort());
    expect(await getPublicQuiz(handle.db, published.slug)).not.toBeNull();

    // Edit: drop the boolean, change the prompt of the first, add a text question.
    const text = emptyQuestion("text", id);
    text.prompt = "Name the red planet";
    text.accepted = ["Mars"];
    const first = doc.questions[0]!;
    const edited: EditorDoc = { ...doc, questions: [{ ...first, prompt: "Which one is a planet?" }, text] };
    const again = validateForPublish(edited);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    const republished = await publishQuiz(handle.db, draft.id, edited, again.quiz);
    expect(republished.slug).toBe(published.slug);
    const after = await handle.db.select().from(questions).where(eq(questions.quizId, draft.id));
    expect(after.map((q) => q.id).sort()).toEqual([first.id, text.id].sort());
    expect(after.find((q) => q.id === first.id)?.prompt).toBe("Which one is a planet?");
    // Option ids survive, so past answers still point at the right option.
    const data = after.find((q) => q.id === first.id)?.data as { options: { id: string }[] };
    expect(data.options.map((o) => o.id)).toEqual(first.options.map((o) => o.id));

    const exported = await exportableQuiz(handle.db, published.slug);
    expect(exported?.quiz.questions.map((q) => q.prompt)).toEqual(["Which one is a planet?", "Name the red planet"]);

    await unpublishQuiz(handle.db, draft.id);
    expect(await getPublicQuiz(handle.db, published.slug)).toBeNull();
  });

  it("a question's picture and its description are stored, reach players and the review, and go when removed", async () => {
    const PICTURE = "https://example.org/mars.jpg";
    const ALT = "A rusty red planet against black space";
    const doc = quizDoc("Pictures of planets");
    const [first, second] = doc.questions as [EditorDoc["questions"][number], EditorDoc["questions"][number]];
    const withPicture: EditorDoc = { ...doc, questions: [{ ...first, imageUrl: ` ${PICTURE} `, imageAlt: ALT }, { ...second, imageUrl: "https://example.org/water.png", imageAlt: "" }] };
    const draft = await createDraftQuiz(handle.db, "owner-1", withPicture);
    // The working copy keeps both as typed.
    expect((await getEditableQuiz(handle.db, draft.slug))?.doc.questions[0]).toMatchObject({ imageUrl: ` ${PICTURE} `, imageAlt: ALT });
    const valid = validateForPublish(withPicture);
    if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
    const { slug } = await publishQuiz(handle.db, draft.id, withPicture, valid.quiz);

    const rows = await handle.db.select().from(questions).where(eq(questions.quizId, draft.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first.id)).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    expect(byId.get(second.id)).toMatchObject({ imageUrl: "https://example.org/water.png", imageAlt: null });
    // Read back from the published rows (no working copy): the editor gets the picture again.
    await handle.db.update(quizzes).set({ draft: null }).where(eq(quizzes.id, draft.id));
    expect((await getEditableQuiz(handle.db, slug))?.doc.questions[0]).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });

    // What players receive: the API's public quiz, a live game's questions, solo play and its review.
    const pub = await getPublicQuiz(handle.db, slug);
    expect(pub?.questions.map((q) => [q.imageUrl, q.imageAlt])).toEqual([
      [PICTURE, ALT],
      ["https://example.org/water.png", null],
    ]);
    expect((await loadQuizForGame(handle.db, draft.id))?.questions[0]).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    const who = { userId: null, guestId: "g-picture" };
    const attempt = await createAttempt(handle.db, { quizSlug: slug, who, nickname: "Pic" });
    const shown = await readAttempt(handle.db, attempt!.id, who, { deliver: true });
    expect(shown.ok && shown.value.question).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });
    for (const q of doc.questions) await answerQuestion(handle.db, attempt!.id, who, { questionId: q.id, answer: null }, { deliverNext: true });
    const result = await getAttemptResult(handle.db, attempt!.id, who);
    expect(result?.review?.map((r) => [r.imageUrl, r.imageAlt])).toEqual([
      [PICTURE, ALT],
      ["https://example.org/water.png", null],
    ]);
    // The export carries them (JSON keeps both).
    expect((await exportableQuiz(handle.db, slug))?.quiz.questions[0]).toMatchObject({ imageUrl: PICTURE, imageAlt: ALT });

    // Removed in the editor and republished: both columns are cleared.
    const { imageUrl: _u, imageAlt: _a, ...plain } = withPicture.questions[0]!;
    const removed: EditorDoc = { ...withPicture, questions: [plain, withPicture.questions[1]!] };
    const again = validateForPublish(removed);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    await publishQuiz(handle.db, draft.id, removed, again.quiz);
    const [after] = await handle.db.select().from(questions).where(eq(questions.id, first.id));
    expect(after).toMatchObject({ imageUrl: null, imageAlt: null });
  });

  it("an import becomes a draft that keeps each picture and its description", async () => {
    const draft = await createDraftFromInput(handle.db, "owner-1", {
      title: "Imported pictures",
      category: "art",
      questions: [{ type: "boolean", prompt: "A famous smile?", correct: true, explanation: "", points: 1000, imageUrl: "https://example.org/mona.jpg", imageAlt: "A smiling woman" }],
    });
    expect((await getEditableQuiz(handle.db, draft.slug))?.doc.questions[0]).toMatchObject({ imageUrl: "https://example.org/mona.jpg", imageAlt: "A smiling woman" });
  });
});
