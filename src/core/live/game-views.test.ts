import { describe, expect, it } from "vitest";
import { type QuestionData, toPublicData } from "../question";
import { type LiveQuestion, playerPersonal, playerShared, playerView, recomputeFromAnswers, report, reportToCsv } from "./engine";
import { type PlayerPersonal, type PlayerShared, reportSchema } from "./protocol";
import { composePlayerView, personalDiffers, personalOfView, sharedOfView } from "./views";
import { ALL_TYPES, BOOLEAN, type Harness, lobbyWith, MULTIPLE, NUMBER, ORDER, playWholeGame, SEED, SINGLE, TEXT } from "@/test/live-engine";

// What the host and players see: a whole game, broadcasts, distributions, no key before the reveal.

describe("a whole game: three players, six question types", () => {
  const h = playWholeGame();
  const pointsOf = (i: number) => Object.fromEntries((h.s.answers[i] ?? []).map((a) => [a.playerId, a.points]));

  it("scores every answer per docs/rules.md §9, with speed, partial credit and streaks", () => {
    expect(pointsOf(0)).toEqual({ ada: 1000, bob: 0, cy: 750 });
    expect(pointsOf(1)).toEqual({ bob: 1267, ada: 1750 + 100, cy: 0 });
    expect(pointsOf(2)).toEqual({ ada: 950 + 200, bob: 750 });
    expect(pointsOf(3)).toEqual({ cy: 950, ada: 900 + 300, bob: 0 });
    expect(pointsOf(4)).toEqual({ cy: 950 + 100, ada: 0, bob: 800 });
    expect(pointsOf(5)).toEqual({ bob: 0, ada: 1500, cy: 1000 + 200 });
  });

  it("totals scores and streaks, and ranks with rank changes", () => {
    expect(h.player("ada")).toMatchObject({ score: 6700, streak: 1, rank: 1, previousRank: 1 });
    expect(h.player("cy")).toMatchObject({ score: 3950, streak: 3, rank: 2, previousRank: 3 });
    expect(h.player("bob")).toMatchObject({ score: 2817, streak: 0, rank: 3, previousRank: 2 });
  });

  it("shows the reveal of the last question to the host: key, explanation, distribution", () => {
    const reveal = h.host().reveal;
    expect(reveal).toEqual({
      questionIndex: 5,
      key: { type: "number", answer: 8848.86, tolerance: 50, unit: "m" },
      explanation: NUMBER.explanation,
      eligible: 3,
      answered: 3,
      correct: 2,
      partial: 0,
      wrong: 1,
      noAnswer: 0,
      distribution: {
        type: "number",
        buckets: [
          { from: 0, to: 2000, count: 0, containsAnswer: false },
          { from: 2000, to: 4000, count: 0, containsAnswer: false },
          { from: 4000, to: 6000, count: 0, containsAnswer: false },
          { from: 6000, to: 8000, count: 0, containsAnswer: false },
          { from: 8000, to: 10000, count: 3, containsAnswer: true },
          { from: 10000, to: 12000, count: 0, containsAnswer: false },
        ],
      },
    });
  });

  it("shows each player its own result at the reveal", () => {
    expect(h.view("cy").result).toEqual({
      answered: true,
      correct: true,
      partial: false,
      points: 1200,
      streak: 3,
      key: { type: "number", answer: 8848.86, tolerance: 50, unit: "m" },
      explanation: NUMBER.explanation,
    });
    expect(h.view("bob").result).toMatchObject({ answered: true, correct: false, points: 0, streak: 0 });
  });

  it("shows the scoreboard with rank changes, then the podium, then the report", () => {
    const g = playWholeGame();
    g.ok({ type: "next" });
    expect(g.host().scoreboard).toEqual([
      { playerId: "ada", nickname: "Ada", score: 6700, rank: 1, previousRank: 1, rankChange: 0 },
      { playerId: "cy", nickname: "Cy", score: 3950, rank: 2, previousRank: 3, rankChange: 1 },
      { playerId: "bob", nickname: "Bob", score: 2817, rank: 3, previousRank: 2, rankChange: -1 },
    ]);
    expect(g.view("cy").me).toMatchObject({ rank: 2, previousRank: 3, score: 3950 });
    g.ok({ type: "next" });
    expect(g.s.phase).toBe("podium");
    const podium = [
      { rank: 1, nickname: "Ada", score: 6700 },
      { rank: 2, nickname: "Cy", score: 3950 },
      { rank: 3, nickname: "Bob", score: 2817 },
    ];
    expect(g.host().podium).toEqual(podium);
    expect(g.view("bob").podium).toEqual(podium);
    expect(g.host().report).toBeNull();
    g.ok({ type: "finish" });
    expect(g.s.phase).toBe("finished");
    expect(g.host().report).toEqual(report(g.s));
    expect(g.view("ada")).toMatchObject({ phase: "finished", endReason: "finished", me: { rank: 1, score: 6700 } });
  });

  it("reports per question and per player", () => {
    const r = reportSchema.parse(report(h.s));
    expect(r.questionsPlayed).toBe(6);
    expect(r.questions.map((q) => [q.index, q.eligible, q.answered, q.correct, q.correctPercent, q.averageTimeMs])).toEqual([
      [0, 3, 3, 2, 66.7, 4467],
      [1, 3, 3, 1, 33.3, 4333],
      [2, 3, 2, 2, 66.7, 3000],
      [3, 3, 3, 2, 66.7, 5333],
      [4, 3, 3, 2, 66.7, 4667],
      [5, 3, 3, 2, 66.7, 10333],
    ]);
    expect(r.players).toEqual([
      { rank: 1, playerId: "ada", nickname: "Ada", score: 6700, correct: 5, answered: 6, averageTimeMs: 4400, suspiciousAnswers: 0 },
      { rank: 2, playerId: "cy", nickname: "Cy", score: 3950, correct: 4, answered: 5, averageTimeMs: 8200, suspiciousAnswers: 0 },
      { rank: 3, playerId: "bob", nickname: "Bob", score: 2817, correct: 2, answered: 6, averageTimeMs: 4333, suspiciousAnswers: 0 },
    ]);
    expect(r.suspicious).toEqual([]);
    expect(reportToCsv(r)).toBe(
      "rank,nickname,score,correct,answered,questions_played,average_time_ms,suspicious_answers\r\n" +
        "1,Ada,6700,5,6,6,4400,0\r\n" +
        "2,Cy,3950,4,5,6,8200,0\r\n" +
        "3,Bob,2817,2,6,6,4333,0\r\n",
    );
  });

  it("keeps the incremental scores equal to a recomputation from the answers", () => {
    expect(recomputeFromAnswers(h.s)).toEqual(h.s);
  });

  it("gives every view in the game the shape the protocol promises (checked on each step)", () => {
    expect(h.snapshots.length).toBeGreaterThan(30);
  });
});

