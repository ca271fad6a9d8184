import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import writeExcelFile from "write-excel-file/node";
import { parseKahoot } from "./kahoot";
import { plain } from "./test-utils";

const sample = (name: string) => new Uint8Array(readFileSync(new URL(`../../../samples/import/${name}`, import.meta.url)));
const xlsx = async (rows: (string | number | null)[][]) => new Uint8Array(await writeExcelFile(rows).toBuffer());

describe("Kahoot! spreadsheet", () => {
  it("reads the sample below the template's header row, by spreadsheet row", async () => {
    const r = await parseKahoot(sample("kahoot.xlsx"), "Fruit and veg");
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz.title).toBe("Fruit and veg");
    expect(r.questions.map((q) => [q.line, q.question.type])).toEqual([
      [9, "single"],
      [10, "multiple"],
      [11, "single"],
      [12, "single"],
      [13, "single"],
      [14, "multiple"],
    ]);
    const q = r.questions.map((x) => x.question);
    expect(q[0]).toMatchObject({ prompt: "Which fruit has its seeds on the outside?", options: ["Banana", "Strawberry", "Kiwi", "Apple"], correct: 1, timeLimit: 20 });
    expect(q[1]).toMatchObject({ correct: [0, 2], timeLimit: 30 });
    expect(q[3]).toMatchObject({ options: ["Yes", "No"], correct: 0, timeLimit: 5 });
    expect(q[5]).toMatchObject({ correct: [0, 1, 3] });
  });

  it("reports each bad row by its row number", async () => {
    const r = await parseKahoot(sample("kahoot-with-errors.xlsx"));
    expect(r.questions.map((q) => q.line)).toEqual([9, 14]);
    expect(plain(r.problems)).toEqual([
      { line: 10, reason: "Question 2 (row 10): has no correct answer (write the answer number in Correct answer(s), e.g. 2, or 1,3 for several)" },
      { line: 11, reason: "Question 3 (row 11): correct answer 4 names an empty answer" },
      { line: 12, reason: "Question 4 (row 12): needs at least 2 options (found 1)" },
      { line: 13, reason: "Question 5 (row 13): the time limit must be a whole number of seconds from 5 to 240 (found 300)" },
    ]);
  });

  it("finds the header wherever it is and columns in any order", async () => {
    const file = await xlsx([
      ["Correct answer(s)", "Answer 2", "Question", "Answer 1", "Time limit (sec)"],
      ["2", "Blue", "Colour of the sky?", "Green", "20 sec"],
      ["x", "a", "Bad?", "b", null],
    ]);
    const r = await parseKahoot(file);
    expect(r.questions).toEqual([{ line: 2, question: expect.objectContaining({ options: ["Green", "Blue"], correct: 1, timeLimit: 20 }) }]);
    expect(plain(r.problems)).toEqual([{ line: 3, reason: 'Question 2 (row 3): correct answers must be answer numbers like 2 or 1,3 (found "x")' }]);
  });

  it("says so when there is no header row or no question under it", async () => {
    const none = await parseKahoot(await xlsx([["Name", "Score"], ["Ann", 3]]));
    expect(plain(none.problems)).toEqual([{ line: 0, reason: expect.stringContaining("No header row found") }]);
    const empty = await parseKahoot(await xlsx([["#", "Question", "Answer 1", "Answer 2", "Correct"], [1], [2]]));
    expect(plain(empty.problems)).toEqual([{ line: 1, reason: "Row 1: there are no questions under the header row" }]);
  });

  it("does not open a workbook that declares more than it may unpack to", async () => {
    const bomb = sample("kahoot.xlsx").slice();
    // Rewrite the first central-directory entry's unpacked size to 200 MB.
    const view = new DataView(bomb.buffer);
    let eocd = bomb.length - 22;
    while (view.getUint32(eocd, true) !== 0x06054b50) eocd--;
    const dir = view.getUint32(eocd + 16, true);
    view.setUint32(dir + 24, 200 * 1024 * 1024, true);
    const r = await parseKahoot(bomb);
    expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("unpacks to 200 MB, over the 10 MB allowed for one part") }]);
  });

  it("turns a file that is not an xlsx workbook into one problem", async () => {
    for (const bytes of [new Uint8Array([1, 2, 3, 4]), sample("kahoot.xlsx").slice(0, 2000), new TextEncoder().encode("Question,Answer 1\n")]) {
      const r = await parseKahoot(bytes);
      expect(r.questions).toEqual([]);
      expect(plain(r.problems)).toEqual([{ line: 0, reason: expect.stringContaining("The file is not a readable Excel workbook") }]);
    }
  });
});
