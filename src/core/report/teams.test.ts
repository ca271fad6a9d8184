import { describe, expect, it } from "vitest";
import { buildReport, type ReportInput } from "./build";
import { playersTable, reportCsv, teamsTable } from "./tables";

// A team game's report: each player's team and a per-team table (docs/rules.md §4 "Teams", §12).

const input: ReportInput = {
  questions: [{ prompt: "Q1", data: { type: "boolean", correct: true } }],
  players: [
    { id: "a", nickname: "Ana", score: 1000, firstQuestion: 0, team: 0 },
    { id: "b", nickname: "Ben", score: 1000, firstQuestion: 0, team: 1 },
    { id: "c", nickname: "Cy", score: 0, firstQuestion: 0, team: 0 },
    { id: "d", nickname: "Dee", score: 1000, firstQuestion: 0, team: 1 },
  ],
  answers: [],
  teamCount: 3,
};

describe("a team game's report", () => {
  const r = buildReport(input);
  it("names each player's team", () => {
    expect(Object.fromEntries(r.players.map((p) => [p.nickname, p.team]))).toEqual({ Ana: "foxes", Ben: "owls", Cy: "foxes", Dee: "owls" });
  });

  it("ranks teams by mean: owls (1000 + 1000) / 2 = 1000, foxes (1000 + 0) / 2 = 500; bears have nobody", () => {
    expect(r.teams).toEqual([
      { team: "owls", players: 2, score: 1000, rank: 1 },
      { team: "foxes", players: 2, score: 500, rank: 2 },
      { team: "bears", players: 0, score: null, rank: null },
    ]);
    expect(teamsTable(r.teams!)).toEqual({
      header: ["rank", "team", "players", "mean_score"],
      rows: [
        [1, "owls", 2, 1000],
        [2, "foxes", 2, 500],
        [null, "bears", 0, null],
      ],
    });
  });

  it("the CSV and the Players sheet get a team column after the names", () => {
    const t = playersTable(r);
    expect(t.header.slice(0, 5)).toEqual(["rank", "nickname", "roster_name", "team", "score"]);
    expect(reportCsv(r).split("\r\n")[1]).toMatch(/^1,Ana,,foxes,1000,/);
  });

  it("carries the names the game gave its teams (the host's language), and none for a game from before", () => {
    const named = buildReport({ ...input, teamNames: ["Zorros", "Búhos", "Osos"] });
    expect(named.teams!.map((t) => [t.team, t.name])).toEqual([
      ["owls", "Búhos"],
      ["foxes", "Zorros"],
      ["bears", "Osos"],
    ]);
    expect(r.teams!.every((t) => !("name" in t))).toBe(true);
  });

  it("a game played alone has neither", () => {
    const alone = buildReport({ ...input, teamCount: undefined });
    expect(alone.teams).toBeUndefined();
    expect(alone.players.some((p) => "team" in p)).toBe(false);
    expect(playersTable(alone).header).not.toContain("team");
  });
});
