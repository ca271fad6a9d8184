import { describe, expect, it } from "vitest";
import { correctAnswerOf, gradeAnswer, parseAnswer } from "../grading";
import { isGraded, pollCounts, takesAnswer, toPublicData, type QuestionType } from "../question";
import { questionInput, toQuestionData } from "../quiz-schema";
import { applyAnswer, isLate, reviewItemOf, type AttemptState, type QuestionRecord } from "./attempt";
import { attemptView } from "./flow";

/** Polls and slides in solo play (docs/rules.md §5): no right answer, no points, no clock on a slide. */
const T0 = new Date(Date.UTC(2026, 0, 1));
const at = (ms: number) => new Date(T0.getTime() + ms);
const quiz = { speedBonus: true, streakBonus: true, timeLimit: 20 };
const base = { prompt: "Q", points: 0, timeLimit: null, imageUrl: null, imageAlt: null, hint: null, explanation: "" };
const poll: QuestionRecord = { ...base, id: "qp", type: "poll", data: { type: "poll", options: [{ id: "a", text: "Tea" }, { id: "b", text: "Coffee" }] } };
const slide: QuestionRecord = { ...base, id: "qs", type: "slide", data: { type: "slide", text: "Read me." } };
const attempt = (over: Partial<AttemptState> = {}): AttemptState => ({
  id: "att",
  userId: null,
  guestId: "g1",
  status: "in_progress",
  questionCount: 3,
  currentPosition: 0,
  score: 2500,
  correctCount: 2,
  streak: 2,
  bestStreak: 2,
  hintsUsed: 0,
  currentHintUsed: false,
  questionStartedAt: T0,
  startedAt: T0,
  updatedAt: T0,
  ...over,
});

describe("which types have a right answer", () => {
  it.each<[QuestionType, boolean, boolean]>([
    ["single", true, true],
    ["multiple", true, true],
    ["boolean", true, true],
    ["text", true, true],
    ["order", true, true],
    ["number", true, true],
    ["poll", false, true],
    ["slide", false, false],
    ["wordcloud", false, true],
  ])("%s: graded %s, takes an answer %s", (type, graded, answers) => {
    expect(isGraded(type)).toBe(graded);
    expect(takesAnswer(type)).toBe(answers);
  });
});

describe("grading polls and slides", () => {
  it.each([
    ["a poll's option id", "poll", "a", "a"],
    ["a list for a poll", "poll", ["a"], null],
    ["true for a poll", "poll", true, null],
    ["anything for a slide", "slide", "a", null],
    ["null for a slide", "slide", null, null],
  ] as const)("parses %s", (_, type, answer, parsed) => {
    expect(parseAnswer(type, answer)).toEqual(parsed);
  });

  it("never grades a vote right, and reveals no key", () => {
    expect(gradeAnswer(poll.data, "a")).toEqual({ correct: false, share: 0 });
    expect(correctAnswerOf(poll.data)).toBe("");
    expect(correctAnswerOf(slide.data)).toBe("");
  });

  it("shows a slide's text and a poll's options before answering", () => {
    expect(toPublicData(slide.data, "s")).toEqual({ type: "slide", text: "Read me." });
    expect(toPublicData(poll.data, "s")).toEqual({ type: "poll", options: poll.data.type === "poll" ? poll.data.options : [] });
  });

  it("counts votes per option, stored and new, ignoring answers that name no option", () => {
    const options = poll.data.type === "poll" ? poll.data.options : [];
    expect(pollCounts(options, ["a", "b", "b", "zzz", 3], new Map([["a", 4]]))).toEqual([
      { id: "a", text: "Tea", count: 5 },
      { id: "b", text: "Coffee", count: 2 },
    ]);
  });
});

describe("authoring polls and slides", () => {
  it.each([
    ["a poll", { type: "poll", prompt: "Best?", options: ["Tea", "Coffee"] }, true],
    ["a poll with one option", { type: "poll", prompt: "Best?", options: ["Tea"] }, false],
    ["a poll with seven options", { type: "poll", prompt: "Best?", options: ["1", "2", "3", "4", "5", "6", "7"] }, false],
    ["a poll with the same option twice", { type: "poll", prompt: "Best?", options: ["Tea", "tea"] }, false],
    ["a slide", { type: "slide", prompt: "Break", text: "Stretch." }, true],
    ["a slide with no text", { type: "slide", prompt: "Break" }, true],
    ["a slide with no title", { type: "slide", prompt: "", text: "Stretch." }, false],
  ])("%s is valid: %s", (_, input, valid) => {
    expect(questionInput.safeParse(input).success).toBe(valid);
  });

  it("reads any points given to a poll or a slide as 0", () => {
    const parsed = questionInput.parse({ type: "poll", prompt: "Best?", options: ["Tea", "Coffee"], points: 2000 });
    expect(parsed.points).toBe(0);
    let n = 0;
    expect(toQuestionData(parsed, () => `id${n++}`)).toEqual({ type: "poll", options: [{ id: "id0", text: "Tea" }, { id: "id1", text: "Coffee" }] });
  });
});

describe("solo play of polls and slides", () => {
  it.each([
    ["a vote", poll, "b"],
    ["no vote", poll, null],
    ["a slide's Continue", slide, null],
  ] as const)("%s scores nothing and keeps the streak and the count of right answers", (_, q, answer) => {
    const step = applyAnswer(attempt(), quiz, q, answer, at(3000));
    expect(step.record).toMatchObject({ points: 0, correct: false });
    expect(step.patch).toMatchObject({ score: 2500, correctCount: 2, streak: 2, bestStreak: 2 });
    expect(step.feedback).toMatchObject({ graded: false, points: 0, score: 2500 });
  });

  it("never times out a slide, and gives it no deadline", () => {
    expect(isLate(T0, slide, quiz, at(3_600_000))).toBe(false);
    expect(isLate(T0, poll, quiz, at(3_600_000))).toBe(true);
    const stored = { ...attempt(), quizId: "z", challengeId: null, nickname: "N" };
    const playQuiz = { ...quiz, id: "z", slug: "z", title: "Z", language: "en" };
    expect(attemptView(stored, playQuiz, slide, at(1000), true, null).view.deadline).toBeNull();
    expect(attemptView(stored, playQuiz, poll, at(1000), true, null).view.deadline).not.toBeNull();
  });

  it("reviews a vote by its option, neither right nor wrong", () => {
    expect(reviewItemOf(poll, 1, { answer: "b", correct: false, points: 0, timeMs: 1000, hintUsed: false })).toMatchObject({
      graded: false,
      choices: [{ id: "a", text: "Tea" }, { id: "b", text: "Coffee" }],
      answer: "b",
    });
  });
});
