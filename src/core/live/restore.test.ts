import { describe, expect, it } from "vitest";
import { apply, hostView, nextTickAt, playerView, restoreGame, serializeGame } from "./engine";
import { Harness, lobbyWith, playWholeGame, T0 } from "@/test/live-engine";

// Restart: the state survives JSON.

describe("restart: the state survives JSON", () => {
  it("round-trips a game in every phase, and a restored game plays on exactly like the original", () => {
    const original = lobbyWith(["a", "b"]);
    original.ok({ type: "start" });
    original.open();
    original.answer("a", 1200, "opt-oslo", "x1");

    const restored = restoreGame(serializeGame(original.s));
    if (!restored.ok) throw new Error(restored.error.message);
    expect(restored.value).toEqual(original.s);

    const copy = new Harness();
    copy.s = restored.value;
    copy.t = original.t;
    for (const h of [original, copy]) {
      h.answer("a", 1300, "opt-oslo", "x1"); // the resend after a restart is still recognised
      h.answer("b", 4000, "opt-bergen");
      h.ok({ type: "next" });
      h.ok({ type: "next" });
      h.open();
      h.ok({ type: "pause" });
    }
    expect(copy.s).toEqual(original.s);
    expect(JSON.parse(JSON.stringify(copy.s))).toEqual(copy.s);
    expect(hostView(copy.s, copy.t)).toEqual(hostView(original.s, original.t));
    expect(playerView(copy.s, "a", copy.t)).toEqual(playerView(original.s, "a", original.t));
  });

  it("every snapshot of a whole game is plain JSON", () => {
    const h = playWholeGame();
    h.ok({ type: "next" });
    h.ok({ type: "next" });
    h.ok({ type: "finish" });
    expect(JSON.parse(serializeGame(h.s))).toEqual(h.s);
    expect(nextTickAt(h.s)).toBeNull();
  });

  it.each([
    ["not JSON", "{"],
    ["another version", JSON.stringify({ version: 99, questions: [], players: [], answers: [] })],
    ["an old id-keyed shape", JSON.stringify({ version: 1, questions: [], players: {}, answers: [] })],
    ["not a game", "[]"],
  ])("refuses a snapshot that is %s", (_name, json) => {
    const r = restoreGame(json);
    expect(r.ok ? "ok" : r.error.code).toBe("validation_failed");
  });

  it("a timer missed while the server was down is caught up by the first tick after the restart", () => {
    const h = lobbyWith(["a"]);
    h.ok({ type: "start" });
    const restored = restoreGame(serializeGame(h.s));
    if (!restored.ok) throw new Error("restore failed");
    const out = apply(restored.value, { type: "tick" }, T0 + 60_000);
    expect(out.state.phase).toBe("reveal");
    expect(out.state.players[0]).toMatchObject({ id: "a", score: 0, streak: 0 });
  });
});
