import { describe, expect, it } from "vitest";
import { hostView, playerView, recomputeFromAnswers, type LiveQuestion } from "./engine";
import { lobbyWith, SINGLE } from "@/test/live-engine";
import { buildReport } from "../report/build";
import { isProfane } from "../profanity";

/** Word clouds in a live game (docs/rules.md §5): words grouped on the big screen at the reveal, nothing scored. */
const CLOUD: LiveQuestion = {
  id: "q-cloud",
  prompt: "One word for Monday?",
  data: { type: "wordcloud", maxWords: 2 },
  timeLimitSeconds: 20,
  points: 0,
  explanation: "",
};

function onCloud(ids = ["a", "b", "c"]) {
  const h = lobbyWith(ids, [SINGLE, CLOUD, SINGLE]);
  h.ok({ type: "start" });
  h.open();
  for (const id of ids) h.answer(id, 1000, "opt-oslo");
  h.ok({ type: "next" });
  h.ok({ type: "next" });
  expect(h.s.index).toBe(1);
  h.open();
  return h;
}

describe("a word cloud in a live game", () => {
  it("groups the words on the big screen at the reveal, scores nothing and keeps streaks", () => {
    const h = onCloud();
    const before = h.s.players.map((p) => [p.id, p.score, p.streak, p.totalTimeMs]);
    expect(playerView(h.s, "a", h.t)?.question?.data).toEqual({ type: "wordcloud", maxWords: 2 });
    h.answer("a", 500, ["Café", "sleepy"]);
    h.answer("b", 700, ["cafe", "", "  "]);
    h.answer("c", 900, ["  CA FÉ ", "shit"]);
    expect(h.s.phase).toBe("reveal");
    for (const id of ["a", "b", "c"]) expect(h.rec(1, id)).toMatchObject({ points: 0, correct: false });
    expect(h.rec(1, "b")?.answer).toEqual(["cafe"]); // blank fields dropped
    expect(h.s.players.map((p) => [p.id, p.score, p.streak, p.totalTimeMs])).toEqual(before);
    const reveal = hostView(h.s, h.t).reveal!;
    expect(reveal.key).toEqual({ type: "wordcloud" });
    expect(reveal.distribution).toEqual({
      type: "wordcloud",
      words: [
        { text: "Café", count: 3 },
        { text: "sleepy", count: 1 },
      ],
    });
    expect(recomputeFromAnswers(h.s).players.map((p) => [p.id, p.score, p.streak])).toEqual(before.map(([id, score, streak]) => [id, score, streak]));
  });

  it("no phone ever gets another player's words; the big screen only at the reveal", () => {
    const h = onCloud();
    const from = h.snapshots.length;
    h.answer("a", 500, ["Zanzibar"]);
    h.answer("b", 600, ["Quokka"]);
    const hostBefore = JSON.stringify(hostView(h.s, h.t));
    expect(hostBefore).not.toContain("Zanzibar");
    expect(hostBefore).not.toContain("Quokka");
    h.answer("c", 700, ["Xylophone"]);
    h.ok({ type: "next" }); // the scoreboard
    const phones = (id: string) => JSON.stringify([...h.snapshots.slice(from).map((s) => s.players[id]), playerView(h.s, id, h.t)]);
    expect(phones("a")).toContain("Zanzibar"); // its own answer echoed back
    for (const [id, others] of [["a", ["Quokka", "Xylophone"]], ["b", ["Zanzibar", "Xylophone"]], ["c", ["Zanzibar", "Quokka"]]] as const) {
      for (const word of others) expect(phones(id)).not.toContain(word);
    }
  });

  it.each([
    ["more words than maxWords", ["a", "b", "c"]],
    ["a word over 40 characters", ["x".repeat(41)]],
    ["only blanks", ["", " "]],
    ["a plain string", "word"],
    ["a number", 2],
  ])("refuses %s", (_, value) => {
    const h = onCloud();
    const out = h.answer("a", 500, value);
    expect(out.ok ? "ok" : out.error.code).toBe("validation_failed");
  });

  it("sends the big screen the top 50 words (30 players, 2 words each), not every answer", () => {
    // Numbered nicknames the filter lets through ("Nick n69" is not one).
    const ids = Array.from({ length: 150 }, (_, i) => `n${i}`).filter((id) => !isProfane(`Nick ${id}`)).slice(0, 30);
    const h = onCloud(ids);
    ids.forEach((id, i) => h.answer(id, 1000, [`word${i}`, `extra${i % 7}`])); // 37 different words
    const d = hostView(h.s, h.t).reveal!.distribution;
    if (d.type !== "wordcloud") throw new Error("not a cloud");
    expect(d.words).toHaveLength(37);
    expect(d.words.slice(0, 7).map((w) => [w.text.slice(0, 5), w.count >= 4])).toEqual(Array(7).fill(["extra", true]));
    expect(d.words.slice(7).every((w) => w.count === 1)).toBe(true);
    // 60 different words: the 50 most given (ties by word), never every answer.
    const more = onCloud(ids);
    ids.forEach((id, i) => more.answer(id, 1000, [`word${i}`, `other${i}`]));
    const top = hostView(more.s, more.t).reveal!.distribution;
    expect(top.type === "wordcloud" && top.words.length).toBe(50);
  }, 60_000);

  it("reports the grouped words and leaves the rates to the scored questions", () => {
    const h = onCloud();
    h.answer("a", 500, ["Sun"]);
    h.answer("b", 500, ["sun", "moon"]);
    h.answer("c", 500, ["MOON"]);
    const r = buildReport({
      questions: h.s.questions.map((q) => ({ prompt: q.prompt, data: q.data })),
      players: h.s.players.map((p) => ({ id: p.id, nickname: p.nickname, score: p.score, firstQuestion: p.firstQuestion })),
      answers: h.s.answers.flatMap((list, questionIndex) => list.map((a) => ({ ...a, questionIndex, answer: a.answer }))),
    });
    expect(r.questions[1]).toMatchObject({ type: "wordcloud", graded: false, hard: false, key: "" });
    expect(r.questions[1]!.distribution).toEqual([
      { answer: "moon", count: 2, correct: false },
      { answer: "Sun", count: 2, correct: false },
    ]);
    const b = r.players.find((p) => p.nickname === "Nick b")!;
    expect(b.answers[1]).toMatchObject({ answer: "sun, moon", points: 0 });
    // Rated on the two single-choice questions only: the cloud is not among them.
    expect([b.eligibleCount, b.correctRate]).toEqual([2, 0.5]);
  });
});
