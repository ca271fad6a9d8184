import { describe, expect, it } from "vitest";
import { restoreGame, serializeGame } from "./engine";
import { mergeStoredRows, serializeSnapshot } from "./persistence";
import type { StoredPlayer } from "./stored";
import { BOOLEAN, Harness, lobbyWith, SINGLE } from "@/test/live-engine";

// Team mode in the engine: joining, the host's setting, the views, the report, a restart.

const FLAT = { speedBonus: false, streakBonus: false }; // a right answer is worth exactly 1000

/** Four players a–d, two teams dealt evenly (a, c → team 0; b, d → team 1), at question 0's answers. */
function teamGame(assign: "even" | "pick" = "even") {
  const h = new Harness([SINGLE, BOOLEAN], { ...FLAT, teams: { count: 2, assign } });
  return h;
}

describe("team mode in a live game", () => {
  it("is off by default: no team in any view or report", () => {
    const h = lobbyWith(["a"], [SINGLE]);
    expect(h.s.settings.teams).toBeNull();
    expect(h.s.players[0]!.team).toBeUndefined();
    expect(h.host()).not.toHaveProperty("teams");
    expect(h.view("a").me).not.toHaveProperty("team");
  });

  it("deals players out evenly as they join, and ranks teams by their mean after each reveal", () => {
    const h = teamGame();
    for (const id of ["a", "b", "c", "d"]) h.join(id, `Nick ${id}`);
    expect(h.s.players.map((p) => p.team)).toEqual([0, 1, 0, 1]);
    expect(h.host().players.map((p) => p.team)).toEqual([0, 1, 0, 1]);
    expect(h.host().teams).toEqual([
      { team: 0, players: 2, score: 0, rank: 1 },
      { team: 1, players: 2, score: 0, rank: 1 },
    ]);
    h.ok({ type: "start" });
    h.open();
    h.answer("a", 1000, "opt-oslo");
    h.answer("b", 1000, "opt-oslo");
    h.answer("c", 1000, "opt-bergen");
    h.answer("d", 1000, "opt-oslo");
    expect(h.s.phase).toBe("reveal");
    // team 0: (1000 + 0) / 2 = 500; team 1: (1000 + 1000) / 2 = 1000
    expect(h.host().teams).toEqual([
      { team: 0, players: 2, score: 500, rank: 2 },
      { team: 1, players: 2, score: 1000, rank: 1 },
    ]);
    expect(h.view("a").me.team).toEqual({ index: 0, rank: 2, of: 2 });
    expect(h.view("d").me.team).toEqual({ index: 1, rank: 1, of: 2 });
    h.ok({ type: "next" });
    expect(h.s.phase).toBe("scoreboard");
    expect(h.host().teams?.map((t) => t.rank)).toEqual([2, 1]);

    // question 1 (boolean, the answer is false): only a and c right → team 0: (2000 + 1000) / 2 = 1500; team 1: (1000 + 1000) / 2 = 1000
    h.ok({ type: "next" });
    h.open();
    h.answer("a", 500, false);
    h.answer("b", 500, true);
    h.answer("c", 500, false);
    h.answer("d", 500, true);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    expect(h.s.phase).toBe("podium");
    expect(h.host().teams).toEqual([
      { team: 0, players: 2, score: 1500, rank: 1 },
      { team: 1, players: 2, score: 1000, rank: 2 },
    ]);
    h.ok({ type: "finish" });
    const r = h.host().report!;
    expect(r.players.map((p) => [p.nickname, p.team])).toEqual([
      ["Nick a", 0],
      ["Nick b", 1], // b, c and d tie at 1000 with the same times: join order
      ["Nick c", 0],
      ["Nick d", 1],
    ]);
    expect(r.teams).toEqual(h.host().teams);
  });

  it("a player who picks keeps the pick; no pick goes to the smallest team", () => {
    const h = teamGame("pick");
    h.ok({ type: "join", playerId: "a", nickname: "A", team: 1 });
    h.ok({ type: "join", playerId: "b", nickname: "B", team: 1 });
    h.ok({ type: "join", playerId: "c", nickname: "C" });
    h.ok({ type: "join", playerId: "d", nickname: "D", team: 7 }); // not a team of this game
    expect(h.s.players.map((p) => p.team)).toEqual([1, 1, 0, 0]);
  });

  it("a pick is ignored when the server deals teams", () => {
    const h = teamGame("even");
    h.ok({ type: "join", playerId: "a", nickname: "A", team: 1 });
    expect(h.s.players[0]!.team).toBe(0);
  });

  it("the host turns teams on, changes and off in the lobby only; players follow", () => {
    const h = lobbyWith(["a", "b", "c"], [SINGLE]);
    h.ok({ type: "settings", patch: { teams: { count: 3, assign: "even" } } });
    expect(h.s.players.map((p) => p.team)).toEqual([0, 1, 2]);
    expect(h.view("c").me.team).toEqual({ index: 2, rank: 1, of: 3 });
    h.ok({ type: "settings", patch: { teams: { count: 2, assign: "pick" } } });
    expect(h.s.players.map((p) => p.team)).toEqual([0, 1, 0]);
    h.ok({ type: "settings", patch: { teams: null } });
    expect(h.s.players.map((p) => p.team)).toEqual([null, null, null]);
    expect(h.view("a").me).not.toHaveProperty("team");
    h.fail({ type: "settings", patch: { teams: { count: 9, assign: "even" } } }, "validation_failed");
    h.fail({ type: "settings", patch: { teams: { count: 1, assign: "even" } } }, "validation_failed");
    h.ok({ type: "start" });
    h.fail({ type: "settings", patch: { teams: { count: 2, assign: "even" } } }, "invalid_state");
  });

  it("every phone names its team as the host's screen does, whatever the phone's language", () => {
    const h = lobbyWith(["a", "b"], [SINGLE]);
    const names = ["Zorros", "Búhos", "Osos", "Delfines", "Águilas", "Lobos", "Tigres", "Pandas"];
    h.ok({ type: "settings", patch: { teams: { count: 2, assign: "even", names } } });
    expect(h.view("a").me.team).toEqual({ index: 0, rank: 1, of: 2, name: "Zorros" });
    expect(h.view("b").me.team).toEqual({ index: 1, rank: 1, of: 2, name: "Búhos" });
    expect(h.host().settings.teams?.names).toEqual(names);
    // Without names (a game from before), the phone names the team in its own language.
    h.ok({ type: "settings", patch: { teams: { count: 2, assign: "even" } } });
    expect(h.view("a").me.team).toEqual({ index: 0, rank: 1, of: 2 });
    // Names are trimmed, and an empty, overlong or ninth name is refused.
    h.ok({ type: "settings", patch: { teams: { count: 2, assign: "even", names: [" Foxes ", "Owls"] } } });
    expect(h.view("a").me.team?.name).toBe("Foxes");
    h.fail({ type: "settings", patch: { teams: { count: 2, assign: "even", names: ["", "Owls"] } } }, "validation_failed");
    h.fail({ type: "settings", patch: { teams: { count: 2, assign: "even", names: ["x".repeat(41)] } } }, "validation_failed");
    h.fail({ type: "settings", patch: { teams: { count: 2, assign: "even", names: [...names, "Ninth"] } } }, "validation_failed");
  });
});

