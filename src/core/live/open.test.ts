import { describe, expect, it } from "vitest";
import { hostView, playerView, recomputeFromAnswers, type LiveQuestion } from "./engine";
import { lobbyWith, SINGLE } from "@/test/live-engine";
import { buildReport } from "../report/build";

/** Open questions in a live game (docs/rules.md §5): not scored; the typed answers reach the host's screen only. */
const OPEN: LiveQuestion = {
  id: "q-open",
  prompt: "What would you change?",
  data: { type: "open", maxLength: 60, modelAnswer: "MODEL-ANSWER-TEXT" },
  timeLimitSeconds: 30,
  points: 1000,
  explanation: "",
};

function onOpen(ids = ["a", "b", "c"]) {
  const h = lobbyWith(ids, [SINGLE, OPEN, SINGLE]);
  h.ok({ type: "start" });
  h.open();
  for (const id of ids) h.answer(id, 1000, "opt-oslo");
  h.ok({ type: "next" });
  h.ok({ type: "next" });
  expect(h.s.index).toBe(1);
  h.open();
  return h;
}

describe("an open question in a live game", () => {
  it("scores nothing, keeps streaks, and shows the host the answers at the reveal", () => {
    const h = onOpen();
    const before = h.s.players.map((p) => [p.id, p.score, p.streak]);
    expect(playerView(h.s, "a", h.t)?.question?.data).toEqual({ type: "open", maxLength: 60 });
    h.answer("a", 500, "  More recess  ");
    h.answer("b", 700, "Shorter tests");
    h.answer("c", 900, "More recess");
    expect(h.s.phase).toBe("reveal");
    for (const id of ["a", "b", "c"]) expect(h.rec(1, id)).toMatchObject({ points: 0, correct: false });
    expect(h.rec(1, "a")?.answer).toBe("More recess");
    expect(h.s.players.map((p) => [p.id, p.score, p.streak])).toEqual(before);
    const reveal = hostView(h.s, h.t).reveal!;
    expect(reveal.key).toEqual({ type: "open" });
    expect(reveal.distribution).toEqual({ type: "open", answers: ["More recess", "Shorter tests", "More recess"] });
    expect(recomputeFromAnswers(h.s).players.map((p) => [p.id, p.score, p.streak])).toEqual(before);
  });

  it("no phone ever gets another player's answer or the model answer; the host only at the reveal", () => {
    const h = onOpen();
    const from = h.snapshots.length;
    h.answer("a", 500, "Zanzibar answer");
    h.answer("b", 600, "Quokka answer");
    const hostBefore = JSON.stringify(hostView(h.s, h.t));
    expect(hostBefore).not.toContain("Zanzibar");
    expect(hostBefore).not.toContain("Quokka");
    h.answer("c", 700, "Xylophone answer");
    expect(JSON.stringify(hostView(h.s, h.t))).toContain("Xylophone");
    h.ok({ type: "next" }); // the scoreboard
    const phones = (id: string) => JSON.stringify([...h.snapshots.slice(from).map((s) => s.players[id]), playerView(h.s, id, h.t)]);
    expect(phones("a")).toContain("Zanzibar"); // its own answer echoed back
    for (const [id, others] of [["a", ["Quokka", "Xylophone"]], ["b", ["Zanzibar", "Xylophone"]], ["c", ["Zanzibar", "Quokka"]]] as const) {
      for (const word of [...others, "MODEL-ANSWER-TEXT"]) expect(phones(id)).not.toContain(word);
    }
  });

  it.each([
    ["longer than maxLength", "x".repeat(61)],
    ["blank", "   "],
    ["a list", ["a"]],
    ["a number", 2],
  ])("refuses %s", (_, value) => {
    const h = onOpen();
    const out = h.answer("a", 500, value);
    expect(out.ok ? "ok" : out.error.code).toBe("validation_failed");
  });

  it("reports the typed answers grouped, with no rate", () => {
    const h = onOpen();
    h.answer("a", 500, "Sun");
    h.answer("b", 500, "sun");
    h.answer("c", 500, "Moon");
    const r = buildReport({
      questions: h.s.questions.map((q) => ({ prompt: q.prompt, data: q.data })),
      players: h.s.players.map((p) => ({ id: p.id, nickname: p.nickname, score: p.score, firstQuestion: p.firstQuestion })),
      answers: h.s.answers.flatMap((list, questionIndex) => list.map((a) => ({ ...a, questionIndex, answer: a.answer }))),
    });
    expect(r.questions[1]).toMatchObject({ type: "open", graded: false, hard: false, key: "MODEL-ANSWER-TEXT" });
    expect(r.questions[1]!.distribution.map((d) => [d.answer, d.count])).toEqual([
      ["Sun", 2],
      ["Moon", 1],
    ]);
    const b = r.players.find((p) => p.nickname === "Nick b")!;
    expect(b.answers[1]).toMatchObject({ answer: "sun", points: 0 });
    // Rated on the two single-choice questions only (the third unanswered): the open one is not a failure.
    expect([b.eligibleCount, b.correctRate]).toEqual([2, 0.5]);
  });
});
