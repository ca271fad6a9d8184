/**
 * bench:live --wordcloud, before the server starts: puts a published quiz of word-cloud questions
 * into the bench's fresh PGlite directory (the API imports drafts only, and a game plays a quiz's
 * published questions). Run with the server's conditions:
 *   node --conditions=react-server --import tsx bench/wordcloud-quiz.ts <dataDir> <questions>
 */
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { insertQuiz } from "../src/db/queries/quiz-writes";
import { users } from "../src/db/schema";
import { quizInput } from "../src/core/quiz-schema";

const WORDCLOUD_SLUG = "bench-word-clouds";

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !count) throw new Error("usage: wordcloud-quiz.ts <dataDir> <questions>");
const handle = await openDatabase({ kind: "pglite", dataDir });
try {
  await migrateDatabase(handle);
  const owner = { id: "bench-wordcloud", handle: "bench-wordcloud", name: "Bench", email: "bench-wordcloud@quizdeck.invalid" };
  await handle.db.insert(users).values(owner).onConflictDoNothing();
  const parsed = quizInput.parse({
    slug: WORDCLOUD_SLUG,
    title: "Bench word clouds",
    description: "Word-cloud questions for bench:live --wordcloud.",
    category: "science",
    difficulty: "easy",
    language: "en",
    visibility: "public",
    questions: Array.from({ length: Number(count) }, (_, i) => ({ type: "wordcloud", prompt: `Three words for topic ${i + 1}`, maxWords: 3, timeLimit: 60 })),
  });
  await insertQuiz(handle.db, owner.id, { ...parsed, slug: WORDCLOUD_SLUG }, { status: "published", skipIfSlugExists: true });
} finally {
  await handle.close();
}
