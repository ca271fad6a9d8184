import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizListQuery } from "@/core/quiz-list";
import type { DbHandle } from "../client";
import { seedDemoContent } from "../seed";
import { testBackends } from "../test-databases";
import { getPublicQuiz, listCategories, listQuizzes } from "./quizzes";

const list = (db: DbHandle["db"], params: Record<string, string>) => listQuizzes(db, quizListQuery.parse(params));

describe.each(testBackends)("quiz queries on $name", (backend) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await backend.open();
    await seedDemoContent(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists published public quizzes with their question counts and types", async () => {
    const { items, total } = await list(handle.db, { limit: "100" });
    expect(total).toBeGreaterThanOrEqual(12);
    expect(items).toHaveLength(total);
    const solar = items.find((i) => i.slug === "solar-system-basics");
    expect(solar?.questionCount).toBeGreaterThan(0);
    expect(solar?.questionTypes.length).toBeGreaterThan(0);
  });

  it("finds by words, by word prefix, across accents and despite typos", async () => {
    const slugs = async (q: string) => (await list(handle.db, { q })).items.map((i) => i.slug);
    expect(await slugs("solar system")).toContain("solar-system-basics");
    expect(await slugs("sola")).toContain("solar-system-basics");
    expect(await slugs("musica clasica")).toContain("musica-clasica");
    expect(await slugs("música")).toContain("musica-clasica");
    expect(await slugs("capitols")).toContain("world-capitals");
    expect(await slugs("javascrpt")).toContain("javascript-fundamentals");
    expect(await slugs("zzqqxx")).toEqual([]);
  });

  it("ranks the best match first", async () => {
    const { items } = await list(handle.db, { q: "olympic games" });
    expect(items[0]?.slug).toBe("olympic-games-history");
    // A typo close to a title beats one close to a tag elsewhere ("capitales" in a Spanish quiz).
    expect((await list(handle.db, { q: "capitols" })).items[0]?.slug).toBe("world-capitals");
  });

  it.each(["world", "history", "capitals", "food"])("puts quizzes with %s in the title before those with it elsewhere", async (word) => {
    const { items } = await list(handle.db, { q: word });
    const inTitle = items.map((i) => new RegExp(`\\b${word}`, "i").test(i.title));
    expect(inTitle.some(Boolean)).toBe(true);
    // Once a result without the word in its title appears, no titled one follows it.
    expect(inTitle.slice(inTitle.indexOf(false) >>> 0)).not.toContain(true);
  });

  it("filters by category, difficulty, language, question type and length", async () => {
    const geo = await list(handle.db, { category: "geography", limit: "100" });
    expect(geo.items.length).toBeGreaterThan(0);
    expect(geo.items.every((i) => i.category === "geography")).toBe(true);
    const es = await list(handle.db, { language: "es", limit: "100" });
    expect(es.items.map((i) => i.slug)).toContain("musica-clasica");
    expect(es.items.every((i) => i.language === "es")).toBe(true);
    const easy = await list(handle.db, { difficulty: "easy", limit: "100" });
    expect(easy.items.every((i) => i.difficulty === "easy")).toBe(true);
    const order = await list(handle.db, { type: "order", limit: "100" });
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.items.every((i) => i.questionTypes.includes("order"))).toBe(true);
    const short = await list(handle.db, { maxQuestions: "12", limit: "100" });
    expect(short.items.every((i) => i.questionCount <= 12)).toBe(true);
  });

  it("pages with a stable total, also past the end", async () => {
    const all = await list(handle.db, { limit: "100", sort: "new" });
    const p1 = await list(handle.db, { limit: "5", page: "1", sort: "new" });
    const p2 = await list(handle.db, { limit: "5", page: "2", sort: "new" });
    expect(p1.total).toBe(all.total);
    expect([...p1.items, ...p2.items].map((i) => i.slug)).toEqual(all.items.slice(0, 10).map((i) => i.slug));
    const past = await list(handle.db, { limit: "5", page: "999" });
    expect(past).toEqual({ items: [], total: all.total });
  });

  it("counts categories", async () => {
    const cats = await listCategories(handle.db);
    expect(cats.length).toBeGreaterThanOrEqual(8);
    expect(cats.reduce((s, c) => s + c.count, 0)).toBe((await list(handle.db, { limit: "100" })).total);
  });

  it("reads a quiz without any answer key", async () => {
    const quiz = await getPublicQuiz(handle.db, "solar-system-basics");
    expect(quiz).not.toBeNull();
    const json = JSON.stringify(quiz);
    for (const key of ['"correct"', '"accepted"', '"answer"', '"tolerance"']) expect(json).not.toContain(key);
    expect(await getPublicQuiz(handle.db, "no-such-quiz")).toBeNull();
  });
});
