import { describe, expect, it } from "vitest";
import { mergeStoredRows, recomputeFromAnswers, restoreGame, serializeSnapshot, type LiveQuestion } from "./engine";
import { type Effect } from "./effects";
import { lobbyWith, NUMBER, SINGLE } from "@/test/live-engine";

// "Closest takes all" at a live reveal (docs/rules.md, "Estimation"): Everest, 8,848.86 m, range
// 0–12,000 (reach 6,000), tolerance 50, 2,000 points; no speed or streak bonus, so points are
// 2,000 × share. Linear shares: 9,000 → 1 − 101.14/6000 = 0.98; 12,000 → 1 − 3101.14/6000 = 0.48.
const ESTIMATE: LiveQuestion = { ...NUMBER, data: { ...NUMBER.data, scoring: "closest" } as LiveQuestion["data"] };
const FLAT = { speedBonus: false, streakBonus: false };

function play(guesses: Record<string, number>, questions: LiveQuestion[] = [ESTIMATE]) {
  const h = lobbyWith(Object.keys(guesses), questions, FLAT);
  h.ok({ type: "start" });
  h.open();
  let closing: Effect[] = [];
  for (const [id, guess] of Object.entries(guesses)) closing = h.answer(id, 1_000, guess).effects;
  expect(h.s.phase).toBe("reveal");
  return { h, closing };
}

describe("closest takes all at the reveal", () => {
  it("the closest guess earns full points; the others keep their share", () => {
    const { h } = play({ a: 9000, b: 8700, c: 12000 });
    // b is 148.86 away, a 151.14: b is the closest though outside the tolerance.
    expect(h.rec(0, "b")).toMatchObject({ correct: true, share: 1, points: 2000 });
    expect(h.rec(0, "a")).toMatchObject({ correct: false, share: 0.98, points: 1960 });
    expect(h.rec(0, "c")).toMatchObject({ correct: false, share: 0.48, points: 960 });
    expect([h.player("a").score, h.player("b").score, h.player("c").score]).toEqual([1960, 2000, 960]);
    expect(h.player("b").rank).toBe(1);
  });

  it("ties all earn full points", () => {
    const { h } = play({ a: 8948.86, b: 8748.86, c: 5000 });
    expect(h.rec(0, "a")).toMatchObject({ correct: true, points: 2000 });
    expect(h.rec(0, "b")).toMatchObject({ correct: true, points: 2000 });
    expect(h.rec(0, "c")?.correct).toBe(false);
  });

  it("a guess within the tolerance stays right, and the closest of several right ones changes nothing", () => {
    const { h } = play({ a: 8850, b: 8800, c: 100 });
    expect([h.rec(0, "a")?.points, h.rec(0, "b")?.points]).toEqual([2000, 2000]);
    expect(h.rec(0, "c")?.correct).toBe(false);
  });

  it("the re-scored answer is written again, and a restart from the rows gives the same scores", () => {
    const { h, closing } = play({ a: 9000, b: 8700 });
    const writes = closing.filter((e): e is Extract<Effect, { kind: "persistAnswer" }> => e.kind === "persistAnswer");
    // The closing command wrote b's answer as given, then re-scored: the last write is the one kept.
    expect(writes.filter((w) => w.playerId === "b").at(-1)).toMatchObject({ correct: true, points: 2000, answer: 8700 });
    // The rows as the store keeps them (the last write of an answer wins), merged into the snapshot.
    const rows = h.s.answers[0]!.map((a) => ({ playerId: a.playerId, questionIndex: 0, answer: a.answer, correct: a.correct, points: a.points, timeMs: a.timeMs, clientId: a.clientId, answeredAt: new Date(a.answeredAt) }));
    const snapshot = restoreGame(serializeSnapshot(h.s));
    if (!snapshot.ok) throw new Error(snapshot.error.message);
    const players = h.s.players.map((p) => ({ id: p.id, nickname: p.nickname, tokenHash: `hash-${p.id}`, kicked: false, joinedAt: new Date(0) }));
    const restored = recomputeFromAnswers(mergeStoredRows(snapshot.value, players, rows));
    expect(restored.players.map((p) => [p.id, p.score])).toEqual(h.s.players.map((p) => [p.id, p.score]));
    expect(restored.answers[0]!.find((a) => a.playerId === "b")).toMatchObject({ correct: true, share: 1, points: 2000 });
  });

  it("leaves other questions alone, and exact scoring too", () => {
    const { h } = play({ a: 9000, b: 8700 }, [NUMBER, SINGLE]);
    expect(h.rec(0, "b")).toMatchObject({ correct: false, points: 0 });
    expect(h.rec(0, "a")).toMatchObject({ correct: false, points: 0 });
  });
});
