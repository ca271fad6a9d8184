import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { questionInput } from "../quiz-schema";
import { parseAiken } from "./aiken";
import type { ImportResult } from "./common";
import { parseCsv } from "./csv";
import { parseGift } from "./gift";
import { parseQuizdeckJson } from "./json";
import { parseKahoot } from "./kahoot";
import { parseOpenTdb } from "./opentdb";

/**
 * Every import parser, called directly (not through parseImport, which would turn an exception
 * into a problem), on random text and on the samples mutated: no exception escapes, and the
 * result is questions that pass the authoring schema and problems that each have a line and a
 * reason. fast-check prints the seed and the shrunk input of any failure; rerun it with
 * `fc.assert(…, { seed, path })`.
 */
const samples = path.resolve(import.meta.dirname, "../../../samples/import");
const read = (name: string) => readFileSync(path.join(samples, name));
const byExtension = (test: (name: string) => boolean) => readdirSync(samples).filter(test);

function wellFormed(r: ImportResult): void {
  expect(Array.isArray(r.questions) && Array.isArray(r.problems)).toBe(true);
  expect(r.questions.length + r.problems.length).toBeGreaterThanOrEqual(0);
  for (const q of r.questions) {
    expect(Number.isInteger(q.line) && q.line >= 1).toBe(true);
    expect(questionInput.safeParse(q.question).success).toBe(true);
  }
  for (const p of r.problems) {
    expect(Number.isInteger(p.line) && p.line >= 0).toBe(true);
    expect(typeof p.reason === "string" && p.reason.length > 0 && p.reason.length <= 400).toBe(true);
  }
  expect(typeof r.quiz.title).toBe("string");
}

/** One edit of a text: insert, delete, duplicate or replace a stretch. */
const edit = (alphabet: string[]) =>
  fc.tuple(fc.nat(), fc.nat({ max: 40 }), fc.constantFrom("insert", "delete", "duplicate", "replace"), fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }));

function mutate(text: string, edits: [number, number, string, string[]][]): string {
  let s = text;
  for (const [at, length, kind, chars] of edits) {
    const i = s.length ? at % (s.length + 1) : 0;
    const piece = chars.join("");
    if (kind === "insert") s = s.slice(0, i) + piece + s.slice(i);
    else if (kind === "delete") s = s.slice(0, i) + s.slice(i + length);
    else if (kind === "duplicate") s = s.slice(0, i + length) + s.slice(i, i + length) + s.slice(i + length);
    else s = s.slice(0, i) + piece + s.slice(i + piece.length);
  }
  return s;
}

const COMMON = ["\n", "\r\n", " ", "\t", '"', "'", ",", ";", ":", "{", "}", "[", "]", "=", "~", "#", "%", "\\", "/", "<", ">", "&", "*", "a", "Z", "0", "9", "-", ".", "é", "😀", "\u0000", "\uFEFF"];

const TEXT_PARSERS: { name: string; parse: (text: string) => ImportResult; seeds: string[]; alphabet: string[] }[] = [
  { name: "json", parse: parseQuizdeckJson, seeds: byExtension((n) => n.startsWith("json") || n.startsWith("quizdeck.json")), alphabet: [...COMMON, "true", "null", "1e400", '"type"', '"single"', '"questions"'] },
  { name: "csv", parse: parseCsv, seeds: byExtension((n) => n.endsWith(".csv")), alphabet: [...COMMON, "#title", "single", "multiple", "30 s", "=1+1"] },
  { name: "gift", parse: parseGift, seeds: byExtension((n) => n.endsWith(".gift")), alphabet: [...COMMON, "::", "->", "TRUE", "[html]", "[markdown]", "$CATEGORY:", "// quizdeck:", "####", "#1..5", "%50%"] },
  { name: "aiken", parse: parseAiken, seeds: byExtension((n) => n.startsWith("aiken")), alphabet: [...COMMON, "A.", "B)", "ANSWER:", "ANSWER: A"] },
  { name: "opentdb", parse: parseOpenTdb, seeds: byExtension((n) => n.startsWith("opentdb")), alphabet: [...COMMON, '"results"', '"type"', '"boolean"', '"multiple"', "%20", "&quot;", "base64"] },
].map((p) => ({ ...p, seeds: p.seeds.map((n) => read(n).toString("utf8")) }));

// A few seconds per parser on an idle machine; the timeout leaves room for a loaded one.
describe("import parsers under fuzzing", { timeout: 60_000 }, () => {
  for (const p of TEXT_PARSERS) {
    it(`${p.name}: random text never throws and gives well-formed results`, () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => wellFormed(p.parse(text))),
        { numRuns: 200 },
      );
    });

    it(`${p.name}: mutated samples never throw and give well-formed results`, () => {
      expect(p.seeds.length).toBeGreaterThan(0);
      fc.assert(
        fc.property(fc.constantFrom(...p.seeds), fc.array(edit(p.alphabet), { minLength: 1, maxLength: 8 }), (seed, edits) =>
          wellFormed(p.parse(mutate(seed, edits))),
        ),
        { numRuns: 200 },
      );
    });
  }

  const workbooks = byExtension((n) => n.endsWith(".xlsx")).map((n) => new Uint8Array(read(n)));

  it("kahoot: damaged bytes never throw and give well-formed results", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...workbooks),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (book, flips, cut) => {
          const bytes = book.slice(0, cut === undefined ? undefined : cut % (book.length + 1));
          for (const [at, value] of flips) if (bytes.length) bytes[at % bytes.length] = value;
          wellFormed(await parseKahoot(bytes));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("kahoot: mutated sheet XML never throws and gives well-formed results", async () => {
    const alphabet = [...COMMON, "<row>", "</row>", '<c r="B9" t="s">', "<v>1</v>", "</c>", '<c r="XFD1">', 't="inlineStr"', "<is><t>x</t></is>", 'r="1048577"'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...workbooks), fc.array(edit(alphabet), { minLength: 1, maxLength: 8 }), async (book, edits) => {
        const entries = unzipSync(book);
        const sheet = "xl/worksheets/sheet1.xml";
        entries[sheet] = strToU8(mutate(strFromU8(entries[sheet] ?? new Uint8Array()), edits));
        wellFormed(await parseKahoot(zipSync(entries, { level: 1 })));
      }),
      { numRuns: 60 },
    );
  });
});
