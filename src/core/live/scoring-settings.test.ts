import { describe, expect, it } from "vitest";
import { mergeStoredRows, report, restoreGame, serializeGame, serializeSnapshot } from "./engine";
import { BOOLEAN, Harness, lobbyWith, SINGLE } from "@/test/live-engine";

// The host's scoring and join field (docs/rules.md §4, §9): points per question, speed and streak
// switches, and the extra field asked at join, kept only for the report.

/** Two players answer the current question right, "a" after `aMs` and "b" after `bMs`. */
function bothRight(h: Harness, aMs: number, bMs: number) {
  h.open();
  const data = h.s.questions[h.s.index]!.data;
  const right = data.type === "boolean" ? data.correct : "opt-oslo";
  // In the order they arrive.
  for (const [id, ms] of aMs <= bMs ? ([["a", aMs], ["b", bMs]] as const) : ([["b", bMs], ["a", aMs]] as const)) h.answer(id, ms, right);
}

describe("points per question and the speed switch", () => {
  it("with the speed bonus off, right answers at different times score alike, and ×2 doubles, ×0 gives nothing", () => {
    const h = lobbyWith(["a", "b"], [SINGLE, BOOLEAN, SINGLE], { speedBonus: false, streakBonus: false, pointsMultipliers: [1, 2, 0] });
    h.ok({ type: "start" });
    bothRight(h, 1_000, 17_000);
    expect([h.rec(0, "a")?.points, h.rec(0, "b")?.points]).toEqual([1000, 1000]);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    expect(h.view("a").question?.points).toBe(2000); // the phone is told the question's worth
    bothRight(h, 600, 9_000); // BOOLEAN: 10 s
    expect([h.rec(1, "a")?.points, h.rec(1, "b")?.points]).toEqual([2000, 2000]);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    bothRight(h, 600, 9_000);
    expect([h.rec(2, "a")?.points, h.rec(2, "b")?.points]).toEqual([0, 0]);
    expect(h.player("a").score).toBe(3000);
    expect(h.player("b").score).toBe(3000);
  });

  it("with both bonuses on, time and streak count (worked by hand)", () => {
    // 20 s limit. a: 10 s → 1000 × (1 − 10/20/2) = 750, then ×2 at 10 s: 1500 + streak 100.
    const h = lobbyWith(["a", "b"], [SINGLE, SINGLE], { pointsMultipliers: [1, 2] });
    h.ok({ type: "start" });
    bothRight(h, 10_000, 400);
    expect([h.rec(0, "a")?.points, h.rec(0, "b")?.points]).toEqual([750, 1000]);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    bothRight(h, 10_000, 400);
    expect([h.rec(1, "a")?.points, h.rec(1, "b")?.points]).toEqual([1600, 2100]);
  });

  it("without the streak bonus a run of right answers earns no extra", () => {
    const h = lobbyWith(["a", "b"], [SINGLE, SINGLE], { speedBonus: false, streakBonus: false });
    h.ok({ type: "start" });
    bothRight(h, 1_000, 1_000);
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    bothRight(h, 1_000, 1_000);
    expect(h.rec(1, "a")?.points).toBe(1000);
  });

  it("takes points per question and the join field in the lobby only, one multiplier per question", () => {
    const h = lobbyWith(["a"], [SINGLE, BOOLEAN]);
    h.fail({ type: "settings", patch: { pointsMultipliers: [1] } }, "validation_failed");
    h.fail({ type: "settings", patch: { pointsMultipliers: [1, 3] as never } }, "validation_failed");
    h.fail({ type: "settings", patch: { identifierLabel: "x".repeat(41) } }, "validation_failed");
    h.ok({ type: "settings", patch: { identifierLabel: "   " } });
    expect(h.s.settings.identifierLabel).toBeNull();
    h.ok({ type: "start" });
    h.fail({ type: "settings", patch: { pointsMultipliers: [2, 2] } }, "invalid_state");
    h.fail({ type: "settings", patch: { identifierLabel: "Student number" } }, "invalid_state");
    h.ok({ type: "settings", patch: { speedBonus: false } }); // the switches still apply from the next question
  });
});

describe("the host's join field", () => {
  it.each([
    ["missing", undefined, "identifier_rejected"],
    ["blank", "   ", "identifier_rejected"],
    ["too long", "1".repeat(61), "identifier_rejected"],
    ["a control character", "12\u0007", "identifier_rejected"],
    ["trimmed and kept", "  S-042  ", "S-042"],
    ["at most 60", "9".repeat(60), "9".repeat(60)],
  ])("a player joining with it %s", (_name, identifier, expected) => {
    const h = new Harness([SINGLE], { identifierLabel: "Student number" });
    const out = h.run({ type: "join", playerId: "p", nickname: "Ada", identifier });
    expect(out.ok ? h.player("p").identifier : out.error.code).toBe(expected);
  });

  it("is not asked when the host set no label, and reaches no view but the report", () => {
    const plain = new Harness([SINGLE]);
    plain.ok({ type: "join", playerId: "p", nickname: "Ada", identifier: "ignored" });
    expect(plain.player("p").identifier).toBeNull();

    const h = new Harness([SINGLE], { identifierLabel: "Student number" });
    h.ok({ type: "join", playerId: "a", nickname: "Ada", identifier: "S-001" });
    h.ok({ type: "join", playerId: "b", nickname: "Bo", identifier: "S-002" });
    h.ok({ type: "start" });
    for (const snap of h.snapshots) {
      const seen = JSON.stringify([snap.host.players, snap.host.scoreboard, snap.host.podium, snap.players]);
      expect(seen).not.toContain("S-00");
    }
    expect(JSON.stringify(h.view("a"))).not.toContain("S-00");
    expect(report(h.s).players.map((p) => p.nickname)).toEqual(expect.arrayContaining(["Ada", "Bo"]));
  });

  it("survives a restart: in the snapshot, and from the players' rows for those who joined after it", () => {
    const h = new Harness([SINGLE], { identifierLabel: "Student number", pointsMultipliers: [2] });
    h.ok({ type: "join", playerId: "a", nickname: "Ada", identifier: "S-001" });
    const snapshot = restoreGame(serializeSnapshot(h.s));
    if (!snapshot.ok) throw new Error(snapshot.error.message);
    expect(snapshot.value.settings).toMatchObject({ identifierLabel: "Student number", pointsMultipliers: [2] });
    const merged = mergeStoredRows(
      snapshot.value,
      [
        { id: "a", nickname: "Ada", identifier: "S-001", tokenHash: "x", kicked: false, joinedAt: new Date(h.t) },
        { id: "b", nickname: "Bo", identifier: "S-002", tokenHash: "y", kicked: false, joinedAt: new Date(h.t + 1) },
      ],
      [],
    );
    expect(merged.players.map((p) => [p.id, p.identifier])).toEqual([
      ["a", "S-001"],
      ["b", "S-002"],
    ]);
  });

  it("reads a snapshot from before these settings with their defaults", () => {
    const h = new Harness([SINGLE]);
    const old = JSON.parse(serializeGame(h.s)) as { settings: Record<string, unknown> };
    delete old.settings.pointsMultipliers;
    delete old.settings.identifierLabel;
    const restored = restoreGame(JSON.stringify(old));
    expect(restored.ok && restored.value.settings).toMatchObject({ pointsMultipliers: [], identifierLabel: null });
  });
});
