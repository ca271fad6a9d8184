import { describe, expect, it } from "vitest";
import { resultsCsv, resultsFileName } from "./results";
import type { ChallengeAttempt } from "./rules";

const row = (over: Partial<ChallengeAttempt>): ChallengeAttempt => ({
  attemptId: "00000000-0000-4000-8000-000000000001",
  nickname: "Ada",
  handle: "ada",
  status: "finished",
  score: 2450,
  correctCount: 3,
  questionCount: 4,
  startedAt: new Date("2026-05-01T10:00:00.000Z"),
  finishedAt: new Date("2026-05-01T10:01:30.400Z"),
  durationMs: 90_400,
  ...over,
});

describe("a challenge's results as CSV", () => {
  it("has a header and a row an attempt, CRLF line ends", () => {
    expect(resultsCsv([row({})]).split("\r\n")).toEqual([
      "nickname,member,status,score,correct,questions,started_at,finished_at,duration_seconds",
      "Ada,ada,finished,2450,3,4,2026-05-01T10:00:00.000Z,2026-05-01T10:01:30.400Z,90",
      "",
    ]);
  });

  it.each([
    ["a guest reads as guest", row({ handle: null, nickname: "Bo" }), "Bo,guest,finished,2450,3,4,2026-05-01T10:00:00.000Z,2026-05-01T10:01:30.400Z,90"],
    ["an attempt under way has no finish", row({ status: "in_progress", finishedAt: null, durationMs: null, score: 0, correctCount: 0 }), "Ada,ada,in_progress,0,0,4,2026-05-01T10:00:00.000Z,,"],
    ["an abandoned one says so", row({ status: "abandoned", finishedAt: null, durationMs: null }), "Ada,ada,abandoned,2450,3,4,2026-05-01T10:00:00.000Z,,"],
    ["a nickname with a comma is quoted", row({ nickname: "Smith, Jo" }), '"Smith, Jo",ada,finished,2450,3,4,2026-05-01T10:00:00.000Z,2026-05-01T10:01:30.400Z,90'],
    ["a nickname like a formula is defused", row({ nickname: "=1+1" }), "\"'=1+1\",ada,finished,2450,3,4,2026-05-01T10:00:00.000Z,2026-05-01T10:01:30.400Z,90"],
    ["seconds are rounded", row({ durationMs: 1_499 }), "Ada,ada,finished,2450,3,4,2026-05-01T10:00:00.000Z,2026-05-01T10:01:30.400Z,1"],
  ])("%s", (_, attempt, line) => {
    expect(resultsCsv([attempt]).split("\r\n")[1]).toBe(line);
  });

  it("keeps the order it is given", () => {
    const lines = resultsCsv([row({ nickname: "B" }), row({ nickname: "A" })]).split("\r\n");
    expect(lines.slice(1, 3).map((l) => l.split(",")[0])).toEqual(["B", "A"]);
  });

  it("is only the header when nobody played", () => {
    expect(resultsCsv([])).toBe("nickname,member,status,score,correct,questions,started_at,finished_at,duration_seconds\r\n");
  });

  it("is named after the code and the day", () => {
    expect(resultsFileName("7K3MQ9TZ", new Date("2026-05-09T23:59:00Z"))).toBe("quizdeck-challenge-7K3MQ9TZ-2026-05-09.csv");
  });
});
