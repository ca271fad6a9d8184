import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryAttemptStore } from "./attempt-store-memory";
import { answerQuestion, createAttempt, readAttempt, takeHint } from "./solo-play";

// Solo play sends the rendered HTML of the texts it shows (docs/rules.md, "Formatting and math"),
// each with its step: the question's with the question, the explanation's only with the feedback.
const T0 = new Date("2026-03-01T10:00:00.000Z");
const who = { userId: null, guestId: "g-1" };

describe("solo play's rendered texts", () => {
  it("question, hint and feedback each carry their own HTML; plain ones none", async () => {
    const store = new MemoryAttemptStore();
    const base = { points: 1000, timeLimit: 10, imageUrl: null, imageAlt: null };
    const questions = [
      { ...base, id: randomUUID(), type: "boolean" as const, prompt: "Is $x^2 \\ge 0$?", hint: "**square**", explanation: "*Always*.", data: { type: "boolean" as const, correct: true } },
      { ...base, id: randomUUID(), type: "boolean" as const, prompt: "Plain?", hint: null, explanation: "", data: { type: "boolean" as const, correct: true } },
    ];
    store.addQuiz({ id: randomUUID(), slug: "rich", title: "Rich", language: "en", speedBonus: true, streakBonus: true, timeLimit: 20, ownerId: "u", status: "published", visibility: "public", questions });
    const { id } = (await createAttempt(store, { quizSlug: "rich", who, nickname: "Ada", now: T0 }))!;
    const read = await readAttempt(store, id, who, { deliver: true, now: T0 });
    if (!read.ok) throw new Error(read.error);
    expect(Object.keys(read.value.rich ?? {})).toEqual(["Is $x^2 \\ge 0$?"]);
    expect(read.value.rich?.["Is $x^2 \\ge 0$?"]).toContain('class="katex"');
    expect(JSON.stringify(read.value)).not.toContain("Always");
    const hint = await takeHint(store, id, who, { now: T0 });
    expect(hint.ok && hint.value.hint.rich).toEqual({ "**square**": "<strong>square</strong>" });
    const answered = await answerQuestion(store, id, who, { questionId: questions[0]!.id, answer: true, usedHint: true }, { deliverNext: true, now: T0 });
    if (!answered.ok) throw new Error(answered.error);
    expect(answered.value.feedback.rich).toEqual({ "*Always*.": "<em>Always</em>." });
    expect(answered.value.next).not.toHaveProperty("rich");
  });
});
