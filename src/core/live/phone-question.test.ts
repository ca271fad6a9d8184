import { describe, expect, it } from "vitest";
import { questionForPhones, tileLetter } from "./phone-question";
import type { PublicQuestion } from "./schemas";

const base = { index: 0, prompt: "Which planet is red?", imageUrl: "https://img.example/mars.png", imageAlt: "A red disc", timeLimitSeconds: 20, points: 1000 };
const options = [
  { id: "a", text: "Mars" },
  { id: "b", text: "Venus" },
];

describe("questionForPhones", () => {
  it("gives the question as it is when phones show it", () => {
    const q: PublicQuestion = { ...base, data: { type: "single", options } };
    expect(questionForPhones(q, true)).toBe(q);
  });

  const cases: [string, PublicQuestion["data"], PublicQuestion["data"]][] = [
    ["single: option texts go, ids and order stay", { type: "single", options }, { type: "single", options: [{ id: "a", text: "" }, { id: "b", text: "" }] }],
    ["multiple: the same", { type: "multiple", options }, { type: "multiple", options: [{ id: "a", text: "" }, { id: "b", text: "" }] }],
    ["poll: the same", { type: "poll", options }, { type: "poll", options: [{ id: "a", text: "" }, { id: "b", text: "" }] }],
    ["order: the items stay (they cannot be ordered unseen)", { type: "order", items: options }, { type: "order", items: options }],
    ["number: range and unit stay", { type: "number", min: 0, max: 10, unit: "km" }, { type: "number", min: 0, max: 10, unit: "km" }],
    ["boolean: nothing to hide", { type: "boolean" }, { type: "boolean" }],
    ["text: nothing to hide", { type: "text" }, { type: "text" }],
    ["slide: its text stays on the screen", { type: "slide", text: "Photosynthesis needs light." }, { type: "slide", text: "" }],
  ];
  for (const [name, data, expected] of cases) {
    it(`screen only, ${name}; prompt and picture go, the phone is told why`, () => {
      const out = questionForPhones({ ...base, data }, false);
      expect(out).toEqual({ ...base, prompt: "", imageUrl: null, imageAlt: null, data: expected, onScreenOnly: true });
    });
  }

  it("screen only, the formatted texts (keyed by their source) stay behind too", () => {
    const q: PublicQuestion = { ...base, prompt: "Is $x^2$ **even**?", data: { type: "single", options }, rich: { "Is $x^2$ **even**?": "<p>Is <b>even</b>?</p>", Mars: "Mars" } };
    const out = questionForPhones(q, false);
    expect(out).not.toHaveProperty("rich");
    expect(JSON.stringify(out)).not.toMatch(/even|Mars/);
  });

  it("names tiles A to F", () => {
    expect([0, 1, 2, 3, 4, 5].map(tileLetter).join("")).toBe("ABCDEF");
  });
});