describe("broadcasts in two parts", () => {
  /** Phones as the server feeds them: whole views at a reveal, else game:state plus player:me where needed. */
  function phones(h: Harness) {
    const held = new Map<string, { shared: PlayerShared; personal: PlayerPersonal }>();
    let personalSends = 0;
    const deliver = () => {
      const common = playerShared(h.s, h.t);
      for (const p of h.s.players) {
        const actual = playerPersonal(h.s, p.id);
        if (!actual) continue;
        const mine = held.get(p.id);
        if (h.s.phase === "reveal" || !mine) {
          const v = playerView(h.s, p.id, h.t)!;
          held.set(p.id, { shared: sharedOfView(v), personal: personalOfView(v) });
          continue;
        }
        if (personalDiffers(mine.personal, actual, common)) {
          personalSends++;
          mine.personal = actual;
        }
        mine.shared = common;
        expect(composePlayerView(mine.shared, mine.personal)).toEqual(playerView(h.s, p.id, h.t));
      }
    };
    return { deliver, sends: () => personalSends };
  }

  it("the big screen gets the player list in the lobby only; counts after that", () => {
    const h = lobbyWith(["a", "b"]);
    expect(h.host().players.map((p) => p.playerId)).toEqual(["a", "b"]);
    h.ok({ type: "start" });
    expect(h.host()).toMatchObject({ players: [], playerCount: 2, connectedCount: 2 });
  });

  it("a new question and its answers opening reach every phone as the shared part alone", () => {
    const h = lobbyWith(["a", "b", "c"], [SINGLE, BOOLEAN, NUMBER]);
    const room = phones(h);
    room.deliver();
    h.ok({ type: "start" });
    room.deliver();
    h.open();
    room.deliver();
    expect(room.sends()).toBe(0);
    h.answer("a", 1000, "opt-oslo");
    h.answer("b", 1500, "opt-bergen");
    h.timeUp();
    room.deliver(); // the reveal: whole views
    h.ok({ type: "next" }); // scoreboard
    room.deliver();
    h.ok({ type: "next" }); // question 2
    room.deliver();
    h.open();
    room.deliver();
    h.ok({ type: "pause" });
    room.deliver();
    h.ok({ type: "resume" });
    room.deliver();
    expect(room.sends()).toBe(0);
    // A kick re-ranks the others: their own parts change, and only those are sent.
    h.ok({ type: "kick", playerId: "a" });
    room.deliver();
    expect(room.sends()).toBe(2);
  });
});

