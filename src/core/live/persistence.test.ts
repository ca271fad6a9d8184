import { describe, expect, it } from "vitest";
import { apply, createGame, type GameState, type LiveQuestion } from "./engine";
import { mergeStoredRows, serializeSnapshot, restoreGame } from "./persistence";
import type { StoredAnswer, StoredPlayer } from "./stored";

const T0 = 1_700_000_000_000;
const Q = (id: string): LiveQuestion => ({
  id,
  prompt: `Question ${id}?`,
  data: { type: "boolean", correct: true },
  timeLimitSeconds: 10,
  points: 1000,
  explanation: "",
});

/** A game with players a and b, brought to a phase; the clock at the end as `t`. */
function gameIn(phase: "lobby" | "question" | "reveal" | "scoreboard"): { s: GameState; t: number } {
  const created = createGame({ id: "g", pin: "123456", seed: "seed", quizTitle: "T", questions: [Q("q0"), Q("q1")], settings: { readingDelaySeconds: 0 } }, T0);
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value;
  let t = T0;
  const run = (cmd: Parameters<typeof apply>[1]) => {
    const out = apply(s, cmd, t);
    if (!out.ok) throw new Error(`${cmd.type}: ${out.error.code}`);
    s = out.state;
  };
  run({ type: "join", playerId: "a", nickname: "Ada" });
  run({ type: "join", playerId: "b", nickname: "Bo" });
  if (phase === "lobby") return { s, t };
  run({ type: "start" });
  if (phase === "question") return { s, t };
  t += 1000;
  run({ type: "answer", playerId: "a", questionIndex: 0, answer: true, clientId: "a0" });
  run({ type: "skip" });
  if (phase === "reveal") return { s, t };
  run({ type: "next" });
  return { s, t };
}

/** What the store keeps of a state: the snapshot without answers. */
const snapshotOf = (s: GameState): GameState => {
  const r = restoreGame(serializeSnapshot(s));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const row = (id: string, nickname: string, at: number, kicked = false): StoredPlayer => ({ id, nickname, tokenHash: `h-${id}`, kicked, joinedAt: new Date(at) });
const answer = (playerId: string, questionIndex: number, correct: boolean, points: number): StoredAnswer => ({
  playerId,
  questionIndex,
  answer: correct,
  correct,
  points,
  timeMs: 1000,
  clientId: `${playerId}${questionIndex}`,
  answeredAt: new Date(T0 + 1000),
});

describe("mergeStoredRows: a snapshot and the rows written after it", () => {
  it.each([
    { phase: "lobby" as const, firstQuestion: 0 },
    { phase: "question" as const, firstQuestion: 0 },
    { phase: "reveal" as const, firstQuestion: 1 },
    { phase: "scoreboard" as const, firstQuestion: 1 },
  ])("a player who joined after a $phase snapshot starts at question $firstQuestion, as a join then would", ({ phase, firstQuestion }) => {
    const { s, t } = gameIn(phase);
    const joined = apply(s, { type: "join", playerId: "c", nickname: "Cy" }, t + 5);
    expect(joined.ok).toBe(true);
    const rows = [row("a", "Ada", T0), row("b", "Bo", T0), row("c", "Cy", t + 5)];
    const merged = mergeStoredRows(snapshotOf(s), rows, phase === "lobby" || phase === "question" ? [] : [answer("a", 0, true, 1000)]);
    const c = merged.players.find((p) => p.id === "c");
    expect(c).toMatchObject({ nickname: "Cy", firstQuestion, joinSeq: 2, connected: true, kicked: false, score: 0, streak: 0 });
    expect(c?.firstQuestion).toBe(joined.state.players.find((p) => p.id === "c")?.firstQuestion);
    expect(merged.joinCount).toBe(3);
    // Ranked among the others (the recount), not left unranked.
    expect(merged.players.map((p) => p.rank).sort()).toEqual([1, 2, 3]);
  });

  it("takes names and kicks from the players' rows, and orders late joiners by when they joined", () => {
    const { s } = gameIn("lobby");
    const rows = [row("a", "Ada", T0, true), row("b", "Bob", T0), row("e", "Eve", T0 + 9), row("d", "Dan", T0 + 8)];
    const merged = mergeStoredRows(snapshotOf(s), rows, []);
    expect(merged.players.map((p) => [p.id, p.nickname, p.kicked, p.joinSeq])).toEqual([
      ["a", "Ada", true, 0],
      ["b", "Bob", false, 1],
      ["d", "Dan", false, 2],
      ["e", "Eve", false, 3],
    ]);
  });

  it("adds the stored answers in order, once each, credits the open question's with the streak the player has now, and ignores unknown ones", () => {
    const { s } = gameIn("reveal");
    const withQ1 = { ...s, phase: "question" as const, index: 1, stage: "answering" as const };
    const merged = mergeStoredRows(snapshotOf(withQ1), [row("a", "Ada", T0), row("b", "Bo", T0)], [
      answer("a", 0, true, 1000),
      answer("a", 1, true, 1100),
      answer("a", 1, false, 0), // a second answer to the same question: the first one stands
      answer("b", 1, false, 0),
      answer("zz", 1, true, 1000), // no such player
      answer("b", 7, true, 1000), // no such question
    ]);
    expect(merged.answers[0]?.map((a) => a.playerId)).toEqual(["a"]);
    expect(merged.answers[1]?.map((a) => [a.playerId, a.correct, a.points, a.streak, a.share])).toEqual([
      ["a", true, 1100, 2, 1],
      ["b", false, 0, 0, 0],
    ]);
    // Scores stand as of the last reveal: the open question's answers are credited at its own.
    expect(merged.players.map((p) => p.score)).toEqual(s.players.map((p) => p.score));
  });
});
