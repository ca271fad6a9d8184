/**
 * npm run bench:study — study mode's queries for one member with 50,000 cards (100 decks of 500)
 * and 100,000 past reviews, on PGlite and on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL: a fresh database is made). Measures, in this process and straight against
 * the database layer: the study page's queue of one deck, the API's due list, the dashboard's
 * stats, and recording a review (one transaction).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, type Db, type DbConfig } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { deckQueue, listDue, recordReview, studyStats } from "@/db/queries/study";
import { freshPostgres, machine, percentile } from "./server";

const DECKS = Number(process.env.BENCH_DECKS ?? 100);
const PER_DECK = Number(process.env.BENCH_PER_DECK ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const USER = "bench-member";

async function seed(db: Db) {
  await db.execute(sql`insert into users (id, handle, name, email) values (${USER}, 'bench', 'Bench', 'bench@example.test')`);
  await db.execute(sql`
    insert into quizzes (slug, owner_id, title, category, status)
    select 'bench-' || d, ${USER}, 'Bench deck ' || d, 'science', 'published' from generate_series(1, ${DECKS}) d`);
  await db.execute(sql`
    insert into questions (quiz_id, position, type, prompt, data)
    select q.id, p, 'boolean', q.title || ' statement ' || p, '{"type":"boolean","correct":true}'::jsonb
    from quizzes q, generate_series(0, ${PER_DECK - 1}) p where q.slug like 'bench-%'`);
  // Every question is a card: due spread from 60 days ago to 300 days ahead, mostly in review.
  await db.execute(sql`
    insert into cards (user_id, question_id, quiz_id, due, stability, difficulty, scheduled_days, reps, state, last_review)
    select ${USER}, q.id, q.quiz_id,
           now() + ((hashtext(q.id::text) % 360) - 60) * interval '1 day',
           10, 5, 10, 3,
           (case when hashtext(q.id::text) % 50 = 0 then 'learning' else 'review' end)::card_state,
           now() - interval '10 days'
    from questions q join quizzes z on z.id = q.quiz_id where z.slug like 'bench-%'`);
  await db.execute(sql`
    insert into review_logs (card_id, user_id, client_review_id, grade, state, due, stability, difficulty, elapsed_days, scheduled_days, reviewed_at)
    select c.id, ${USER}, 'seed-' || c.id || '-' || k, 3, 'review', now(), 10, 5, 10, 10,
           now() - ((hashtext(c.id::text || k) % 365 + 365) % 365) * interval '1 day'
    from cards c, generate_series(1, 2) k where c.user_id = ${USER}`);
  await db.execute(sql`analyze`);
}

async function time(runs: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(-1 - i); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const rows: string[] = [];
async function bench(name: string, config: DbConfig) {
  const handle = await openDatabase(config);
  try {
    await migrateDatabase(handle);
    const t0 = performance.now();
    await seed(handle.db);
    console.log(`${name}: seeded ${DECKS * PER_DECK} cards and ${DECKS * PER_DECK * 2} reviews in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const db = handle.db;
    const decks = (await db.execute(sql`select id from quizzes where slug like 'bench-%' order by slug`)) as unknown as { rows: { id: string }[] };
    const deckIds = decks.rows.map((r) => r.id);
    const questionIds = ((await db.execute(sql`select question_id from cards where user_id = ${USER} limit ${RUNS + 10}`)) as unknown as { rows: { question_id: string }[] }).rows.map((r) => r.question_id);
    const now = new Date();
    const report = (what: string, r: { p50: number; p95: number }) => {
      rows.push(`| ${name} | ${what} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
      console.log(rows.at(-1));
    };
    report("study page queue of one deck (deckQueue)", await time(RUNS, (i) => deckQueue(db, deckIds[Math.abs(i) % deckIds.length]!, USER, now)));
    report("API due list, 50 of all decks (listDue)", await time(RUNS, () => listDue(db, USER, now, 50)));
    report("dashboard stats (studyStats)", await time(Math.max(10, RUNS / 10), () => studyStats(db, USER, now)));
    report(
      "record a review (recordReview, one transaction)",
      await time(RUNS, (i) =>
        recordReview(db, { userId: USER, questionId: questionIds[Math.abs(i) % questionIds.length]!, rating: "good", clientReviewId: `bench-${i}-${Math.random()}`, durationMs: 3000, now }),
      ),
    );
    if (config.kind === "postgres") {
      // The database's own execution time of the study page's two queue reads (no client queueing).
      const plan = async (what: string, query: ReturnType<typeof sql>) => {
        const res = (await db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as { rows: { "QUERY PLAN": unknown }[] };
        const json = res.rows[0]!["QUERY PLAN"];
        const top = (typeof json === "string" ? JSON.parse(json) : json) as { "Execution Time": number; Plan: unknown }[];
        const indexes = [...JSON.stringify(top[0]!.Plan).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]);
        console.log(`${name}: ${what}: executes in ${top[0]!["Execution Time"].toFixed(2)} ms, indexes ${[...new Set(indexes)].join(", ")}`);
      };
      const deck = deckIds[0]!;
      await plan(
        "due cards of one deck",
        sql`select c.*, q.* from cards c join questions q on q.id = c.question_id
            where c.user_id = ${USER} and c.quiz_id = ${deck} and c.due <= now() + interval '20 minutes' order by c.due limit 100`,
      );
      await plan(
        "new cards of one deck",
        sql`select q.* from questions q left join cards c on c.question_id = q.id and c.user_id = ${USER} and c.quiz_id = ${deck}
            where q.quiz_id = ${deck} and c.id is null order by q.position limit 20`,
      );
    }
  } finally {
    await handle.close();
  }
}

console.log(`Machine: ${machine()}`);
console.log(`${DECKS} decks × ${PER_DECK} cards for one member; ${RUNS} runs each (stats: ${Math.max(10, RUNS / 10)})\n`);
console.log("| database | query | p50 ms | p95 ms |\n| --- | --- | --- | --- |");
if (process.env.BENCH_ONLY !== "postgres") await bench("PGlite", { kind: "pglite", dataDir: "memory://" });
const pgdb = await freshPostgres("quizdeck_bench_study");
if (pgdb) {
  try {
    await bench("PostgreSQL", { kind: "postgres", url: pgdb.url, poolMax: 5 });
  } finally {
    await pgdb.drop();
  }
} else console.log("(no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL skipped)");
console.log("\n" + rows.join("\n"));
