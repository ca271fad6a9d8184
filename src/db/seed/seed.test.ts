import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizInput } from "@/core/quiz-schema";
import { queryRows, type DbHandle } from "../client";
import { testBackends } from "../test-databases";
import { loadDemoQuizzes, seedDemoContent } from ".";

describe("demo content files", () => {
  const quizzes = loadDemoQuizzes();
  const questions = quizzes.flatMap((q) => q.questions);

  it("has at least 12 quizzes, 150 questions and 8 categories", () => {
    expect(quizzes.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(new Set(quizzes.map((q) => q.category)).size).toBeGreaterThanOrEqual(8);
  });

  it("covers all six question types, explains every question and hints most", () => {
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(["single", "multiple", "boolean", "text", "order", "number"]));
    expect(questions.every((q) => q.explanation.length > 0)).toBe(true);
    expect(questions.filter((q) => q.hint).length / questions.length).toBeGreaterThan(0.5);
  });

  it("passes the publishing rules of docs/rules.md §5", () => {
    for (const quiz of quizzes) expect(quizInput.safeParse(quiz).success, quiz.slug).toBe(true);
  });
});

describe.each(testBackends)("seeding on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("loads everything once and is idempotent", async () => {
    const expected = loadDemoQuizzes();
    const first = await seedDemoContent(handle.db);
    expect(first.quizzes).toBe(expected.length);
    const second = await seedDemoContent(handle.db);
    expect(second).toEqual({ quizzes: 0, questions: 0 });
    const counts = await queryRows(
      handle.db,
      sql`select (select count(*)::int from quizzes) as quizzes, (select count(*)::int from questions) as questions`,
    );
    expect(counts[0]).toEqual({ quizzes: expected.length, questions: expected.flatMap((q) => q.questions).length });
  });
});
