import { describe, expect, it } from "vitest";
import { hostView, playerView, recomputeFromAnswers, report, type LiveQuestion } from "./engine";
import { lobbyWith, SINGLE } from "@/test/live-engine";
import { buildReport } from "../report/build";

/** Polls and slides in a live game (docs/rules.md §5): votes counted, nothing scored, slides wait for the host. */
const POLL: LiveQuestion = {
  id: "q-poll",
  prompt: "Favourite season?",
  data: { type: "poll", options: [{ id: "p-spring", text: "Spring" }, { id: "p-summer", text: "Summer" }, { id: "p-winter", text: "Winter" }] },
  timeLimitSeconds: 20,
  points: 0,
  explanation: "",
};
const SLIDE: LiveQuestion = {
  id: "q-slide",
  prompt: "Break",
  data: { type: "slide", text: "Stretch your legs." },
  timeLimitSeconds: 20,
  points: 0,
  explanation: "",
};

function afterSingle() {
  const h = lobbyWith(["a", "b", "c"], [SINGLE, POLL, SLIDE, SINGLE]);
  h.ok({ type: "start" });
  h.open();
  h.answer("a", 1000, "opt-oslo");
  h.answer("b", 1000, "opt-oslo");
  h.answer("c", 1000, "opt-bergen");
  expect(h.s.phase).toBe("reveal");
  h.ok({ type: "next" });
  h.ok({ type: "next" });
  return h;
}

describe("a poll in a live game", () => {
  it("counts the votes, scores nothing and keeps every streak and score", () => {
    const h = afterSingle();
    const before = h.s.players.map((p) => [p.id, p.score, p.streak, p.totalTimeMs]);
    h.open();
    h.answer("a", 500, "p-summer");
    h.answer("b", 700, "p-summer");
    h.answer("c", 900, "p-winter");
    expect(h.s.phase).toBe("reveal");
    for (const id of ["a", "b", "c"]) expect(h.rec(1, id)).toMatchObject({ points: 0, correct: false });
    expect(h.s.players.map((p) => [p.id, p.score, p.streak, p.totalTimeMs])).toEqual(before);
    const reveal = hostView(h.s, h.t).reveal!;
    expect(reveal.key).toEqual({ type: "poll" });
    expect(reveal.distribution).toEqual({
      type: "poll",
      options: [
        { id: "p-spring", text: "Spring", count: 0 },
        { id: "p-summer", text: "Summer", count: 2 },
        { id: "p-winter", text: "Winter", count: 1 },
      ],
    });
    // A restore from the answers gives the same scores and streaks.
    expect(recomputeFromAnswers(h.s).players.map((p) => [p.id, p.score, p.streak])).toEqual(before.map(([id, score, streak]) => [id, score, streak]));
  });

  it.each([
    ["an option of another question", "opt-oslo"],
    ["a list", ["p-summer"]],
    ["a number", 2],
  ])("refuses %s as a vote", (_, value) => {
    const h = afterSingle();
    h.open();
    const out = h.answer("a", 500, value);
    expect(out.ok ? "ok" : out.error.code).toBe("validation_failed");
  });
});

describe("a slide in a live game", () => {
  function onSlide() {
    const h = afterSingle();
    h.open();
    for (const id of ["a", "b", "c"]) h.answer(id, 500, "p-spring");
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    expect(h.s.index).toBe(2);
    return h;
  }

  it("has no clock and takes no answer; time passing does not close it", () => {
    const h = onSlide();
    expect(h.s).toMatchObject({ phase: "question", stage: "answering", closesAt: null });
    expect(playerView(h.s, "a", h.t)?.timing ?? null).toBeNull();
    expect(playerView(h.s, "a", h.t)?.question?.data).toEqual({ type: "slide", text: "Stretch your legs." });
    const out = h.answer("a", 500, "anything");
    expect(out.ok ? "ok" : out.error.code).toBe("validation_failed");
    h.wait(10 * 60_000);
    expect(h.s).toMatchObject({ phase: "question", index: 2 });
    h.fail({ type: "pause" }, "invalid_state");
  });

  it("moves on to the next question when the host says next, scores unchanged", () => {
    const h = onSlide();
    const scores = h.s.players.map((p) => [p.id, p.score, p.streak]);
    h.ok({ type: "next" });
    expect(h.s).toMatchObject({ phase: "question", index: 3 });
    expect(h.s.players.map((p) => [p.id, p.score, p.streak])).toEqual(scores);
  });

  it("leaves the report's rates to the scored questions; the poll keeps its votes", () => {
    const h = onSlide();
    h.ok({ type: "next" });
    h.open();
    for (const id of ["a", "b", "c"]) h.answer(id, 500, "opt-oslo");
    expect(report(h.s).questions.map((q) => [q.type, q.correct])).toEqual([
      ["single", 2],
      ["poll", 0],
      ["slide", 0],
      ["single", 3],
    ]);
    const r = buildReport({
      questions: h.s.questions.map((q) => ({ prompt: q.prompt, data: q.data })),
      players: h.s.players.map((p) => ({ id: p.id, nickname: p.nickname, score: p.score, firstQuestion: p.firstQuestion })),
      answers: h.s.answers.flatMap((list, questionIndex) => list.map((a) => ({ ...a, questionIndex, answer: a.answer }))),
    });
    expect(r.questions.map((q) => [q.type, q.graded, q.hard])).toEqual([
      ["single", true, false],
      ["poll", false, false],
      ["slide", false, false],
      ["single", true, false],
    ]);
    expect(r.questions[1]!.distribution.map((d) => [d.answer, d.count, d.correct])).toEqual([
      ["Spring", 3, false],
      ["Summer", 0, false],
      ["Winter", 0, false],
    ]);
    const c = r.players.find((p) => p.nickname === "Nick c")!;
    expect([c.correctCount, c.eligibleCount, c.answeredCount, c.unansweredCount, c.correctRate]).toEqual([1, 2, 2, 0, 0.5]);
  });
});
