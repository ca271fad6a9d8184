import { describe, expect, it } from "vitest";
import { hostView, mergeStoredRows, restoreGame, serializeGame, serializeSnapshot } from "./engine";
import { claimInGame } from "./roster";
import type { PlayerState } from "./state";
import { liveReportInput } from "../report/sources";
import { Harness, SINGLE, BOOLEAN, T0 } from "@/test/live-engine";

// Live games for a class (docs/rules.md §13): roster names, one device per name, the host releasing one.

function classGame(): Harness {
  const h = new Harness([SINGLE, BOOLEAN]);
  h.s = { ...h.s, classGame: { classId: "class-1", className: "7B" } };
  return h;
}
const ana = { studentId: "s-ana", name: "Ana" };
const ben = { studentId: "s-ben", name: "Ben" };

describe("claimInGame", () => {
  const p = (over: Partial<PlayerState>) => ({ id: "p", rosterId: "s-ana", kicked: false, released: false, ...over }) as PlayerState;
  it.each<[string, PlayerState[], string]>([
    ["nobody has it", [], "new"],
    ["another name is taken", [p({ rosterId: "s-ben" })], "new"],
    ["a device holds it", [p({})], "claimed"],
    ["the host released it", [p({ released: true })], "takeover"],
    ["the host removed its player", [p({ kicked: true })], "removed"],
  ])("%s → %s", (_case, players, kind) => expect(claimInGame(players, "s-ana").kind).toBe(kind));
});

describe("joining a game for a class", () => {
  it("takes names from the roster only: a nickname or no name is refused", () => {
    const h = classGame();
    h.fail({ type: "join", playerId: "p1", nickname: "Ana" }, "validation_failed");
    h.fail({ type: "join", playerId: "p1" }, "validation_failed");
    const out = h.ok({ type: "join", playerId: "p1", claim: ana });
    expect(out.reply).toMatchObject({ kind: "joined", playerId: "p1", nickname: "Ana", rerollsLeft: 0 });
    expect(h.s.players[0]).toMatchObject({ nickname: "Ana", rosterId: "s-ana", generated: false });
  });

  it("refuses a claim in a game not for a class", () => {
    const h = new Harness([SINGLE]);
    h.fail({ type: "join", playerId: "p1", claim: ana }, "validation_failed");
  });

  it("gives each name to one device: a second device is refused with roster_name_claimed", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    const out = h.fail({ type: "join", playerId: "p2", claim: ana }, "roster_name_claimed");
    expect(out.error.message).toMatch(/release/);
    h.ok({ type: "join", playerId: "p2", claim: ben });
    expect(h.s.players.map((p) => p.nickname)).toEqual(["Ana", "Ben"]);
  });

  it("refuses a name the teacher's rename gave to another entry while its old holder plays on", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    h.fail({ type: "join", playerId: "p2", claim: { studentId: "s-new", name: "ana" } }, "nickname_taken");
  });

  it("keeps a removed player's name out of the game", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    h.ok({ type: "kick", playerId: "p1" });
    h.fail({ type: "join", playerId: "p2", claim: ana }, "forbidden");
  });
});

describe("releasing a name", () => {
  it("disconnects the device, frees the name, and the next device continues as the same player", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    h.ok({ type: "join", playerId: "p2", claim: ben });
    h.ok({ type: "start" });
    h.at(T0 + 4_000).ok({ type: "answer", playerId: "p1", questionIndex: 0, answer: "opt-oslo", clientId: "c1" });
    const released = h.ok({ type: "release", playerId: "p1" });
    expect(released.effects).toEqual(expect.arrayContaining([{ kind: "released", playerId: "p1" }, { kind: "persistGame" }]));
    expect(h.s.players[0]).toMatchObject({ released: true, connected: false });
    expect(hostView(h.s, h.t).classGame).toEqual({
      className: "7B",
      players: [
        { playerId: "p1", nickname: "Ana", connected: false, released: true },
        { playerId: "p2", nickname: "Ben", connected: true, released: false },
      ],
    });
    // The released device's token may not bring it back.
    h.fail({ type: "reconnect", playerId: "p1" }, "forbidden");
    // Another device takes the name over: same player, answer and all.
    const taken = h.ok({ type: "join", playerId: "p3", claim: ana });
    expect(taken.reply).toMatchObject({ kind: "joined", playerId: "p1", nickname: "Ana", takeover: true });
    expect(h.s.players).toHaveLength(2);
    expect(h.s.players[0]).toMatchObject({ id: "p1", released: false, connected: true });
    expect(h.s.answers[0]!.map((a) => a.playerId)).toEqual(["p1"]);
    // And holds it: a third device is refused.
    h.fail({ type: "join", playerId: "p4", claim: ana }, "roster_name_claimed");
  });

  it("releases roster names only, of players still in a running game", () => {
    const h = new Harness([SINGLE]);
    h.ok({ type: "join", playerId: "p1", nickname: "Zoe" });
    h.fail({ type: "release", playerId: "p1" }, "invalid_state");
    const c = classGame();
    c.fail({ type: "release", playerId: "nobody" }, "not_found");
    c.ok({ type: "join", playerId: "p1", claim: ana });
    c.ok({ type: "release", playerId: "p1" });
    expect(c.ok({ type: "release", playerId: "p1" }).effects).toEqual([]); // twice: nothing more
    c.ok({ type: "end" });
    c.fail({ type: "release", playerId: "p1" }, "invalid_state");
  });

  it("lets a released name be taken in a locked game (the host freed it on purpose)", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    h.ok({ type: "lock" });
    h.fail({ type: "join", playerId: "p2", claim: ben }, "game_locked");
    h.ok({ type: "release", playerId: "p1" });
    h.ok({ type: "join", playerId: "p3", claim: ana });
  });
});

describe("a class game's claims persist", () => {
  it("survive a snapshot round trip, and late players' names come back from their rows", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    h.ok({ type: "release", playerId: "p1" });
    const restored = restoreGame(serializeGame(h.s));
    if (!restored.ok) throw new Error(restored.error.message);
    expect(restored.value.classGame).toEqual({ classId: "class-1", className: "7B" });
    expect(restored.value.players[0]).toMatchObject({ rosterId: "s-ana", released: true });

    const snap = restoreGame(serializeSnapshot(h.s));
    if (!snap.ok) throw new Error(snap.error.message);
    const merged = mergeStoredRows(snap.value, [
      { id: "p1", nickname: "Ana", tokenHash: "h1", kicked: false, joinedAt: new Date(T0), classStudentId: "s-ana" },
      { id: "p2", nickname: "Ben", tokenHash: "h2", kicked: false, joinedAt: new Date(T0 + 1), classStudentId: "s-ben" },
    ], []);
    expect(merged.players.map((p) => [p.id, p.rosterId, p.released ?? false])).toEqual([
      ["p1", "s-ana", true],
      ["p2", "s-ben", false],
    ]);
    expect(claimInGame(merged.players, "s-ben").kind).toBe("claimed");
  });
});

describe("the report of a class game", () => {
  it("carries each roster player's rosterName", () => {
    const h = classGame();
    h.ok({ type: "join", playerId: "p1", claim: ana });
    const plain = new Harness([SINGLE]);
    plain.ok({ type: "join", playerId: "p9", nickname: "Zoe" });
    expect(liveReportInput(h.s).players.map((p) => p.rosterName)).toEqual(["Ana"]);
    expect(liveReportInput(plain.s).players.map((p) => p.rosterName ?? null)).toEqual([null]);
  });
});
