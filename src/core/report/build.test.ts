import { describe, expect, it } from "vitest";
import type { QuestionData } from "../question";
import { answerText, buildReport, keyText, type ReportAnswerInput, type ReportInput } from "./build";
import { playersTable, questionsTable, reportCsv } from "./tables";

const Q: QuestionData[] = [
  { type: "single", options: [{ id: "a", text: "Paris" }, { id: "b", text: "Lyon" }, { id: "c", text: "Nice" }], correct: "a" },
  { type: "text", accepted: ["Madrid"] },
  { type: "multiple", options: [{ id: "x", text: "Red" }, { id: "y", text: "Blue" }, { id: "z", text: "Green" }], correct: ["x", "y"] },
  { type: "number", min: 0, max: 10, answer: 7, tolerance: 0 },
  { type: "boolean", correct: true },
  { type: "order", items: [{ id: "i1", text: "One" }, { id: "i2", text: "Two" }, { id: "i3", text: "Three" }] },
];

const ans = (playerId: string, questionIndex: number, answer: ReportAnswerInput["answer"], correct: boolean, timeMs: number, points = correct ? 100 : 0, share = correct ? 1 : 0): ReportAnswerInput => ({
  playerId,
  questionIndex,
  answer,
  correct,
  share,
  points,
  timeMs,
});

const input: ReportInput = {
  questions: Q.map((data, i) => ({ prompt: `Q${i + 1}`, data, imageUrl: i === 0 ? "/pic.png" : null, imageAlt: i === 0 ? "A map" : null })),
  players: [
    { id: "ana", nickname: "Ana", score: 500, firstQuestion: 0 },
    { id: "ben", nickname: "Ben", score: 200, firstQuestion: 0 },
    { id: "cy", nickname: "Cy", score: 100, firstQuestion: 0 },
    { id: "dee", nickname: "Dee", score: 300, firstQuestion: 3 },
  ],
  answers: [
    ans("ana", 0, "a", true, 2000),
    ans("ana", 1, "madrid ", true, 3000),
    ans("ana", 2, ["x", "y"], true, 4000),
    ans("ana", 3, 7, true, 1000),
    ans("ana", 4, true, true, 1000),
    ans("ana", 5, ["i1", "i2", "i3"], true, 2000),
    ans("ben", 0, "b", false, 1000),
    ans("ben", 0, "a", true, 1500), // a second answer to one question is ignored
    ans("ben", 1, "Barcelona", false, 5000),
    ans("ben", 2, ["x"], false, 2000, 50, 0.5),
    ans("ben", 3, 8, false, 3000),
    ans("ben", 4, false, false, 1000),
    ans("ben", 5, ["i2", "i1", "i3"], false, 1000),
    ans("cy", 0, "b", false, 3000),
    ans("cy", 1, "Madrid", true, 1000),
    ans("cy", 2, null, false, 20000),
    ans("dee", 1, "Madrid", true, 1000), // before Dee joined: not theirs
    ans("dee", 3, 7, true, 2000),
    ans("dee", 4, true, true, 2000),
    ans("dee", 5, ["i1", "i2", "i3"], true, 1000),
    ans("ghost", 0, "a", true, 1000), // nobody in the report
  ],
};

const r = buildReport(input);

