import { describe, expect, it } from "vitest";
import { LIVE_ANSWER_GRACE_MS, nextTickAt, restoreGame, serializeSnapshot, mergeStoredRows } from "./engine";
import { BOOLEAN, gameIn, lobbyWith, SINGLE } from "@/test/live-engine";

// Extra time per player (docs/rules.md §4 "Extra time"): the host's ×1.5 / ×2, the server's deadlines.

const LIMIT = SINGLE.timeLimitSeconds * 1000; // 20 s

/** A game at question 0's answers with "a" (no extra time), "x" (×2) and "h" (×1.5). */
function started() {
  const h = lobbyWith(["a", "x", "h"], [SINGLE, BOOLEAN]);
  h.ok({ type: "extraTime", playerId: "x", factor: 2 });
  h.ok({ type: "extraTime", nickname: "nick H", factor: 1.5 });
  h.ok({ type: "start" });
  h.open();
  return h;
}

describe("whose answer counts", () => {
  it.each<[string, string, number, "ok" | "answer_too_late"]>([
    ["no extra time, at the limit", "a", LIMIT, "ok"],
    ["no extra time, within the grace", "a", LIMIT + LIVE_ANSWER_GRACE_MS - 1, "ok"],
    ["no extra time, at the end of the grace", "a", LIMIT + LIVE_ANSWER_GRACE_MS, "answer_too_late"],
    ["no extra time, at 1.5× the limit", "a", LIMIT * 1.5, "answer_too_late"],
    ["×2, at 1.5× the limit", "x", LIMIT * 1.5, "ok"],
    ["×2, within 2× the limit's grace", "x", LIMIT * 2 + LIVE_ANSWER_GRACE_MS - 1, "ok"],
    ["×2, at the end of 2× the limit's grace", "x", LIMIT * 2 + LIVE_ANSWER_GRACE_MS, "answer_too_late"],
    ["×1.5, at 1.5× the limit", "h", LIMIT * 1.5, "ok"],
    ["×1.5, at 1.6× the limit", "h", LIMIT * 1.6, "answer_too_late"],
  ])("%s: %s", (_name, id, ms, expected) => {
    const h = started();
    const out = h.answer(id, ms, "opt-oslo");
    expect(out.ok ? "ok" : out.error.code).toBe(expected);
  });

  it("lets a ×2 answer at 1.5× the limit count while another player's at the same moment does not", () => {
    const h = started();
    h.answer("h", 1000, "opt-oslo"); // the ×1.5 player is done: only "x" keeps the question open
    expect(h.answer("a", LIMIT * 1.5, "opt-oslo")).toMatchObject({ ok: false, error: { code: "answer_too_late" } });
    expect(h.s.phase).toBe("question");
    expect(h.answer("x", LIMIT * 1.5, "opt-oslo").ok).toBe(true);
    // Everyone the question waited for has answered or is out of time: the reveal.
    expect(h.s.phase).toBe("reveal");
    expect(h.s.answers[0]!.map((r) => r.playerId)).toEqual(["h", "x"]);
  });

  it("scores the speed bonus on the player's own limit", () => {
    const h = started();
    h.answer("a", LIMIT / 2, "opt-oslo");
    h.answer("x", LIMIT, "opt-oslo"); // half of ×2
    expect(h.rec(0, "x")!.points).toBe(h.rec(0, "a")!.points);
    expect(h.rec(0, "x")!.timeMs).toBe(LIMIT);
  });
});

