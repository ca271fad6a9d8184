import { describe, expect, it } from "vitest";
import { evenTeam, joinTeam, rankedTeams, reassignTeams, TEAMS, TEAM_SHAPES, teamStandings, type TeamMember } from "./teams";

// Team rules (docs/rules.md §4 "Teams"), against values worked out by hand.

const m = (team: number | null, score = 0, kicked = false): TeamMember => ({ team, score, kicked });

describe("the eight teams", () => {
  it("have distinct names and distinct shapes, so no team is told apart by colour only", () => {
    expect(new Set(TEAMS.map((t) => t.key)).size).toBe(8);
    expect(new Set(TEAMS.map((t) => t.shape)).size).toBe(8);
    expect(TEAMS.every((t) => (TEAM_SHAPES as readonly string[]).includes(t.shape))).toBe(true);
  });
});

describe("evenTeam: the smallest team, the first on a tie", () => {
  it.each<[string, TeamMember[], number, number]>([
    ["nobody yet", [], 2, 0],
    ["one in team 1", [m(0)], 2, 1],
    ["one each", [m(0), m(1)], 2, 0],
    ["team 2 of 3 is short", [m(0), m(1), m(0), m(1)], 3, 2],
    ["a kicked player does not count", [m(0), m(1), m(1, 0, true)], 2, 0],
    ["team 1 is short after a kick", [m(0, 0, true), m(1)], 2, 0],
    ["players without a team do not count", [m(null), m(null)], 4, 0],
  ])("%s → team %i of %i", (_n, players, count, want) => {
    expect(evenTeam(players, count)).toBe(want);
  });
});

describe("joinTeam", () => {
  it.each<[string, "even" | "pick", number | undefined, number]>([
    ["dealt evenly ignores a pick", "even", 0, 1],
    ["a pick is kept", "pick", 0, 0],
    ["a pick of another team is kept", "pick", 2, 2],
    ["no pick: the smallest team", "pick", undefined, 1],
    ["a pick past the last team: the smallest team", "pick", 3, 1],
    ["a pick below 0: the smallest team", "pick", -1, 1],
  ])("%s", (_n, assign, picked, want) => {
    expect(joinTeam([m(0), m(0), m(2)], { count: 3, assign }, picked)).toBe(want);
  });
});

describe("reassignTeams: the host changes the team setting in the lobby", () => {
  const teams = (ps: TeamMember[]) => ps.map((p) => p.team ?? null);
  it.each<[string, TeamMember[], { count: number; assign: "even" | "pick" } | null, (number | null)[]]>([
    ["off: nobody has a team", [m(0), m(1)], null, [null, null]],
    ["dealt evenly: in join order", [m(null), m(null), m(null), m(null), m(null)], { count: 2, assign: "even" }, [0, 1, 0, 1, 0]],
    ["dealt again into 3", [m(0), m(0), m(1), m(1)], { count: 3, assign: "even" }, [0, 1, 2, 0]],
    ["kicked players keep theirs and are skipped", [m(1, 0, true), m(null), m(null)], { count: 2, assign: "even" }, [1, 0, 1]],
    ["picks stay; a pick past the last team goes to the smallest", [m(0), m(0), m(3), m(1)], { count: 2, assign: "pick" }, [0, 0, 1, 1]],
    ["players without a pick fill the smallest teams in turn", [m(0), m(null), m(null), m(null)], { count: 3, assign: "pick" }, [0, 1, 2, 0]],
  ])("%s", (_n, players, settings, want) => {
    expect(teams(reassignTeams(players, settings))).toEqual(want);
  });

  it("returns the same player objects where nothing changes", () => {
    const a = m(0);
    const out = reassignTeams([a, m(1)], { count: 2, assign: "pick" });
    expect(out[0]).toBe(a);
  });
});

describe("teamStandings: the mean of the players' points; team size does not decide", () => {
  it.each<[string, TeamMember[], number, { score: number | null; rank: number | null; players: number }[]]>([
    [
      // team 0: (1000 + 0) / 2 = 500; team 1: (1000 + 1000) / 2 = 1000
      "two teams of two",
      [m(0, 1000), m(1, 1000), m(0, 0), m(1, 1000)],
      2,
      [
        { score: 500, rank: 2, players: 2 },
        { score: 1000, rank: 1, players: 2 },
      ],
    ],
    [
      // team 0: 600 / 1 = 600; team 1: (900 + 300 + 0) / 3 = 400: one strong player beats three
      "a small team is not behind for being small",
      [m(0, 600), m(1, 900), m(1, 300), m(1, 0)],
      2,
      [
        { score: 600, rank: 1, players: 1 },
        { score: 400, rank: 2, players: 3 },
      ],
    ],
    [
      // team 0: 1000 / 3 = 333.3; team 1: 500 / 3 = 166.7 (one decimal)
      "means are shown with one decimal",
      [m(0, 1000), m(0, 0), m(0, 0), m(1, 500), m(1, 0), m(1, 0)],
      2,
      [
        { score: 333.3, rank: 1, players: 3 },
        { score: 166.7, rank: 2, players: 3 },
      ],
    ],
    [
      // team 0: 700 / 2 = 350; team 1: 350; team 2: 1050 / 3 = 350: a three-way tie; team 3 is empty
      "equal means share a rank; a team with nobody has no score and no rank",
      [m(0, 400), m(0, 300), m(1, 350), m(2, 1000), m(2, 50), m(2, 0)],
      4,
      [
        { score: 350, rank: 1, players: 2 },
        { score: 350, rank: 1, players: 1 },
        { score: 350, rank: 1, players: 3 },
        { score: null, rank: null, players: 0 },
      ],
    ],
    [
      // team 0: 900; team 1: (500 + 500) / 2 = 500; team 2: 500: ranks 1, 2, 2 — then team 3 (100) is 4th
      "after a tie the next rank skips (1, 2, 2, 4)",
      [m(0, 900), m(1, 500), m(1, 500), m(2, 500), m(3, 100)],
      4,
      [
        { score: 900, rank: 1, players: 1 },
        { score: 500, rank: 2, players: 2 },
        { score: 500, rank: 2, players: 1 },
        { score: 100, rank: 4, players: 1 },
      ],
    ],
    [
      // 333.33… and 333.3 show alike but are not equal: compared exactly
      "means that round alike but differ are not a tie",
      [m(0, 1000), m(0, 0), m(0, 0), m(1, 3333), m(1, 0), m(1, 0), m(1, 0), m(1, 0), m(1, 0), m(1, 0), m(1, 0), m(1, 0), m(1, 0)],
      2,
      [
        { score: 333.3, rank: 1, players: 3 },
        { score: 333.3, rank: 2, players: 10 },
      ],
    ],
    [
      // the kicked 1000 is left out: team 0 = 0, team 1 = 200
      "kicked players are left out",
      [m(0, 1000, true), m(0, 0), m(1, 200)],
      2,
      [
        { score: 0, rank: 2, players: 1 },
        { score: 200, rank: 1, players: 1 },
      ],
    ],
  ])("%s", (_n, players, count, want) => {
    expect(teamStandings(players, count).map(({ score, rank, players: n }) => ({ score, rank, players: n }))).toEqual(want);
  });

  it("rankedTeams: best first, a tie in team order, empty teams left out", () => {
    const st = teamStandings([m(0, 100), m(1, 500), m(2, 500)], 4);
    expect(rankedTeams(st).map((t) => [t.team, t.rank])).toEqual([
      [1, 1],
      [2, 1],
      [0, 3],
    ]);
  });
});
