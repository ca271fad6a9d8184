import { readSheet } from "read-excel-file/universal";
import { buildMeta, Collector, quoted, type ImportResult } from "./common";
import { dropSecondsSuffix } from "./text";
import { checkXlsx } from "./xlsx-guard";
import { problemText, type ProblemDetail } from "./problems";

/**
 * The Kahoot! quiz spreadsheet template (.xlsx): some instruction rows, then a header row
 * `Question - max 120 characters | Answer 1 - max 75 characters | … | Answer 4 … |
 * Time limit (sec) … | Correct answer(s) - choose at least one`, the question number in the
 * column before. Columns are found by their header text, so a moved or extra column still reads.
 * Problems name the spreadsheet row (1-based, as Excel shows it). What a workbook may unpack to
 * is checked first (xlsx-guard.ts).
 */
type Cell = string | number | boolean | object | null | undefined;

function cellText(v: Cell): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "True" : "False";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return "";
}

type Columns = { question: number; answers: { n: number; col: number }[]; time?: number; correct?: number };

function findHeader(rows: Cell[][]): { index: number; cols: Columns } | undefined {
  for (let index = 0; index < rows.length; index++) {
    const cells = (rows[index] ?? []).map(cellText);
    const question = cells.findIndex((t) => /^question\b/i.test(t));
    const answers = cells.flatMap((t, col) => {
      const m = /^answer\s*([1-6])\b/i.exec(t);
      return m ? [{ n: Number(m[1]), col }] : [];
    });
    if (question < 0 || !answers.some((a) => a.n === 1)) continue;
    const time = cells.findIndex((t) => /^time\s*limit/i.test(t));
    const correct = cells.findIndex((t) => /^correct/i.test(t));
    return {
      index,
      cols: { question, answers, ...(time >= 0 ? { time } : {}), ...(correct >= 0 ? { correct } : {}) },
    };
  }
  return undefined;
}

export async function parseKahoot(bytes: Uint8Array, fallbackTitle?: string): Promise<ImportResult> {
  const c = new Collector("row");
  const meta = buildMeta({}, () => {}, fallbackTitle);
  const check = checkXlsx(bytes);
  if (!check.ok) {
    c.problem(0, check.reason);
    return c.result(meta);
  }
  let rows: Cell[][];
  try {
    rows = (await readSheet(new Uint8Array(bytes).buffer)) as Cell[][];
  } catch (e) {
    const why = e instanceof Error && e.message ? ` (${e.message})` : "";
    const detail: ProblemDetail = { code: "kahoot_not_workbook", params: { why } };
    c.problem(0, problemText(detail), [detail]);
    return c.result(meta);
  }
  const header = findHeader(rows);
  if (!header) {
    c.problem(0, problemText({ code: "kahoot_no_header" }), [{ code: "kahoot_no_header" }]);
    return c.result(meta);
  }
  const { cols } = header;
  if (cols.correct === undefined) {
    const detail: ProblemDetail = { code: "kahoot_no_correct_column", params: { row: header.index + 1 } };
    c.problem(header.index + 1, problemText(detail), [detail]);
  }

  for (let index = header.index + 1; index < rows.length; index++) {
    const rowNo = index + 1;
    const row = rows[index] ?? [];
    const get = (col: number | undefined) => (col === undefined ? "" : cellText(row[col]));
    const prompt = get(cols.question);
    const answers = cols.answers
      .map((a) => ({ n: a.n, text: get(a.col) }))
      .filter((a) => a.text !== "")
      .sort((a, b) => a.n - b.n);
    const correctCell = get(cols.correct);
    // The template numbers 1…100 down the first column; a numbered row with nothing else is empty.
    if (prompt === "" && answers.length === 0 && correctCell === "") continue;
    const ref = c.next(rowNo);
    if (c.full) {
      c.skip(ref);
      continue;
    }

    const reasons: ProblemDetail[] = [];
    const correct: number[] = [];
    if (correctCell === "") reasons.push({ code: "kahoot_correct_empty" });
    else {
      for (const part of correctCell.split(/[,;\s]+/).filter(Boolean)) {
        const n = Number(part);
        const index = answers.findIndex((a) => a.n === n);
        if (!/^\d+$/.test(part)) reasons.push({ code: "kahoot_correct_format", params: { found: quoted(correctCell) } });
        else if (index < 0) reasons.push({ code: "kahoot_correct_empty_answer", params: { answer: part.length > 6 ? quoted(part) : String(n) } });
        else if (!correct.includes(index)) correct.push(index);
      }
    }
    const timeCell = dropSecondsSuffix(get(cols.time));
    const time = timeCell === "" ? undefined : Number(timeCell);
    if (time !== undefined && !Number.isFinite(time)) reasons.push({ code: "kahoot_time_not_number", params: { found: quoted(get(cols.time)) } });
    if (reasons.length > 0) {
      c.fail(ref, [...new Map(reasons.map((r) => [problemText(r), r])).values()]);
      continue;
    }
    const q: Record<string, unknown> = {
      prompt,
      options: answers.map((a) => a.text),
      ...(time !== undefined ? { timeLimit: time } : {}),
    };
    correct.sort((a, b) => a - b);
    if (correct.length === 1) Object.assign(q, { type: "single", correct: correct[0] });
    else Object.assign(q, { type: "multiple", correct });
    c.add(ref, q);
  }
  if (c.size === 0 && c.problems.length === 0)
    c.problem(header.index + 1, problemText({ code: "kahoot_no_rows", params: { row: header.index + 1 } }), [
      { code: "kahoot_no_rows", params: { row: header.index + 1 } },
    ]);
  return c.result(meta);
}
