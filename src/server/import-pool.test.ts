import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ImportFormat } from "@/core/import";
import { hostileFiles } from "@/test/hostile-imports";
import { AppError } from "./errors";
import { IMPORT_MEMORY_LIMIT_MB, IMPORT_TIME_LIMIT_MS, ImportPool, tooLarge, tooSlow } from "./import-pool";

const fixture = path.resolve(import.meta.dirname, "import-pool.fixture.mjs");
const reasons = (r: { problems: { line: number; reason: string }[] }) => r.problems.map((p) => p.reason);
const job = (format: string, content = "") => ({ format: format as ImportFormat, content });

describe("ImportPool (a stand-in worker)", { timeout: 30_000 }, () => {
  // Lowered limits so the test is quick; the next describe keeps the defaults.
  const pool = new ImportPool({ workerFile: fixture, timeLimitMs: 1_000, memoryLimitMb: 64, queueMax: 2 });
  afterAll(() => pool.close());

  it("answers a parse that never ends with 'took too long', then reads the next file with a new worker", async () => {
    const stuck = pool.parse(job("loop"));
    const next = pool.parse(job("echo", "after"));
    expect(reasons(await stuck)).toEqual([tooSlow(1_000)]);
    expect(reasons(await next)).toEqual(["after"]);
  });

  it("answers a parse that runs out of memory with 'too large', and a worker that exits with a problem", async () => {
    // A time limit that filling 64 MB never reaches, even on a busy machine: this is about memory.
    const roomy = new ImportPool({ workerFile: fixture, timeLimitMs: 20_000, memoryLimitMb: 64 });
    try {
      expect(reasons(await roomy.parse(job("memory")))).toEqual([tooLarge(64)]);
      expect(reasons(await roomy.parse(job("exit")))).toEqual([expect.stringContaining("the reader stopped unexpectedly")]);
      expect(reasons(await roomy.parse(job("echo", "still here")))).toEqual(["still here"]);
    } finally {
      await roomy.close();
    }
  });

  it("reads one file at a time and says it is busy past the queue", async () => {
    const first = pool.parse(job("loop"));
    const queued = [pool.parse(job("echo", "1")), pool.parse(job("echo", "2"))];
    await expect(pool.parse(job("echo", "3"))).rejects.toBeInstanceOf(AppError);
    expect(reasons(await first)).toEqual([tooSlow(1_000)]);
    expect((await Promise.all(queued)).map(reasons)).toEqual([["1"], ["2"]]);
  });
});

describe("ImportPool (the real worker, default limits)", { timeout: 60_000 }, () => {
  const pool = new ImportPool();
  afterAll(() => pool.close());

  it("keeps the documented limits", () => {
    expect(IMPORT_TIME_LIMIT_MS).toBe(10_000);
    expect(IMPORT_MEMORY_LIMIT_MB).toBe(512);
  });

  it("reads a sample with the parsers of src/core/import", async () => {
    const gift = readFileSync(path.resolve(import.meta.dirname, "../../samples/import/moodle.gift"), "utf8");
    const r = await pool.parse({ format: "gift", content: gift, fileName: "moodle.gift" });
    expect(r.problems.filter((p) => !p.skipped)).toEqual([]);
    expect(r.questions.length).toBe(9);
  });

  // One test per file: each has the whole timeout (a file may use the worker's 10 s), and a failure names it.
  it.each(hostileFiles().map((f) => [f.name, f] as const))("answers a hostile file with problems, never an exception: %s", async (_, f) => {
    const r = await pool.parse({ format: f.format, content: await f.make(), fileName: f.fileName });
    expect(r.questions).toEqual([]);
    expect(r.problems.length).toBeGreaterThan(0);
    for (const p of r.problems) expect(Number.isInteger(p.line) && p.line >= 0 && p.reason.length > 0).toBe(true);
  });
});
