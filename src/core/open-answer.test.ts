import { describe, expect, it } from "vitest";
import { cleanOpenAnswer, groupOpenAnswers, markedPoints, shownAfter } from "./open-answer";
import { gradeAnswer, parseAnswer, correctAnswerOf } from "./grading";
import { carriesPoints, isCard, isGraded, toPublicData } from "./question";
import { openAnswersShown } from "./live/open-answers";

describe("open answers (docs/rules.md §5)", () => {
  it.each([
    ["a plain answer", "Because of the sun", 200, "Because of the sun"],
    ["trimmed", "  light  ", 200, "light"],
    ["exactly maxLength", "abcde", 5, "abcde"],
    ["counted in characters, not bytes", "ñandú", 5, "ñandú"],
    ["over maxLength", "abcdef", 5, null],
    ["empty", "", 200, null],
    ["only spaces", "   ", 200, null],
    ["not text", 42, 200, null],
    ["a list", ["a"], 200, null],
  ])("cleanOpenAnswer: %s", (_, answer, max, expected) => {
    expect(cleanOpenAnswer(answer, max)).toBe(expected);
  });

  it("is not auto-graded: never right, the model answer as the key, no key before answering", () => {
    const data = { type: "open" as const, maxLength: 100, modelAnswer: "Rayleigh" };
    expect(gradeAnswer(data, "Rayleigh")).toEqual({ correct: false, share: 0 });
    expect(correctAnswerOf(data)).toBe("Rayleigh");
    expect(correctAnswerOf({ type: "open", maxLength: 100 })).toBe("");
    expect(toPublicData(data, "seed")).toEqual({ type: "open", maxLength: 100 });
    expect(parseAnswer("open", "x".repeat(500))).toBe("x".repeat(500));
    expect(parseAnswer("open", "x".repeat(501))).toBeNull();
    expect(parseAnswer("open", "  ")).toBeNull();
  });

  it("counts in no rate, carries points for marking, and is a study card", () => {
    expect([isGraded("open"), carriesPoints("open"), isCard("open")]).toEqual([false, true, true]);
    expect([isCard("poll"), isCard("slide"), isCard("wordcloud"), isCard("text")]).toEqual([false, false, false, true]);
    expect([markedPoints("right", 1000), markedPoints("wrong", 1000), markedPoints(null, 2000)]).toEqual([1000, 0, 0]);
  });

  it.each([
    [0, 3, "next", 1],
    [2, 3, "next", 3],
    [3, 3, "next", 3],
    [1, 3, "all", 3],
    [3, 3, "hide", 0],
    [0, 0, "next", 0],
  ] as const)("the big screen shows %i of %i, %s → %i", (shown, total, step, expected) => {
    expect(shownAfter(shown, total, step)).toBe(expected);
  });

  it("the host's screen gets the answers first given first, trimmed, none blank or profane, at most 200", () => {
    expect(openAnswersShown([" Sun ", "", "shit happens", 3, "Moon"])).toEqual(["Sun", "Moon"]);
    expect(openAnswersShown(Array.from({ length: 250 }, (_, i) => `a${i}`))).toHaveLength(200);
  });

  it("groups typed answers for a report, ignoring case, accents and spacing, most given first", () => {
    expect(groupOpenAnswers(["Café au lait", "cafe  au LAIT", "Tea", "tea", "tea", "", 7])).toEqual([
      { answer: "Tea", count: 3 },
      { answer: "Café au lait", count: 2 },
    ]);
  });
});
