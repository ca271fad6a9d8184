import { describe, expect, it } from "vitest";
import { parseAnswer } from "./grading";
import { questionInput } from "./quiz-schema";
import { cleanWords, wordCloud, wordKey, WORDCLOUD_LIMITS } from "./wordcloud";

describe("wordKey: grouping ignores case, accents and spaces", () => {
  it.each([
    ["São Paulo", "saopaulo"],
    ["  sao   paulo ", "saopaulo"],
    ["SAOPAULO", "saopaulo"],
    ["Ñandú", "nandu"],
    ["Crème brûlée", "cremebrulee"],
    ["Ελληνικά", "ελληνικα"],
    ["   ", ""],
  ])("%j → %j", (word, key) => expect(wordKey(word)).toBe(key));
});

describe("cleanWords: what the cloud keeps of one answer", () => {
  it.each<[unknown, number, string[]]>([
    [["Sun", "Moon"], 3, ["Sun", "Moon"]],
    [["  Sun  ", "  big   moon "], 3, ["Sun", "big moon"]],
    [["sun", "SÚN", "s u n"], 3, ["sun"]], // one player's same word counts once
    [["a", "b", "c", "d"], 3, ["a", "b", "c"]],
    [["a", "b", "c"], 1, ["a"]],
    [["", "  ", "ok"], 2, ["ok"]],
    [["x".repeat(40)], 1, ["x".repeat(40)]],
    [["x".repeat(41), "fine"], 2, ["fine"]], // over 40 characters: left out
    ["single", 1, ["single"]],
    [42, 1, []],
    [null, 1, []],
    [[1, "one"], 2, ["one"]],
  ])("%j (max %i) → %j", (answer, max, words) => expect(cleanWords(answer, max)).toEqual(words));

  it.each([["shit"], ["sh1t"], ["puta"], ["MIERDA"], ["hijo de puta"], ["gilipollas"]])("leaves out %j (the nickname filter, en + es)", (word) => {
    expect(cleanWords([word, "kind"], 2)).toEqual(["kind"]);
  });

  it.each([["computadora"], ["Vergara"], ["cumpleaños"], ["Scunthorpe"]])("keeps the innocent %j", (word) => {
    expect(cleanWords([word], 1)).toEqual([word]);
  });
});

describe("wordCloud: grouped, filtered, most given first, at most 50", () => {
  it("groups spellings and shows the most given one", () => {
    const cloud = wordCloud([["Sao Paulo"], ["São Paulo"], ["são paulo"], ["São Paulo"], ["Lima"]], 1);
    expect(cloud).toEqual([
      { text: "São Paulo", count: 4 },
      { text: "Lima", count: 1 },
    ]);
  });

  it("breaks ties by key so the order never changes", () => {
    expect(wordCloud([["zeta"], ["alpha"], ["Mid"]], 1).map((w) => w.text)).toEqual(["alpha", "Mid", "zeta"]);
    expect(wordCloud([["Mid"], ["zeta"], ["alpha"]], 1).map((w) => w.text)).toEqual(["alpha", "Mid", "zeta"]);
  });

  it("a tie between spellings goes to the first seen", () => {
    expect(wordCloud([["Paris"], ["PARIS"]], 1)).toEqual([{ text: "Paris", count: 2 }]);
  });

  it("counts each player's words, up to the question's maxWords", () => {
    const cloud = wordCloud([["red", "blue", "green"], ["Red", "red"], ["BLUE"]], 2);
    expect(cloud).toEqual([
      { text: "blue", count: 2 },
      { text: "red", count: 2 },
    ]);
  });

  it("never shows a profane word, even one stored before the filter", () => {
    expect(wordCloud([["shit"], ["shit"], ["nice"]], 1)).toEqual([{ text: "nice", count: 1 }]);
  });

  it("keeps the top 50 of 2,000 answers", () => {
    const answers = Array.from({ length: 2000 }, (_, i) => [`word${i % 80}`, `word${(i * 7) % 80}`]);
    const cloud = wordCloud(answers, 2);
    expect(cloud).toHaveLength(WORDCLOUD_LIMITS.top);
    for (let i = 1; i < cloud.length; i++) expect(cloud[i - 1]!.count).toBeGreaterThanOrEqual(cloud[i]!.count);
    expect(wordCloud(answers, 2, 5)).toHaveLength(5);
  });

  it("is empty with no answers", () => {
    expect(wordCloud([], 3)).toEqual([]);
  });
});

describe("a word cloud's answer and question limits", () => {
  it.each<[unknown, string[] | null]>([
    [["one"], ["one"]],
    [["  one  ", "", "two"], ["one", "two"]], // blank fields are dropped
    [["a", "b", "c"], ["a", "b", "c"]],
    [["a", "b", "c", "d"], null], // four words: never
    [[""], null],
    [[], null],
    [["x".repeat(41)], null],
    ["one", null],
    [[1], null],
  ])("answer %j → %j", (answer, parsed) => expect(parseAnswer("wordcloud", answer)).toEqual(parsed));

  it.each([
    [1, true],
    [3, true],
    [0, false],
    [4, false],
    [1.5, false],
  ])("maxWords %s valid: %s", (maxWords, ok) => {
    expect(questionInput.safeParse({ type: "wordcloud", prompt: "One word for today", maxWords }).success).toBe(ok);
  });

  it("carries no points, whatever an import says", () => {
    const q = questionInput.parse({ type: "wordcloud", prompt: "Say it", points: 2000 });
    expect(q).toMatchObject({ type: "wordcloud", maxWords: 1, points: 0 });
  });
});
