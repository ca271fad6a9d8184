import { describe, expect, it } from "vitest";
import { spokenOf, spokenText } from "./spoken";

describe("spokenText", () => {
  const cases: [string, Parameters<typeof spokenText>[0], string][] = [
    ["a prompt alone keeps its question mark", { prompt: "What instrument measures air pressure?" }, "What instrument measures air pressure?"],
    ["options follow with their tile letters", { prompt: "Which planet is red?", options: ["Venus", "Mars"] }, "Which planet is red? A: Venus. B: Mars."],
    ["a statement gets a full stop", { prompt: "Water boils at 100 °C at sea level" }, "Water boils at 100 °C at sea level."],
    ["formatting marks are not read", { prompt: "Is **H₂O** *water*?", options: ["`yes`"] }, "Is H₂O water? A: yes."],
    ["line breaks and runs of spaces are one space", { prompt: "Line one\nline   two" }, "Line one line two."],
    ["empty options (on the big screen only) are skipped", { prompt: "Pick one", options: ["", ""] }, "Pick one."],
    ["nothing to read gives nothing", { prompt: "  " }, ""],
  ];
  for (const [name, input, expected] of cases) it(name, () => expect(spokenText(input)).toBe(expected));
});

describe("spokenOf", () => {
  it("takes a choice question's options and nothing of the others", () => {
    expect(spokenOf("Pick", { type: "single", options: [{ text: "Mars" }] })).toEqual({ prompt: "Pick", options: ["Mars"] });
    expect(spokenOf("Type", { type: "text" })).toEqual({ prompt: "Type" });
  });
});