describe("distributions at the reveal", () => {
  function revealOf(q: LiveQuestion, answers: [string, unknown][]) {
    const h = lobbyWith(answers.map(([id]) => id), [q]);
    h.ok({ type: "start" });
    h.open();
    answers.forEach(([id, a], i) => h.answer(id, 1000 + i, a));
    expect(h.s.phase).toBe("reveal");
    return h.host().reveal;
  }

  it("counts each option of a single choice", () => {
    expect(revealOf(SINGLE, [["a", "opt-oslo"], ["b", "opt-oslo"], ["c", "opt-bergen"]])?.distribution).toEqual({
      type: "single",
      options: [
        { id: "opt-bergen", text: "Bergen", count: 1, correct: false },
        { id: "opt-oslo", text: "Oslo", count: 2, correct: true },
        { id: "opt-tromso", text: "Tromsø", count: 0, correct: false },
      ],
    });
  });

  it("counts every pick of a multiple choice and tells partial answers apart", () => {
    const r = revealOf(MULTIPLE, [["a", ["m-two", "m-three", "m-five"]], ["b", ["m-two"]], ["c", ["m-four"]]]);
    expect(r).toMatchObject({ correct: 1, partial: 1, wrong: 1 });
    expect(r?.distribution).toEqual({
      type: "multiple",
      options: [
        { id: "m-two", text: "2", count: 2, correct: true },
        { id: "m-three", text: "3", count: 1, correct: true },
        { id: "m-four", text: "4", count: 1, correct: false },
        { id: "m-five", text: "5", count: 1, correct: true },
      ],
    });
  });

  it("counts true and false", () => {
    expect(revealOf(BOOLEAN, [["a", true], ["b", false], ["c", false]])?.distribution).toEqual({
      type: "boolean",
      trueCount: 1,
      falseCount: 2,
    });
  });

  it("groups typed answers, most common first, and never shows a profane one", () => {
    const r = revealOf(TEXT, [
      ["a", "Zanzibarite"],
      ["b", " zanzibarité"],
      ["c", "Pemba"],
      ["d", "fuck"],
      ["e", "FUCK"],
      ["f", ""],
    ]);
    expect(r?.distribution).toEqual({
      type: "text",
      top: [
        { text: "Zanzibarite", count: 2, correct: true },
        { text: "Pemba", count: 1, correct: false },
      ],
    });
    expect(r).toMatchObject({ answered: 6, correct: 2, wrong: 4 });
  });

  it("counts, per position, who put the right item there", () => {
    expect(
      revealOf(ORDER, [
        ["a", ["o-mercury", "o-venus", "o-earth", "o-mars"]],
        ["b", ["o-venus", "o-mercury", "o-earth", "o-mars"]],
      ])?.distribution,
    ).toEqual({
      type: "order",
      positions: [
        { id: "o-mercury", text: "Mercury", rightPlace: 1 },
        { id: "o-venus", text: "Venus", rightPlace: 1 },
        { id: "o-earth", text: "Earth", rightPlace: 2 },
        { id: "o-mars", text: "Mars", rightPlace: 2 },
      ],
    });
  });

  it("puts numbers outside the range in the end buckets", () => {
    const r = revealOf(NUMBER, [["a", -5], ["b", 99_999], ["c", 8848.86]]);
    const buckets = r?.distribution.type === "number" ? r.distribution.buckets.map((b) => b.count) : [];
    expect(buckets).toEqual([1, 0, 0, 0, 1, 1]);
  });
});

// ——— no answer key before the reveal ———

