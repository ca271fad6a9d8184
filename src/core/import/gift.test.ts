import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { quizInput } from "../quiz-schema";
import { MAX_BLOCK_CHARS, MAX_PARSED_CHARS, parseGift } from "./gift";
import { exportGift } from "./gift-export";
import { plain } from "./test-utils";

const sample = (name: string) => readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url), "utf8");
const one = (text: string) => {
  const r = parseGift(text);
  return { question: r.questions[0]?.question, problems: r.problems };
};

describe("GIFT", () => {
  it("reads the sample: title from the first comment, category from $CATEGORY, every type", () => {
    const r = parseGift(sample("moodle.gift"));
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({ title: "Ocean Life", category: "nature" });
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [6, "single"],
      [15, "multiple"],
      [23, "boolean"],
      [25, "boolean"],
      [27, "text"],
      [35, "number"],
      [37, "number"],
      [40, "order"],
      [47, "text"],
    ]);
    const q = r.questions.map((x) => x.question);
    expect(q[0]).toMatchObject({
      prompt: "Which animal is the largest that has ever lived?",
      options: ["Blue whale", "Megalodon", "Whale shark", "Argentinosaurus"],
      correct: 0,
      explanation: "The blue whale: up to 30 m long and 190 tonnes, heavier than any known dinosaur.",
    });
    expect(q[1]).toMatchObject({ correct: [0, 1], hint: "Think of animals with eight arms.", points: 2000 });
    expect(q[2]).toMatchObject({ correct: true, explanation: "Sharks are cartilaginous fish: their skeleton is cartilage, not bone." });
    expect(q[3]).toMatchObject({ correct: false });
    expect(q[4]).toMatchObject({
      prompt: "A clownfish lives among the tentacles of which animal?",
      accepted: ["sea anemone", "anemone", "an anemone"],
      explanation: "Sea anemones sting most fish, but a clownfish's mucus protects it.",
    });
    expect(q[5]).toMatchObject({ answer: 10935, tolerance: 100, min: 0, max: 12000, unit: "m", timeLimit: 30 });
    expect(q[6]).toMatchObject({ prompt: "What is the **typical** temperature of the deep ocean, in °C?", answer: 2.5, tolerance: 1.5, min: 0, max: 20 });
    expect(q[7]).toMatchObject({ items: ["Sunlight zone", "Twilight zone", "Midnight zone", "Abyssal zone"], timeLimit: 45 });
    expect(q[8]).toMatchObject({ prompt: "A group of fish swimming together is called a school = a shoal in British English?" });
  });

  it("reports unsupported kinds as skipped and mistakes at the question's line; the rest imports", () => {
    const r = parseGift(sample("gift-with-errors.gift"));
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [3, "single"],
      [9, "open"], // Moodle's essay: an open question
      [25, "boolean"],
    ]);
    expect(r.problems.map((p) => [p.line, p.skipped ?? false, p.reason])).toEqual([
      [11, false, "Question 3 (line 11): has no correct answer: mark the right option with = (or the right options with a positive weight like ~%50%)"],
      [17, true, "Question 4 (line 17): matching questions are not supported (only a matching of items to the positions 1, 2, 3… reads as an order question); skipped"],
      [23, false, "Question 5 (line 23): the answer part is not closed with } (is the file cut off, or a } missing?)"],
      [27, true, "Question 7 (line 27): is a description (text without an answer), not a question; skipped"],
      [29, false, "Question 8 (line 29): a single-choice question needs exactly one correct option (found 2 marked with =); for several right answers give them positive weights like ~%50%"],
    ]);
  });

  it("reads every true/false spelling", () => {
    for (const [answer, value] of [["T", true], ["TRUE", true], ["F", false], ["FALSE", false]] as const) {
      expect(one(`Is it? {${answer}}`).question).toMatchObject({ type: "boolean", correct: value });
    }
  });

  it("decodes the escapes \\= \\~ \\{ \\} \\# \\: and \\n", () => {
    const { question } = one("Escapes\\: \\{a\\} \\= b \\~ c \\# d\\nnext line {=x\\=y ~z\\}}");
    expect(question).toMatchObject({ prompt: "Escapes: {a} = b ~ c # d\nnext line", options: ["x=y", "z}"], correct: 0 });
  });

  it("accepts unescaped colons and equals signs in question text, as Moodle does", () => {
    expect(one("Ratio 3:2 means 3 parts to 2 = true? {T}").question).toMatchObject({ prompt: "Ratio 3:2 means 3 parts to 2 = true?" });
    expect(one("::Q1: ratios::Time: what is 12:00 called? {=noon: midday ~midnight}").question).toMatchObject({
      options: ["noon: midday", "midnight"],
    });
  });

  it("strips [html] and [markdown] to plain text", () => {
    expect(one("[html]<p>Is <b>H<sub>2</sub>O</b>&nbsp;water?</p> {T}").question).toMatchObject({ prompt: "Is H2O water?" });
    expect(one("[markdown]Is **this** a [link](https\\://example.com) in `code`? {T}").question).toMatchObject({ prompt: "Is **this** a link in `code`?" });
  });

  it.each([
    ["Area \\(\\pi r^2\\)? {T}", "Area $\\pi r^2$?"],
    ["Half: $$\\frac\\{1\\}\\{2\\}$$ {T}", "Half: $$\\frac{1}{2}$$"],
    ["[html]<p>Sum \\[\\sum_i x_i\\]</p> {T}", "Sum $$\\sum_i x_i$$"],
    ["[markdown]*Why* $x^2$? {T}", "*Why* $x^2$?"],
    ["Price \\$5? {T}", "Price \\$5?"],
  ])("keeps Moodle's math and formatting: %j → %j", (gift, prompt) => {
    expect(one(gift).question).toMatchObject({ prompt });
  });

  it("refuses a question block longer than the limit before parsing it; the next one still reads", () => {
    const long = `[html]${"<".repeat(MAX_BLOCK_CHARS)} {T}`;
    const r = parseGift(`${long}\n\nShort? {T}`);
    expect(plain(r.problems)).toEqual([{ line: 1, reason: "Question 1 (line 1): is 10,010 characters long; a question (its text, answers and feedback) may be at most 10,000" }]);
    expect(r.questions.map((q) => q.line)).toEqual([3]);
  });

  it("reads at most MAX_PARSED_CHARS of questions with the grammar; the blocks after that are problems", () => {
    const block = `[html]<b>x</b>${"<".repeat(9_000)} {T}`;
    const n = Math.ceil(MAX_PARSED_CHARS / block.length) + 5;
    const r = parseGift(Array.from({ length: n }, () => block).join("\n\n"));
    const notRead = r.problems.filter((p) => p.reason.includes("was not read"));
    expect(notRead.length).toBe(n - Math.floor(MAX_PARSED_CHARS / block.length));
    expect(notRead[0]?.reason).toMatch(/^Question \d+ \(line \d+\): was not read: the questions before it already hold 1,000,000 characters/);
  });

  it("strips [html] with thousands of unclosed < (each block under the limit) to the text", () => {
    const blocks = Array.from({ length: 40 }, (_, i) => `[html]<b>Q${i}</b> ${"<".repeat(9_000)} {T}`).join("\n\n");
    const r = parseGift(blocks);
    expect(r.questions).toHaveLength(0);
    expect(r.problems).toHaveLength(40);
    expect(r.problems[0]?.reason).toBe("Question 1 (line 1): the question text is longer than 500 characters");
  });

  it("reads numbers with a tolerance, a range or several answers", () => {
    expect(one("Pi? {#3.14:0.01}").question).toMatchObject({ answer: 3.14, tolerance: 0.01, min: 0, max: 20 });
    expect(one("Between? {#1..5}").question).toMatchObject({ answer: 3, tolerance: 2, min: 0, max: 30 });
    expect(one("Cold? {#-40}").question).toMatchObject({ answer: -40, tolerance: 0, min: -80, max: 0 });
    expect(one("Which? {#=%50%4:1 =3:0}").question).toMatchObject({ answer: 3, tolerance: 0 });
  });

  it("reads weights: positive weights without = make a multiple-choice question; partial credit on single is ignored", () => {
    expect(one("Pick {~%50%a ~%50%b ~%-100%c}").question).toMatchObject({ type: "multiple", correct: [0, 1] });
    expect(one("Pick {=a ~%50%b ~c}").question).toMatchObject({ type: "single", correct: 0 });
    expect(one("Spell it {=colour =%50%color =%0%culler}").question).toMatchObject({ type: "text", accepted: ["colour", "color"] });
  });

  it("reads a $CATEGORY line directly above a question, and a // quizdeck: comment in its own block", () => {
    const r = parseGift('$CATEGORY: top/Sports\n::x::Ball? {T}\n\n// quizdeck: {"points":0}\n\nBat? {F}');
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz).toMatchObject({ title: "Sports", category: "sport" });
    expect(r.questions.map((q) => [q.line, q.question.points])).toEqual([
      [2, 1000],
      [6, 0],
    ]);
  });

  it("reports a broken // quizdeck: comment and a syntax error without losing the other questions", () => {
    const r = parseGift("// quizdeck: {hint: nope}\nA? {T}\n\nB? {=x ~y} trailing {=z}\n\nC? {F}\n\nD? {=a ~b ~c\n");
    expect(r.questions.map((q) => q.line)).toEqual([6]);
    expect(r.problems.map((p) => [p.line, p.reason])).toEqual([
      [2, "Question 1 (line 2): the // quizdeck: comment on line 1 is not valid JSON"],
      [4, "Question 2 (line 4): has more than one answer part { … }"],
      [8, "Question 4 (line 8): the answer part is not closed with } (is the file cut off, or a } missing?)"],
    ]);
  });

  it("reports a syntax error inside a question with its exact line", () => {
    const r = parseGift("Fine? {T}\n\nBroken? {\n=a\n~%abc%b\n}\n");
    expect(r.questions).toHaveLength(1);
    expect(plain(r.problems)).toEqual([{ line: 3, reason: expect.stringMatching(/^Question 2 \(line 3\): could not be read as GIFT at line 5, column \d+: /) }]);
  });

  it("exports text that looks like GIFT syntax so that it reads back the same", () => {
    const quiz = quizInput.parse({
      title: "Tricky / text",
      category: "programming",
      questions: [
        { type: "single", prompt: "// not a comment: {braces} #hash ~tilde =eq \\ back", options: ["%d", "[html]<b>", "a->b"], correct: 2 },
        { type: "order", prompt: "Arrows", items: ["a -> b", "b -> c"], explanation: "Two\nlines" },
        { type: "number", prompt: "Tiny", answer: 1e-7, min: 0, max: 1e21, tolerance: 0 },
        { type: "text", prompt: "[markdown] literally", accepted: ["C#", "c sharp"], hint: "Microsoft" },
      ],
    });
    const back = parseGift(exportGift(quiz));
    expect(plain(back.problems)).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
    expect(back.quiz.title).toBe("Tricky / text");
  });

  it("exports inline math as Moodle's \\(…\\) and display math as $$…$$; the round trip keeps every formula", () => {
    const quiz = quizInput.parse({
      title: "Math",
      category: "science",
      questions: [
        {
          type: "single",
          prompt: "Which is $\\sqrt{16}$? It costs \\$5, not $x $.",
          options: ["$4$", "$2^{3}$", "`$code$`"],
          correct: 0,
          explanation: "Because $$\\int_0^1 x\\,dx = \\tfrac{1}{2}$$ and $a:b$.",
          optionFeedback: ["Yes: $2 \\cdot 2$", "", ""],
        },
        { type: "order", prompt: "Smallest first", items: ["$\\frac{1}{3}$", "$\\frac{1}{2}$"] },
        { type: "boolean", prompt: "Is $e^{i\\pi} = -1$?", correct: true, feedback: { right: "Euler: $e^{i\\pi}+1=0$", wrong: "See $$e^{i\\pi}$$" } },
        { type: "text", prompt: "Name $\\pi$", accepted: ["pi", "$\\pi$"] },
      ],
    });
    const gift = exportGift(quiz);
    // GIFT escapes its own characters inside the formula (\\ { } : ~ = #).
    expect(gift).toContain("Which is \\\\(\\\\sqrt\\{16\\}\\\\)? It costs \\\\$5, not $x $. {");
    expect(gift).toContain("=\\\\(4\\\\)#Yes\\: \\\\(2 \\\\cdot 2\\\\)");
    expect(gift).toContain("####Because $$\\\\int_0^1 x\\\\,dx \\= \\\\tfrac\\{1\\}\\{2\\}$$ and \\\\(a\\:b\\\\).");
    expect(gift).toContain("~`$code$`");
    // An accepted answer is compared with what a player types: left as it is.
    expect(gift).toContain("=$\\\\pi$");
    const back = parseGift(gift);
    expect(plain(back.problems)).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
  });

  it("writes order questions as a matching of items to positions and the rest as plain Moodle GIFT", () => {
    const quiz = quizInput.parse({
      title: "Export",
      category: "history",
      questions: [
        { type: "order", prompt: "Oldest first", items: ["Rome", "Paris"] },
        { type: "multiple", prompt: "Pick", options: ["a", "b", "c"], correct: [0, 2], points: 2000 },
      ],
    });
    const gift = exportGift(quiz);
    expect(gift).toContain("Oldest first {\n=Rome -> 1\n=Paris -> 2\n}");
    expect(gift).toContain('// quizdeck: {"points":2000}\nPick {\n~%50%a\n~%-100%b\n~%50%c\n}');
    expect(gift.startsWith('// quizdeck-quiz: {"title":"Export"')).toBe(true);
  });

  it("keeps per-answer feedback: an option's, and true/false's (first for a wrong answer, second for a right one)", () => {
    const r = parseGift(`Which star is closest to the Earth? {
=The Sun # right: 150 million km
~Proxima Centauri # close, but further
~Sirius
####The Sun is a star.
}

Pluto is a planet. {FALSE#It is a dwarf planet.#Right.}

Water boils at 100 °C at sea level. {TRUE#Check again.}

Pick the gas giants {~%50%Jupiter#Yes, the largest. ~%50%Saturn ~%-100%Mars#A rocky planet.}`);
    expect(plain(r.problems)).toEqual([]);
    expect(r.questions.map((q) => q.question)).toEqual([
      expect.objectContaining({
        type: "single",
        options: ["The Sun", "Proxima Centauri", "Sirius"],
        optionFeedback: ["right: 150 million km", "close, but further", ""],
        explanation: "The Sun is a star.",
      }),
      expect.objectContaining({ type: "boolean", correct: false, feedback: { wrong: "It is a dwarf planet.", right: "Right." } }),
      expect.objectContaining({ type: "boolean", correct: true, feedback: { wrong: "Check again." } }),
      expect.objectContaining({ type: "multiple", optionFeedback: ["Yes, the largest.", "", "A rocky planet."] }),
    ]);
  });

  it("a Moodle bank with feedback round-trips: parse → export → parse is equal", () => {
    const bank = `Closest star? {=Sun#yes ~Proxima Centauri # close, but further ~Sirius}

Pluto is a planet {FALSE#It is a dwarf planet.#Right.}

Mars is red. {T##Yes: iron oxide.}

Gas giants? {~%50%Jupiter#largest ~%50%Saturn ~%-100%Mars#rocky: see \\{this\\} \\#tag}`;
    const first = parseGift(bank);
    expect(plain(first.problems)).toEqual([]);
    expect(first.questions[2]!.question).toMatchObject({ type: "boolean", correct: true, feedback: { right: "Yes: iron oxide." } });
    const quiz = quizInput.parse({ ...first.quiz, questions: first.questions.map((q) => q.question) });
    const back = parseGift(exportGift(quiz));
    expect(plain(back.problems)).toEqual([]);
    expect(back.questions.map((q) => q.question)).toEqual(quiz.questions);
  });
});

