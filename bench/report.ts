/**
 * npm run bench:report — the teacher's report (docs/rules.md §12) of a 2,000-player,
 * 30-question live game: building it from the game's questions, players and answers (core's
 * buildReport, targets ≤ 500 ms) and writing its .xlsx with ExcelJS (≤ 3 s). In this process,
 * no database: what the route does after loading the rows. Each is run BENCH_RUNS times (default
 * 5) after one warm-up; the median and the slowest are printed.
 */
import { performance } from "node:perf_hooks";
import { buildReport, type ReportAnswerInput, type ReportInput } from "@/core/report/build";
import type { QuestionData } from "@/core/question";
import { reportCsv } from "@/core/report/tables";
import { reportXlsx } from "@/server/report-files";
import { machine, percentile } from "./server";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** A deterministic generator, so every run builds the same game. */
function seeded(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}

function game(): ReportInput {
  const rand = seeded(42);
  const types: QuestionData[] = [
    { type: "single", options: ["A", "B", "C", "D"].map((t, i) => ({ id: `o${i}`, text: `Option ${t}` })), correct: "o1" },
    { type: "multiple", options: ["A", "B", "C", "D"].map((t, i) => ({ id: `o${i}`, text: `Option ${t}` })), correct: ["o0", "o2"] },
    { type: "boolean", correct: true },
    { type: "text", accepted: ["barometer"] },
    { type: "order", items: ["One", "Two", "Three", "Four"].map((t, i) => ({ id: `i${i}`, text: t })) },
    { type: "number", min: 0, max: 100, answer: 8, tolerance: 0 },
  ];
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({ prompt: `Question ${i + 1} of the benchmark game?`, data: types[i % types.length]! }));
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    id: `p${i}`,
    nickname: `Player ${i}`,
    score: 0,
    firstQuestion: i % 50 === 0 ? Math.floor(rand() * QUESTIONS) : 0,
  }));
  const answers: ReportAnswerInput[] = [];
  for (const p of players) {
    for (let q = p.firstQuestion; q < QUESTIONS; q++) {
      if (rand() < 0.05) continue; // no answer
      const data = questions[q]!.data;
      const right = rand() < 0.6;
      const answer =
        data.type === "single" ? (right ? "o1" : `o${Math.floor(rand() * 4)}`)
        : data.type === "multiple" ? (right ? ["o0", "o2"] : ["o1"])
        : data.type === "boolean" ? right
        : data.type === "text" ? (right ? "barometer" : ["thermometer", "hygrometer", "Barometre", "clock"][Math.floor(rand() * 4)]!)
        : data.type === "order" ? (right ? ["i0", "i1", "i2", "i3"] : ["i1", "i0", "i2", "i3"])
        : right ? 8 : Math.floor(rand() * 20);
      const points = right ? 500 + Math.floor(rand() * 500) : 0;
      p.score += points;
      answers.push({ playerId: p.id, questionIndex: q, answer, correct: right, share: right ? 1 : 0, points, timeMs: Math.floor(rand() * 20_000) });
    }
  }
  return { questions, players, answers };
}

async function time<T>(label: string, run: () => T | Promise<T>): Promise<{ label: string; median: number; max: number; last: T }> {
  let last = await run(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { label, median: percentile(ms, 50), max: ms[ms.length - 1]!, last };
}

const input = game();
console.log(`bench:report — ${PLAYERS} players × ${QUESTIONS} questions, ${input.answers.length} answers; ${RUNS} runs after a warm-up`);
console.log(`machine: ${machine()}`);
const built = await time("build the report", () => buildReport(input));
const csv = await time("write the CSV", () => reportCsv(built.last));
const xlsx = await time("write the .xlsx", () => reportXlsx(built.last, "Benchmark game"));
for (const r of [built, csv, xlsx]) console.log(`${r.label.padEnd(18)} median ${r.median.toFixed(0).padStart(5)} ms   max ${r.max.toFixed(0).padStart(5)} ms`);
console.log(`CSV ${(csv.last.length / 1024).toFixed(0)} KiB, .xlsx ${(xlsx.last.length / 1024).toFixed(0)} KiB`);