describe("the question's end", () => {
  it("stays open after everyone else's time for the players with extra time, then closes at the last deadline", () => {
    const h = started();
    h.answer("a", 1000, "opt-oslo");
    expect(nextTickAt(h.s)).toBe(h.s.closesAt! + LIVE_ANSWER_GRACE_MS);
    h.timeUp();
    expect(h.s).toMatchObject({ phase: "question", stage: "answering", overtime: true });
    expect(h.last!.effects.map((e) => e.kind)).toContain("persistGame");
    expect(h.host().timing?.overtime).toBe(true);
    expect(h.view("a").timing?.overtime).toBe(true);
    // The ×1.5 player's deadline passes: still open for the ×2 one.
    expect(nextTickAt(h.s)).toBe(h.s.answersOpenAt! + LIMIT * 2 + LIVE_ANSWER_GRACE_MS);
    h.at(h.s.answersOpenAt! + LIMIT * 1.5 + LIVE_ANSWER_GRACE_MS + 1);
    h.ok({ type: "tick" });
    expect(h.s.phase).toBe("question");
    h.at(h.s.answersOpenAt! + LIMIT * 2 + LIVE_ANSWER_GRACE_MS);
    h.ok({ type: "tick" });
    expect(h.s.phase).toBe("reveal");
    expect(h.s.overtime).toBe(false);
  });

  it("closes at the usual time when every player with extra time has answered", () => {
    const h = started();
    h.answer("x", 1000, "opt-oslo");
    h.answer("h", 1000, "opt-oslo");
    h.timeUp();
    expect(h.s.phase).toBe("reveal");
  });

  it("lets the host end it early", () => {
    const h = started();
    h.timeUp();
    expect(h.s.overtime).toBe(true);
    h.ok({ type: "skip" });
    expect(h.s.phase).toBe("reveal");
  });

  it("does not wait for a player with extra time whose phone has gone", () => {
    const h = started();
    h.ok({ type: "disconnect", playerId: "x", immediate: true });
    h.ok({ type: "disconnect", playerId: "h", immediate: true });
    h.timeUp();
    expect(h.s.phase).toBe("reveal");
  });

  it("closes once the host takes back the last extra time of the players still answering", () => {
    const h = started();
    h.answer("h", 1000, "opt-oslo");
    h.timeUp();
    expect(h.s.overtime).toBe(true);
    h.ok({ type: "extraTime", playerId: "x", factor: 1 });
    expect(h.s.phase).toBe("reveal");
  });
});

describe("who sees it", () => {
  it("shows the factor to the host's panel and to the player's own phone only", () => {
    const h = started();
    expect(h.host().extraTime).toEqual([
      { playerId: "x", nickname: "Nick x", factor: 2 },
      { playerId: "h", nickname: "Nick h", factor: 1.5 },
    ]);
    expect(h.view("x").me.extraTime).toBe(2);
    expect(h.view("a").me.extraTime).toBeUndefined();
    expect(JSON.stringify(h.view("a"))).not.toMatch(/extraTime|Nick x/);
  });

  it("leaves the host view without the list when nobody has extra time", () => {
    const h = lobbyWith(["a"]);
    expect(h.host()).not.toHaveProperty("extraTime");
    h.ok({ type: "extraTime", playerId: "a", factor: 2 });
    h.ok({ type: "extraTime", playerId: "a", factor: 1 });
    expect(h.host()).not.toHaveProperty("extraTime");
    expect(h.player("a")).not.toHaveProperty("extraTime");
  });
});

describe("setting it", () => {
  it.each<[string, Parameters<typeof gameIn>[0], object, string]>([
    ["a factor not offered", "lobby", { playerId: "a", factor: 3 }, "validation_failed"],
    ["an unknown player", "lobby", { playerId: "nobody", factor: 2 }, "not_found"],
    ["an unknown nickname", "lobby", { nickname: "Nobody", factor: 2 }, "not_found"],
    ["a game that is over", "finished", { playerId: "a", factor: 2 }, "invalid_state"],
    ["a cancelled game", "cancelled", { playerId: "a", factor: 2 }, "invalid_state"],
  ])("refuses %s", (_name, phase, cmd, code) => {
    gameIn(phase).fail({ type: "extraTime", ...cmd } as never, code as never);
  });

  it.each<Parameters<typeof gameIn>[0]>(["lobby", "question", "answering", "reveal", "scoreboard", "podium"])("works in the %s", (phase) => {
    const h = gameIn(phase);
    h.ok({ type: "extraTime", playerId: "a", factor: 1.5 });
    expect(h.player("a").extraTime).toBe(1.5);
  });

  it("refuses a kicked player", () => {
    const h = lobbyWith(["a", "b"]);
    h.ok({ type: "kick", playerId: "b" });
    h.fail({ type: "extraTime", playerId: "b", factor: 2 }, "not_found");
  });

  it("survives a restart in the snapshot", () => {
    const h = started();
    const restored = restoreGame(serializeSnapshot(h.s));
    expect(restored.ok).toBe(true);
    if (!restored.ok) return;
    const merged = mergeStoredRows(restored.value, [], []);
    expect(merged.players.find((p) => p.id === "x")?.extraTime).toBe(2);
  });
});
