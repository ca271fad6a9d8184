import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { quizInput } from "@/core/quiz-schema";
import type { Db } from "../client";
import { quizzes, users } from "../schema";
import { insertQuiz } from "./quiz-writes";

/** Test helpers for the social, admin and profile queries: members and small quizzes. */
export async function makeUser(db: Db, opts: { handle?: string; role?: "member" | "admin"; email?: string } = {}) {
  const id = `u-${randomBytes(5).toString("hex")}`;
  const handle = opts.handle ?? id;
  await db.insert(users).values({ id, handle, name: `Name ${handle}`, email: opts.email ?? `${handle}@example.test`, role: opts.role ?? "member" });
  return { id, handle };
}

/** A quiz of `n` true-or-false questions whose answer is always true. */
export async function makeQuiz(
  db: Db,
  ownerId: string,
  opts: { slug?: string; status?: "draft" | "published"; visibility?: "public" | "unlisted" | "private"; questions?: number } = {},
) {
  const slug = opts.slug ?? `quiz-${randomBytes(4).toString("hex")}`;
  const input = quizInput.parse({
    title: `Quiz ${slug}`,
    category: "science",
    visibility: opts.visibility ?? "public",
    questions: Array.from({ length: opts.questions ?? 3 }, (_, i) => ({ type: "boolean", prompt: `Statement ${i + 1} is true`, correct: true })),
  });
  const id = await insertQuiz(db, ownerId, { ...input, slug }, { status: opts.status ?? "published" });
  return { id: id!, slug };
}

export async function quizRow(db: Db, id: string) {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id));
  return row!;
}
