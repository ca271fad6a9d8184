import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { quizInput, type QuizInput } from "@/core/quiz-schema";
import type { Db } from "../client";
import { insertQuiz } from "../queries/quiz-writes";
import { users } from "../schema";

export const DEMO_USER = {
  id: "demo-quizdeck",
  handle: "quizdeck",
  name: "Quizdeck Team",
  email: "demo@quizdeck.invalid",
} as const;

const QUIZ_DIR = path.resolve(process.cwd(), "src/db/seed/quizzes");

/** Reads and validates the demo quizzes; a broken file fails loudly with its name and the rule. */
export function loadDemoQuizzes(dir = QUIZ_DIR): (QuizInput & { slug: string })[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = quizInput.safeParse(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
        throw new Error(`Demo quiz ${file} is invalid: ${problems}`);
      }
      return { ...parsed.data, slug: parsed.data.slug ?? file.replace(/\.json$/, "") };
    });
}

/**
 * Loads the demo account and quizzes that are missing. Safe to run on every start and from
 * several processes: a quiz whose slug exists already is left as it is.
 */
export async function seedDemoContent(db: Db): Promise<{ quizzes: number; questions: number }> {
  const demo = loadDemoQuizzes();
  await db.insert(users).values(DEMO_USER).onConflictDoNothing();
  let quizzes = 0;
  let questions = 0;
  for (const quiz of demo) {
    const created = await insertQuiz(db, DEMO_USER.id, quiz, { status: "published", skipIfSlugExists: true });
    if (created) {
      quizzes += 1;
      questions += quiz.questions.length;
    }
  }
  return { quizzes, questions };
}