describe("buildReport: questions", () => {
  it.each([
    // index, eligible, answered, correct, rate, averageMs, hard, mostChosenWrong
    [0, 3, 3, 1, 1 / 3, 2000, true, { answer: "Lyon", count: 2 }],
    [1, 3, 3, 2, 2 / 3, 3000, false, { answer: "Barcelona", count: 1 }],
    [2, 3, 2, 1, 1 / 3, 3000, true, null],
    [3, 4, 3, 2, 0.5, 2000, false, { answer: "8", count: 1 }],
    [4, 4, 3, 2, 0.5, 1333, false, { answer: "False", count: 1 }],
    [5, 4, 3, 2, 0.5, 1333, false, { answer: "Two → One → Three", count: 1 }],
  ])("question %i", (index, eligible, answered, correct, rate, averageMs, hard, wrong) => {
    const q = r.questions[index]!;
    expect({ eligible: q.eligible, answered: q.answered, correct: q.correctCount, averageMs: q.averageMs, hard: q.hard, wrong: q.mostChosenWrong }).toEqual({
      eligible,
      answered,
      correct,
      averageMs,
      hard,
      wrong,
    });
    expect(q.correctRate).toBeCloseTo(rate, 10);
  });

  it("counts a bar per option, true and false, and groups typed answers as grading compares them", () => {
    expect(r.questions[0]!.distribution).toEqual([
      { answer: "Paris", count: 1, correct: true },
      { answer: "Lyon", count: 2, correct: false },
      { answer: "Nice", count: 0, correct: false },
    ]);
    expect(r.questions[1]!.distribution).toEqual([
      { answer: "madrid", count: 2, correct: true },
      { answer: "Barcelona", count: 1, correct: false },
    ]);
    expect(r.questions[2]!.distribution).toEqual([
      { answer: "Red", count: 2, correct: true },
      { answer: "Blue", count: 1, correct: true },
      { answer: "Green", count: 0, correct: false },
    ]);
    expect(r.questions[4]!.distribution).toEqual([
      { answer: "True", count: 2, correct: true },
      { answer: "False", count: 1, correct: false },
    ]);
    expect(r.questions[5]!.distribution).toEqual([
      { answer: "One → Two → Three", count: 2, correct: true },
      { answer: "Two → One → Three", count: 1, correct: false },
    ]);
  });

  it("gives the key, the picture and its description", () => {
    expect(r.questions.map((q) => q.key)).toEqual(["Paris", "Madrid", "Red, Blue", "7", "True", "One → Two → Three"]);
    expect(r.questions[0]).toMatchObject({ prompt: "Q1", type: "single", imageUrl: "/pic.png", imageAlt: "A map" });
    expect(r.questions[1]).toMatchObject({ imageUrl: null, imageAlt: null });
  });
});

describe("buildReport: players", () => {
  it("ranks by score and fills each cell", () => {
    expect(r.players.map((p) => [p.rank, p.nickname, p.correctCount, p.answeredCount, p.unansweredCount, p.eligibleCount])).toEqual([
      [1, "Ana", 6, 6, 0, 6],
      [2, "Dee", 3, 3, 0, 3],
      [3, "Ben", 0, 6, 0, 6],
      [4, "Cy", 1, 2, 4, 6],
    ]);
    const ben = r.players[2]!;
    expect(ben.correctRate).toBeCloseTo(0.5 / 6, 10);
    expect(ben.answers[0]).toEqual({ questionIndex: 0, status: "answered", answer: "Lyon", correct: false, partial: false, timeMs: 1000, points: 0 });
    expect(ben.answers[2]).toEqual({ questionIndex: 2, status: "answered", answer: "Red", correct: false, partial: true, timeMs: 2000, points: 50 });
    const cy = r.players[3]!;
    expect(cy.answers.map((a) => a.status)).toEqual(["answered", "answered", "unanswered", "unanswered", "unanswered", "unanswered"]);
    expect(cy.answers[2]).toEqual({ questionIndex: 2, status: "unanswered", answer: null, correct: false, partial: false, timeMs: null, points: 0 });
    const dee = r.players[1]!;
    expect(dee.correctRate).toBe(1);
    expect(dee.answers.map((a) => a.status)).toEqual(["joined_late", "joined_late", "joined_late", "answered", "answered", "answered"]);
  });

  it("lists who needs attention, lowest first, with the questions most of the class got right first", () => {
    expect(r.needsAttention).toEqual([
      { playerId: "ben", nickname: "Ben", correctRate: 0.5 / 6, unansweredCount: 0, reasons: ["low_score"], weakest: [1, 3, 4] },
      { playerId: "cy", nickname: "Cy", correctRate: 1 / 6, unansweredCount: 4, reasons: ["low_score", "unanswered"], weakest: [3, 4, 5] },
    ]);
  });

  it("flags three unanswered even with a good score, and shares a rank on equal score and rights", () => {
    const data: QuestionData = { type: "boolean", correct: true };
    const rep = buildReport({
      questions: Array.from({ length: 8 }, (_, i) => ({ prompt: `P${i}`, data })),
      players: [
        { id: "p", nickname: "Pat", rosterName: "Patricia", score: 500, firstQuestion: 0 },
        { id: "q", nickname: "Quin", score: 500, firstQuestion: 0 },
      ],
      answers: [0, 1, 2, 3, 4].flatMap((i) => [ans("p", i, true, true, 1000), ans("q", i, true, true, 1000)]),
    });
    expect(rep.players.map((p) => [p.rank, p.nickname, p.rosterName])).toEqual([
      [1, "Pat", "Patricia"],
      [1, "Quin", undefined],
    ]);
    expect(rep.needsAttention.map((a) => [a.nickname, a.rosterName, a.reasons, a.weakest])).toEqual([
      ["Pat", "Patricia", ["unanswered"], [5, 6, 7]],
      ["Quin", undefined, ["unanswered"], [5, 6, 7]],
    ]);
  });

  it("handles a report with nobody in it", () => {
    const rep = buildReport({ questions: [{ prompt: "P", data: Q[0]! }], players: [], answers: [] });
    expect(rep.questions[0]).toMatchObject({ eligible: 0, correctRate: 0, averageMs: null, hard: false, mostChosenWrong: null });
    expect(rep.players).toEqual([]);
    expect(rep.needsAttention).toEqual([]);
  });
});

