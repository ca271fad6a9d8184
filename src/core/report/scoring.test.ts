import { describe, expect, it } from "vitest";
import { buildReport } from "./build";
import { challengeReportScoring } from "./sources";
import { playersTable, reportCsv } from "./tables";

// The scoring a report shows, and the host's join field in its files (docs/rules.md §12).

const yes = { type: "boolean", correct: true } as const;
const input = (identifierLabel: string | null) => ({
  questions: [{ prompt: "Yes?", data: yes }],
  players: [
    { id: "a", nickname: "Ada", identifier: identifierLabel ? "S-001" : null, score: 2000, firstQuestion: 0 },
    { id: "b", nickname: "Bo", score: 0, firstQuestion: 0 },
  ],
  answers: [{ playerId: "a", questionIndex: 0, answer: true, correct: true, share: 1, points: 2000, timeMs: 900 }],
  scoring: { speedBonus: false, streakBonus: true, questionPoints: [2000], identifierLabel },
});

describe("the host's join field in the report", () => {
  it("is a column after the roster name, only when the game asked it", () => {
    const asked = buildReport(input("Student number"));
    expect(asked.players.map((p) => p.identifier)).toEqual(["S-001", undefined]);
    expect(playersTable(asked).header.slice(0, 5)).toEqual(["rank", "nickname", "roster_name", "identifier", "score"]);
    expect(reportCsv(asked).split("\r\n").slice(1, 3)).toEqual(["1,Ada,,S-001,2000,100,1,1,0,True,2000", "2,Bo,,,0,0,0,0,1,(no answer),0"]);
    const plain = buildReport(input(null));
    expect(playersTable(plain).header).not.toContain("identifier");
    expect(plain.scoring).toEqual({ speedBonus: false, streakBonus: true, questionPoints: [2000], identifierLabel: null });
  });
});

describe("challengeReportScoring", () => {
  it.each([
    // [multipliers, own points, expected points]
    [[2, 0, 1], [1000, 1000, 2000], [2000, 0, 1000]],
    [null, [1000, 2000, 0], [1000, 2000, 0]], // a challenge from before: each question's own
  ])("%j over %j → %j", (pointsMultipliers, own, expected) => {
    const s = challengeReportScoring({ speedBonus: true, streakBonus: false, pointsMultipliers }, own.map((points) => ({ points })));
    expect(s).toEqual({ speedBonus: true, streakBonus: false, questionPoints: expected, identifierLabel: null });
  });
});
