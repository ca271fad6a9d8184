import "server-only";
import { randomBytes } from "node:crypto";
import { toQuestionData, type QuizInput } from "@/core/quiz-schema";
import type { Db } from "../client";
import { questions, quizzes } from "../schema";

const choiceId = () => randomBytes(6).toString("base64url");

/**
 * Creates a quiz with its questions in one transaction. Returns the new quiz's id, or null when
 * `skipIfSlugExists` is set and the slug is taken.
 */
export async function insertQuiz(
  db: Db,
  ownerId: string,
  input: QuizInput & { slug: string },
  opts: { status: "draft" | "published"; skipIfSlugExists?: boolean },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const insert = tx.insert(quizzes).values({
      slug: input.slug,
      ownerId,
      title: input.title,
      description: input.description,
      category: input.category,
      difficulty: input.difficulty,
      language: input.language,
      tags: input.tags,
      visibility: input.visibility,
      status: opts.status,
      speedBonus: input.speedBonus,
      streakBonus: input.streakBonus,
      timeLimit: input.timeLimit,
      source: input.source,
      licence: input.licence,
      publishedAt: opts.status === "published" ? new Date() : null,
    });
    const [row] = await (opts.skipIfSlugExists ? insert.onConflictDoNothing({ target: quizzes.slug }) : insert).returning({
      id: quizzes.id,
    });
    if (!row) return null;
    if (input.questions.length > 0) {
      await tx.insert(questions).values(
        input.questions.map((q, position) => ({
          quizId: row.id,
          position,
          type: q.type,
          prompt: q.prompt,
          data: toQuestionData(q, choiceId),
          explanation: q.explanation,
          hint: q.hint ?? null,
          timeLimit: q.timeLimit ?? null,
          points: q.points,
          imageUrl: q.imageUrl ?? null,
          imageAlt: (q.imageUrl && q.imageAlt) || null,
          audioUrl: q.audioUrl ?? null,
        })),
      );
    }
    return row.id;
  });
}
