import { describe, expect, it } from "vitest";
import type { QuestionData } from "../question";
import { challengeReportInput, type ChallengeRows } from "./sources";

const multiple: QuestionData = { type: "multiple", options: [{ id: "a", text: "A" }, { id: "b", text: "B" }, { id: "c", text: "C" }], correct: ["a", "b"] };
const yes: QuestionData = { type: "boolean", correct: true };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 12) + ms);

const rows: ChallengeRows = {
  questions: [
    { id: "q1", prompt: "Pick", data: multiple, imageUrl: null, imageAlt: null },
    { id: "q2", prompt: "Yes?", data: yes, imageUrl: "/p.png", imageAlt: "A picture" },
  ],
  attempts: [
    { id: "ada-1", nickname: "Ada", player: "g:ada", score: 500, durationMs: 9000, finishedAt: at(1) },
    { id: "ada-2", nickname: "Ada 2", player: "g:ada", score: 900, durationMs: 20000, finishedAt: at(2) },
    // Two attempts of 0 points: the one ended at once (nothing answered, 0:00) is not the best.
    { id: "bo-1", nickname: "Bo", player: "u:bo", score: 0, durationMs: 30000, finishedAt: at(3) },
    { id: "bo-2", nickname: "Bo quit", player: "u:bo", score: 0, durationMs: 0, finishedAt: at(4) },
  ],
  answers: [
    { attemptId: "ada-1", questionId: "q1", answer: ["a"], correct: false, points: 250, timeMs: 4000 },
    { attemptId: "ada-1", questionId: "q2", answer: true, correct: true, points: 250, timeMs: 5000 },
    { attemptId: "ada-2", questionId: "q1", answer: ["a", "b"], correct: true, points: 500, timeMs: 8000 },
    { attemptId: "ada-2", questionId: "q2", answer: true, correct: true, points: 400, timeMs: 9000 },
    { attemptId: "bo-1", questionId: "q1", answer: ["c"], correct: false, points: 0, timeMs: 10000 },
    { attemptId: "bo-1", questionId: "q2", answer: false, correct: false, points: 0, timeMs: 20000 },
    { attemptId: "bo-2", questionId: "q1", answer: null, correct: false, points: 0, timeMs: 0 },
    { attemptId: "bo-2", questionId: "q2", answer: null, correct: false, points: 0, timeMs: 0 },
    { attemptId: "gone", questionId: "q1", answer: ["a"], correct: false, points: 0, timeMs: 1 },
  ],
};

describe("challengeReportInput", () => {
  const input = challengeReportInput(rows);

  it("keeps each player's best finished attempt, by the leaderboard's order", () => {
    expect(input.players).toEqual([
      { id: "ada-2", nickname: "Ada 2", score: 900, firstQuestion: 0 },
      { id: "bo-1", nickname: "Bo", score: 0, firstQuestion: 0 },
    ]);
  });

  it("gives their answers by question index, with a partly right share graded again", () => {
    expect(input.answers.map((a) => [a.playerId, a.questionIndex, a.answer, a.share])).toEqual([
      ["ada-2", 0, ["a", "b"], 1],
      ["ada-2", 1, true, 1],
      ["bo-1", 0, ["c"], 0],
      ["bo-1", 1, false, 0],
    ]);
    const partly = challengeReportInput({ ...rows, attempts: [rows.attempts[0]!] });
    expect(partly.answers[0]).toMatchObject({ answer: ["a"], correct: false, share: 0.5 });
  });

  it("keeps the questions in order with their pictures", () => {
    expect(input.questions.map((q) => [q.prompt, q.imageUrl, q.imageAlt])).toEqual([
      ["Pick", null, null],
      ["Yes?", "/p.png", "A picture"],
    ]);
  });
});
