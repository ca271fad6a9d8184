import { describe, expect, it } from "vitest";
import { renderRich, questionTexts, richMap } from "../rich-text";
import type { LiveQuestion } from "./engine";
import { gameIn, lobbyWith, SINGLE } from "@/test/live-engine";

// A live game's formatted texts (docs/rules.md, "Formatting and math"): rendered once when the game
// is created; each view carries only the texts it shows, so no explanation travels early.
const math = (tex: string) => `<M>${tex}</M>`;
const RICH: LiveQuestion = {
  ...SINGLE,
  prompt: "Capital of **Norway**?",
  data: { ...SINGLE.data, options: [{ id: "opt-bergen", text: "$B$ergen" }, { id: "opt-oslo", text: "Oslo" }], correct: "opt-oslo" } as LiveQuestion["data"],
  explanation: "EXPLAIN: *since* 1814",
};
RICH.rich = richMap(questionTexts(RICH), (t) => renderRich(t, math));

describe("live views carry rendered texts", () => {
  it("the question carries its prompt's and options' HTML, never the explanation's", () => {
    const h = lobbyWith(["a"], [RICH]);
    h.ok({ type: "start" });
    const q = h.host().question!;
    expect(q.rich).toEqual({ "Capital of **Norway**?": "Capital of <strong>Norway</strong>?", $B$ergen: "<M>B</M>ergen" });
    expect(JSON.stringify(h.view("a"))).not.toContain("EXPLAIN");
    expect(JSON.stringify(h.host())).not.toContain("EXPLAIN");
  });

  it("the reveal carries the explanation's HTML", () => {
    const h = lobbyWith(["a"], [RICH]);
    h.ok({ type: "start" });
    h.open();
    h.ok({ type: "skip" });
    expect(h.host().reveal?.rich).toEqual({ "EXPLAIN: *since* 1814": "EXPLAIN: <em>since</em> 1814" });
  });

  it("a plain question carries no HTML at all", () => {
    const h = gameIn("question");
    expect(h.host().question).not.toHaveProperty("rich");
  });
});