const KEYS: Record<string, { texts: string[]; ids: string[] }> = {
  "q-single": { texts: [], ids: ["opt-bergen", "opt-oslo", "opt-tromso"] },
  "q-multiple": { texts: [], ids: ["m-two", "m-three", "m-four", "m-five"] },
  "q-boolean": { texts: [], ids: [] },
  "q-text": { texts: ["Zanzibarite", "Zanzibarita", "zanzibarite", "zanzibarita"], ids: [] },
  "q-order": { texts: ['"o-mercury","o-venus","o-earth","o-mars"'], ids: [] },
  "q-number": { texts: ["8848.86", "8848"], ids: [] },
};

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe("no answer key reaches a player (or the big screen) before the reveal", () => {
  const game = playWholeGame();
  const before = game.snapshots.filter((s) => s.phase === "question");

  it("looks at every view of every question before its reveal", () => {
    expect(new Set(before.map((s) => s.index))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(before.length).toBeGreaterThan(20);
  });

  it("has no accepted text, correct number, correct order or explanation in any view", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const views: unknown[] = [snap.host, ...Object.values(snap.players)];
      for (const view of views) {
        // A player's own answer echoed back is theirs, not a leak; take it out before searching.
        const json = JSON.stringify({ ...(view as object), yourAnswer: null });
        for (const text of KEYS[q.id]?.texts ?? []) expect(json, `${q.id}: ${text}`).not.toContain(text);
        expect(json).not.toContain("EXPLAIN-");
        expect(json).not.toMatch(/"(correct|accepted|key|tolerance|explanation|reveal)":(?!null|false|0)/);
      }
    }
  });

  it("names each option id exactly once: in the public options, nowhere else", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      for (const view of [snap.host, ...Object.values(snap.players)]) {
        const json = JSON.stringify({ ...(view as object), yourAnswer: null });
        for (const id of KEYS[q.id]?.ids ?? []) expect(count(json, `"${id}"`), `${q.id}: ${id}`).toBe(1);
      }
    }
  });

  it("sends exactly the public question data, with the order items never in the right order", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const expected = toPublicData(q.data, `${SEED}:${q.id}`);
      expect(snap.host.question?.data).toEqual(expected);
      for (const view of Object.values(snap.players)) expect(view?.question?.data).toEqual(expected);
      if (expected.type === "order") {
        expect(expected.items.map((i) => i.id)).not.toEqual(["o-mercury", "o-venus", "o-earth", "o-mars"]);
      }
    }
  });

  it("sends a question's picture and its description with the question, and null for both without one", () => {
    for (const snap of before) {
      const q = ALL_TYPES[snap.index] as LiveQuestion;
      const picture = { imageUrl: q.imageUrl ?? null, imageAlt: q.imageAlt ?? null };
      expect(snap.host.question).toMatchObject(picture);
      for (const view of Object.values(snap.players)) expect(view?.question).toMatchObject(picture);
    }
    expect(before.some((s) => s.host.question?.imageAlt === "Everest's summit above the clouds")).toBe(true);
  });

  it("shows the same views whatever the answer key is (a game with other keys looks identical before each reveal)", () => {
    const otherKeys: Record<string, QuestionData> = {
      "q-single": { ...(SINGLE.data as Extract<QuestionData, { type: "single" }>), correct: "opt-tromso" },
      "q-multiple": { ...(MULTIPLE.data as Extract<QuestionData, { type: "multiple" }>), correct: ["m-four"] },
      "q-boolean": { type: "boolean", correct: true },
      "q-text": { type: "text", accepted: ["Pemba"] },
      "q-number": { type: "number", min: 0, max: 12000, answer: 100, tolerance: 0, unit: "m" },
    };
    for (let k = 0; k < ALL_TYPES.length; k++) {
      const q = ALL_TYPES[k] as LiveQuestion;
      const other = otherKeys[q.id];
      if (!other) continue; // order: its key is the item order itself, covered above
      const variant = playWholeGame(ALL_TYPES.map((x, j) => (j === k ? { ...x, data: other } : x)));
      const mine = game.snapshots.filter((s) => s.index < k || (s.index === k && s.phase === "question"));
      const theirs = variant.snapshots.slice(0, mine.length);
      expect(theirs, `question ${k}`).toEqual(mine);
      // …and the two games do differ once question k is revealed.
      expect(variant.snapshots[mine.length]?.host.reveal?.key).not.toEqual(game.snapshots[mine.length]?.host.reveal?.key);
    }
  });

  it("never puts a score change before the reveal: scores move only when a question is revealed", () => {
    let last: Record<string, number> = {};
    for (const snap of game.snapshots) {
      const scores = Object.fromEntries(Object.entries(snap.players).map(([id, v]) => [id, v?.me.score ?? 0]));
      if (snap.phase === "question" && Object.keys(last).length > 0) expect(scores).toEqual(last);
      last = scores;
    }
  });
});


describe("per-answer feedback at the reveal", () => {
  it("shows each player the feedback of the option they picked, and none when there is none", () => {
    const withFeedback: LiveQuestion = {
      ...SINGLE,
      data: {
        type: "single",
        options: [
          { id: "opt-bergen", text: "Bergen", feedback: "Second largest, on the west coast." },
          { id: "opt-oslo", text: "Oslo" },
          { id: "opt-tromso", text: "Tromsø", feedback: "Far north." },
        ],
        correct: "opt-oslo",
      },
    };
    const h = lobbyWith(["a", "b", "c"], [withFeedback]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-bergen");
    h.answer("b", 1000, "opt-oslo");
    h.ok({ type: "skip" });
    expect(h.view("a").result).toMatchObject({ correct: false, feedback: ["Second largest, on the west coast."] });
    expect(h.view("b").result).not.toHaveProperty("feedback");
    expect(h.view("c").result).toMatchObject({ answered: false });
    expect(h.view("c").result).not.toHaveProperty("feedback");
  });
});
