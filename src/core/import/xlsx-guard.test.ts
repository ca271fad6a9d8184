import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { hostileFiles, kahootWith } from "@/test/hostile-imports";
import { parseKahoot } from "./kahoot";
import { checkXlsx, XLSX_LIMITS } from "./xlsx-guard";
import { plain } from "./test-utils";

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url)));
const hostile = (name: string) => hostileFiles().find((f) => f.name === name)!.make() as Uint8Array;
const sheet = (rows: string) => `<worksheet><sheetData>${rows}</sheetData></worksheet>`;

// Building the larger hostile files takes a few seconds of deflate.
describe("checkXlsx", { timeout: 30_000 }, () => {
  it("passes the samples, and bytes that are not a zip (read-excel-file names those)", () => {
    expect(checkXlsx(sample("kahoot.xlsx"))).toEqual({ ok: true });
    expect(checkXlsx(sample("kahoot-with-errors.xlsx"))).toEqual({ ok: true });
    expect(checkXlsx(new Uint8Array([1, 2, 3]))).toEqual({ ok: true });
    expect(checkXlsx(strToU8("Question,Answer 1\n"))).toEqual({ ok: true });
  });

  it.each([
    ["xlsx-spaces", "xl/worksheets/sheet1.xml unpacks to 20 MB, over the 10 MB allowed for one part"],
    ["xlsx-zip-bomb", "xl/worksheets/sheet1.xml unpacks to 30 MB, over the 10 MB allowed for one part"],
    ["xlsx-lying-sizes", "xl/worksheets/sheet1.xml unpacks to more than the 1,024 bytes it declares, or is damaged"],
    ["xlsx-far-cell", "The sheet reaches row 1,048,576"],
  ])("refuses %s", (name, reason) => {
    const r = checkXlsx(hostile(name));
    expect(r).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });

  it("refuses 9 MiB of spaces (under the part limit) by its packing ratio", () => {
    const r = checkXlsx(kahootWith({ "xl/worksheets/sheet1.xml": `<sheetData>${" ".repeat(9 * 1024 * 1024)}</sheetData>` }));
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/sheet1\.xml is packed \d+ times over/) });
  });

  it("refuses a run of text without markup longer than an Excel cell can hold, stored or packed", () => {
    const run = `<sheetData><row><c t="inlineStr"><is><t>${"a".repeat(XLSX_LIMITS.textRun + 1)}</t></is></c></row></sheetData>`;
    for (const level of [0, 9] as const) {
      const r = checkXlsx(kahootWith({ "xl/worksheets/sheet1.xml": run }, { level }));
      expect(r).toEqual({ ok: false, reason: expect.stringContaining("KB of text without markup") });
    }
    const fits = `<sheetData><row><c t="inlineStr"><is><t>${"a".repeat(XLSX_LIMITS.textRun - 100)}</t></is></c></row></sheetData>`;
    expect(checkXlsx(kahootWith({ "xl/worksheets/sheet1.xml": fits }))).toEqual({ ok: true });
  });

  it("refuses cell references far outside a quiz's grid, however they are written", () => {
    const far = [
      sheet('<row r="1"><c r="XFD1"><v>1</v></c></row><row r="200"><c r="A200"><v>1</v></c></row>'),
      sheet('<row r="100001"/>'),
      sheet('<x:row x:r="100001"/>'),
      sheet("<row r='1'><c r='&#65;100001'><v>1</v></c></row>"),
      sheet("<row/>".repeat(XLSX_LIMITS.rows + 1)),
      // Damaged references holding markup or quotes (found by fuzz.test.ts): read-excel-file's
      // parser looks for a tag's end past quoted values, so it read the first as column ~3×10²⁰
      // and grew a row towards it until V8 aborted the process ("invalid size error").
      sheet('<row r="1"><c r="F ,é:<</c></c>\n9" t="s"><v>1</v></c></row>'),
      sheet(`<row r="1"><c r='A>1' t="s"><v>1</v></c><c t=' r="' r="XFD1048576"><v>1</v></c></row>`),
    ];
    for (const xml of far) expect(checkXlsx(kahootWith({ "xl/worksheets/sheet1.xml": xml }))).toMatchObject({ ok: false });
    const near = sheet('<row r="1"><c r="XFD1"><v>1</v></c></row><row r="100"><c r="A100"><v>1</v></c></row>');
    expect(checkXlsx(kahootWith({ "xl/worksheets/sheet1.xml": near }))).toEqual({ ok: true });
  });

  it("refuses a zip of more entries than a workbook has, and counts every XML entry towards the total", () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= XLSX_LIMITS.entries; i++) many[`x${i}.bin`] = strToU8("x");
    expect(checkXlsx(zipSync(many))).toEqual({ ok: false, reason: expect.stringContaining("holds 1,001 files") });
    const parts: Record<string, string> = {};
    const numbers = Array.from({ length: 400_000 }, (_, k) => `<v>${k}</v>`).join("");
    for (let i = 0; i < 5; i++) parts[`xl/extra${i}.xml`] = `<a>${numbers}</a>`;
    expect(checkXlsx(kahootWith(parts, { level: 1 }))).toEqual({ ok: false, reason: expect.stringContaining("unpacks to more than 20 MB") });
  });

  it("makes parseKahoot answer a hostile workbook with one whole-file problem", async () => {
    const r = await parseKahoot(hostile("xlsx-spaces"));
    expect(r.questions).toEqual([]);
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("so it was not opened") }]);
  });
});