describe("GIFT weights (partial credit)", () => {
  it("keeps Moodle's weights on a short answer: Nazereth 75 %, Bethlehem 25 %", () => {
    expect(one("Jesus Christ was from {=Nazareth =%75%Nazereth =%25%Bethlehem}.").question).toMatchObject({
      type: "text",
      accepted: ["Nazareth", "Nazereth", "Bethlehem"],
      acceptedWeights: [100, 75, 25],
    });
  });

  it("keeps a half-credit option of a single-choice question", () => {
    expect(one("Which? {=right ~%50%half credit answer ~wrong}").question).toMatchObject({
      type: "single",
      options: ["right", "half credit answer", "wrong"],
      correct: 0,
      optionWeights: [100, 50, 0],
    });
  });

  it("keeps a weighted number: {#=1822:0 =%50%1822:2}", () => {
    expect(one("When was Ulysses S. Grant born? {#=1822:0 =%50%1822:2}").question).toMatchObject({
      type: "number",
      answer: 1822,
      tolerance: 0,
      partial: [{ answer: 1822, tolerance: 2, weight: 50 }],
    });
  });

  it("writes the weights back and reads them again (round trip)", () => {
    const quiz = quizInput.parse({
      title: "Weights",
      category: "history",
      questions: [
        { type: "text", prompt: "Jesus Christ was from", accepted: ["Nazareth", "Nazereth", "Bethlehem"], acceptedWeights: [100, 75, 25] },
        { type: "single", prompt: "Which?", options: ["right", "half", "wrong"], correct: 0, optionWeights: [100, 50, 0] },
        { type: "number", prompt: "Grant born?", answer: 1822, min: 1700, max: 1900, partial: [{ answer: 1822, tolerance: 2, weight: 50 }] },
        { type: "number", prompt: "Jellybeans in the jar?", answer: 420, min: 0, max: 1000, tolerance: 10, scoring: "closest" },
        { type: "single", prompt: "Area $\\pi r^2$ of **which**?", options: ["$r=1$", "none"], correct: 0 },
      ],
    });
    const gift = exportGift(quiz);
    expect(gift).toContain("=%75%Nazereth");
    expect(gift).toContain("~%50%half");
    expect(gift).toContain("=%50%1822:2");
    const back = parseGift(gift);
    expect(plain(back.problems)).toEqual([]);
    expect(back.questions.map((q) => quizInput.shape.questions.element.parse(q.question))).toEqual(quiz.questions);
  });
});
