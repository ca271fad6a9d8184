import { describe, expect, it } from "vitest";
import { report, reportToCsv } from "./engine";
import { BOOLEAN, gameIn, Harness, lobbyWith, SINGLE } from "@/test/live-engine";

// The end-of-game report and its CSV.

// ——— the report ———

describe("report", () => {
  it("flags answers faster than 150 ms after the answers opened", () => {
    const h = lobbyWith(["bot", "human"], [SINGLE, BOOLEAN]);
    h.ok({ type: "start" });
    h.open();
    h.answer("bot", 20, "opt-oslo");
    h.answer("human", 150, "opt-oslo");
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("bot", 149, false);
    h.answer("human", 2000, false);
    const r = report(h.s);
    expect(r.suspicious).toEqual([
      { playerId: "bot", nickname: "Nick bot", questionIndex: 0, timeMs: 20 },
      { playerId: "bot", nickname: "Nick bot", questionIndex: 1, timeMs: 149 },
    ]);
    expect(r.players.map((p) => [p.playerId, p.suspiciousAnswers])).toEqual([
      ["bot", 2],
      ["human", 0],
    ]);
  });

  it("covers only revealed questions and leaves kicked players out; a cancelled game still has one", () => {
    const h = lobbyWith(["a", "b", "c"]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.answer("b", 1000, "opt-oslo");
    h.answer("c", 1000, "opt-oslo");
    h.ok({ type: "kick", playerId: "b" });
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.open();
    h.answer("a", 1000, ["m-two"]);
    h.ok({ type: "end" });
    const r = h.host().report;
    expect(r).toMatchObject({ questionsPlayed: 1, endReason: "ended_by_host" });
    expect(r?.players.map((p) => p.playerId)).toEqual(["a", "c"]);
    expect(r?.questions[0]).toMatchObject({ eligible: 2, answered: 2, correct: 2, correctPercent: 100 });
    expect(h.view("a")).toMatchObject({ phase: "cancelled", endReason: "ended_by_host", result: null, me: { score: 975 } });
    expect(gameIn("cancelled").host().report).toBeNull(); // never started: nothing to report
  });
});

describe("report: formatted prompts", () => {
  it("carries the HTML of the revealed questions' formatted prompts, and only theirs", () => {
    const math = { ...BOOLEAN, id: "q-math", prompt: "Is $x^2$ even?", rich: { "Is $x^2$ even?": "<p>MATH</p>", "other text": "<p>NO</p>" } };
    const later = { ...SINGLE, prompt: "Later $y$", rich: { "Later $y$": "<p>LATER</p>" } };
    const h = lobbyWith(["a"], [math, later]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, true);
    expect(report(h.s).rich).toEqual({ "Is $x^2$ even?": "<p>MATH</p>" });
    // Without a formatted prompt there is nothing to carry.
    const plain = lobbyWith(["a"], [BOOLEAN]);
    plain.ok({ type: "start" });
    plain.open();
    plain.answer("a", 1000, true);
    expect(report(plain.s).rich).toBeUndefined();
  });
});

describe("CSV", () => {
  it("writes one row per player, ranked, guarding nicknames", () => {
    const h = new Harness([SINGLE]);
    h.join("a", "=cmd|' /C calc'!A0");
    h.join("b", "Lee, Sam");
    h.ok({ type: "start" });
    h.ok({ type: "skip" });
    const csv = reportToCsv(report(h.s));
    expect(csv.split("\r\n")).toEqual([
      "rank,nickname,score,correct,answered,questions_played,average_time_ms,suspicious_answers",
      "1,\"'=cmd|' /C calc'!A0\",0,0,0,1,,0",
      '2,"Lee, Sam",0,0,0,1,,0',
      "",
    ]);
  });
});