describe("answer and key text", () => {
  it.each([
    [Q[0]!, "c", "Nice"],
    [Q[0]!, "gone", "gone"],
    [Q[2]!, ["y", "x"], "Blue, Red"],
    [Q[5]!, ["i3", "i1", "i2"], "Three → One → Two"],
    [{ type: "number", min: 0, max: 100, answer: 5, tolerance: 1, unit: "kg" } as QuestionData, 4.5, "4.5 kg"],
    [Q[1]!, "  Rome ", "Rome"],
    [Q[1]!, "", null],
    [Q[4]!, false, "Falso"],
  ] as const)("%#", (data, answer, text) => {
    expect(answerText(data, answer as never, { true: "Verdadero", false: "Falso" })).toBe(text);
  });

  it("writes a number's tolerance and a typed question's every accepted answer", () => {
    expect(keyText({ type: "number", min: 0, max: 100, answer: 5, tolerance: 1, unit: "kg" })).toBe("5 kg ± 1");
    expect(keyText({ type: "text", accepted: ["Madrid", "MAD"] })).toBe("Madrid / MAD");
  });
});

describe("tables", () => {
  it("writes one row per player with an answer and a points column per question", () => {
    const t = playersTable(r);
    expect(t.header.slice(0, 10)).toEqual(["rank", "nickname", "roster_name", "score", "percent_right", "correct", "answered", "unanswered", "q1_answer", "q1_points"]);
    expect(t.header).toHaveLength(8 + 12);
    expect(t.rows[1]).toEqual([2, "Dee", null, 300, 100, 3, 3, 0, "(joined late)", null, "(joined late)", null, "(joined late)", null, "7", 100, "True", 100, "One → Two → Three", 100]);
    expect(t.rows[3]!.slice(0, 14)).toEqual([4, "Cy", null, 100, 16.7, 1, 2, 4, "Lyon", 0, "Madrid", 100, "(no answer)", 0]);
  });

  it("writes a row per question", () => {
    expect(questionsTable(r).rows[0]).toEqual([1, "Q1", "single", 33.3, 3, 3, 2, "Lyon", "yes", "Paris"]);
    expect(questionsTable(r).rows[2]).toEqual([3, "Q3", "multiple", 33.3, 2, 3, 3, null, "yes", "Red, Blue"]);
  });

  it("gives a slide no columns: it asked nothing", () => {
    const rep = buildReport({
      questions: [
        { prompt: "P", data: Q[4]! },
        { prompt: "Read", data: { type: "slide", text: "A pause." } },
        { prompt: "P2", data: Q[4]! },
      ],
      players: [{ id: "x", nickname: "Ana", score: 100, firstQuestion: 0 }],
      answers: [ans("x", 0, true, true, 10), ans("x", 2, false, false, 10)],
    });
    const t = playersTable(rep);
    expect(t.header.slice(8)).toEqual(["q1_answer", "q1_points", "q3_answer", "q3_points"]);
    expect(t.rows[0]!.slice(4)).toEqual([50, 1, 2, 0, "True", 100, "False", 0]);
  });

  it("keeps a nickname that looks like a formula from running in a spreadsheet", () => {
    const rep = buildReport({ questions: [{ prompt: "P", data: Q[1]! }], players: [{ id: "x", nickname: "=HYPERLINK(1)", score: 0, firstQuestion: 0 }], answers: [ans("x", 0, "+1", false, 10)] });
    expect(reportCsv(rep).split("\r\n")[1]).toBe("1,\"'=HYPERLINK(1)\",,0,0,0,1,0,\"'+1\",0");
  });
});