describe("team mode across a restart", () => {
  it("the settings and every player's team survive a snapshot", () => {
    const h = teamGame("pick");
    h.ok({ type: "join", playerId: "a", nickname: "A", team: 1 });
    h.ok({ type: "join", playerId: "b", nickname: "B" });
    const r = restoreGame(serializeGame(h.s));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.settings.teams).toEqual({ count: 2, assign: "pick" });
    expect(r.value.players.map((p) => p.team)).toEqual([1, 0]);
  });

  it("the teams' names survive a snapshot, and the phones still get them", () => {
    const h = lobbyWith(["a"], [SINGLE]);
    h.ok({ type: "settings", patch: { teams: { count: 2, assign: "even", names: ["Zorros", "Búhos"] } } });
    const back = restoreGame(serializeGame(h.s));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.settings.teams?.names).toEqual(["Zorros", "Búhos"]);
    h.s = back.value;
    expect(h.view("a").me.team?.name).toBe("Zorros");
  });

  it("a player who joined after the snapshot gets the team of its row", () => {
    const h = teamGame("pick");
    h.ok({ type: "join", playerId: "a", nickname: "A", team: 1 });
    const snap = restoreGame(serializeSnapshot(h.s));
    if (!snap.ok) throw new Error(snap.error.message);
    const rows: StoredPlayer[] = [
      { id: "a", nickname: "A", team: 1, tokenHash: "h-a", kicked: false, joinedAt: new Date(h.t) },
      { id: "late", nickname: "Late", team: 1, tokenHash: "h-late", kicked: false, joinedAt: new Date(h.t + 1) },
    ];
    const merged = mergeStoredRows(snap.value, rows, []);
    expect(merged.players.map((p) => [p.id, p.team])).toEqual([
      ["a", 1],
      ["late", 1],
    ]);
  });

  it("a game stored before team mode reads as played alone", () => {
    const h = lobbyWith(["a"], [SINGLE]);
    const old = JSON.parse(serializeGame(h.s)) as { settings: Record<string, unknown> };
    delete old.settings.teams;
    const r = restoreGame(JSON.stringify(old));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.settings.teams).toBeNull();
  });
});
