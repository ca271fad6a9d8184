import { LIMITS, type QuizInput } from "../quiz-schema";
import { parseAiken } from "./aiken";
import { parseApkg } from "./apkg";
import { defaultMeta, titleFromFileName, type ImportProblem, type ImportResult } from "./common";
import { exportCsv, parseCsv } from "./csv";
import { parseGift } from "./gift";
import { exportGift } from "./gift-export";
import { exportQuizdeckJson, parseQuizdeckJson } from "./json";
import { parseKahoot } from "./kahoot";
import { parseOpenTdb } from "./opentdb";
import { problemText, type ProblemDetail } from "./problems";

/**
 * Import and export of quizzes (docs/rules.md §5: an import file is at most 5 MB and every problem
 * is reported with its line or row). `parseImport` never throws: whatever the bytes, the answer
 * is questions and problems. docs/import-formats.md describes each format.
 */
export type { ImportProblem, ImportResult, ImportedQuestion, QuizMeta } from "./common";
export { CSV_COLUMNS } from "./csv";
export { QUIZDECK_JSON_VERSION } from "./json";
export { OPENTDB_LICENCE, OPENTDB_SOURCE } from "./opentdb";

export const IMPORT_FORMATS = ["json", "csv", "gift", "aiken", "opentdb", "kahoot", "apkg"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** Text exports; `.apkg` is a binary export of its own (`exportApkg`). */
export const EXPORT_FORMATS = ["json", "csv", "gift"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export { APKG_LIMITS } from "./apkg";
export { exportApkg } from "./apkg-export";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** File extensions and MIME types per format, for a download name or a file picker's accept. */
export const FORMAT_FILES: Record<ImportFormat, { extension: string; mime: string }> = {
  json: { extension: "json", mime: "application/json" },
  csv: { extension: "csv", mime: "text/csv" },
  gift: { extension: "gift", mime: "text/plain" },
  aiken: { extension: "txt", mime: "text/plain" },
  opentdb: { extension: "json", mime: "application/json" },
  kahoot: { extension: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  apkg: { extension: "apkg", mime: "application/apkg" },
};

/** Formats whose files are bytes (sent as base64 through the JSON API), not text. */
export const BINARY_FORMATS: readonly ImportFormat[] = ["kahoot", "apkg"];

export type ParseImportOptions = {
  /** The uploaded file's name; a format without a quiz title (Aiken, Kahoot!) takes it from here. */
  fileName?: string;
};

export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && (IMPORT_FORMATS as readonly string[]).includes(value);
}

/** A result with one whole-file problem (line 0) and no questions. */
export function failedImport(reason: string | ProblemDetail, fileName?: string): ImportResult {
  const problem = typeof reason === "string" ? { line: 0, reason } : { line: 0, reason: problemText(reason), details: [reason] };
  return { quiz: defaultMeta(titleFromFileName(fileName)), questions: [], problems: [problem] };
}

const sizeProblem = (bytes: number): ProblemDetail => ({
  code: "file_too_big",
  params: { size: (bytes / 1024 / 1024).toFixed(1), max: MAX_IMPORT_BYTES / 1024 / 1024 },
});
const notBytes = (what: string): ProblemDetail => ({ code: "file_not_bytes", params: { what } });

/** UTF-8 byte length of a string without encoding it. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

type Text = { ok: true; text: string } | { ok: false; reason: ProblemDetail };

function toText(content: string | Uint8Array): Text {
  if (typeof content === "string") {
    if (content.length > MAX_IMPORT_BYTES) return { ok: false, reason: sizeProblem(utf8Length(content)) };
    const bytes = content.length * 3 <= MAX_IMPORT_BYTES ? 0 : utf8Length(content);
    if (bytes > MAX_IMPORT_BYTES) return { ok: false, reason: sizeProblem(bytes) };
    return { ok: true, text: content.replace(/^\uFEFF/, "") };
  }
  if (content.byteLength > MAX_IMPORT_BYTES) return { ok: false, reason: sizeProblem(content.byteLength) };
  if (content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04)
    return { ok: false, reason: { code: "file_zip_not_text" } };
  try {
    // The decoder drops a leading byte-order mark itself.
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(content) };
  } catch {
    return { ok: false, reason: { code: "file_not_utf8" } };
  }
}

/** A binary file's bytes: given as bytes, or as base64 (the JSON API), optionally a data: URL. */
function toBytes(content: string | Uint8Array, what: string): { ok: true; bytes: Uint8Array } | { ok: false; reason: ProblemDetail } {
  if (typeof content !== "string") {
    if (content.byteLength > MAX_IMPORT_BYTES) return { ok: false, reason: sizeProblem(content.byteLength) };
    return { ok: true, bytes: content };
  }
  const b64 = content.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  const size = Math.floor((b64.length * 3) / 4) - padding;
  if (size > MAX_IMPORT_BYTES) return { ok: false, reason: sizeProblem(size) };
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64))
    return { ok: false, reason: notBytes(what) };
  try {
    const bin = atob(b64.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return { ok: true, bytes };
  } catch {
    return { ok: false, reason: notBytes(what) };
  }
}

/** Keeps the first 200 questions; the rest become problems at their own lines. */
function capQuestions(result: ImportResult): ImportResult {
  if (result.questions.length <= LIMITS.questionsMax) return result;
  const extra = result.questions.slice(LIMITS.questionsMax);
  const problems: ImportProblem[] = [
    ...result.problems,
    ...extra.map((q, i) => ({
      line: q.line,
      reason: `A quiz holds at most ${LIMITS.questionsMax} questions; this is valid question ${LIMITS.questionsMax + i + 1}, one too many`,
    })),
  ];
  return { ...result, questions: result.questions.slice(0, LIMITS.questionsMax), problems };
}

function tidy(result: ImportResult): ImportResult {
  const capped = capQuestions(result);
  // Whole-file problems first, then in file order (the sort is stable).
  const problems = [...capped.problems].sort((a, b) => a.line - b.line);
  if (capped.questions.length === 0 && problems.length === 0)
    problems.push({ line: 0, reason: problemText({ code: "no_questions" }), details: [{ code: "no_questions" }] });
  return { ...capped, problems };
}

/**
 * Reads an import file into quiz metadata, validated questions (each with its line or row) and
 * problems. Text formats take a string or UTF-8 bytes; "kahoot" takes the .xlsx bytes or base64.
 * Never rejects: an unexpected failure inside a parser becomes a problem too.
 */
export async function parseImport(
  format: ImportFormat,
  content: string | Uint8Array,
  options: ParseImportOptions = {},
): Promise<ImportResult> {
  const fallbackTitle = titleFromFileName(options.fileName);
  try {
    if (!isImportFormat(format)) return failedImport(`Unknown import format ${JSON.stringify(format)}; use one of ${IMPORT_FORMATS.join(", ")}`);
    if (typeof content !== "string" && !(content instanceof Uint8Array)) return failedImport("The file content is missing");
    if (format === "kahoot" || format === "apkg") {
      const bytes = toBytes(content, format === "kahoot" ? "Kahoot! (.xlsx)" : "Anki (.apkg)");
      if (!bytes.ok) return failedImport(bytes.reason, options.fileName);
      if (bytes.bytes.byteLength === 0) return failedImport({ code: "file_empty" }, options.fileName);
      return tidy(format === "kahoot" ? await parseKahoot(bytes.bytes, fallbackTitle) : await parseApkg(bytes.bytes, fallbackTitle));
    }
    const decoded = toText(content);
    if (!decoded.ok) return failedImport(decoded.reason, options.fileName);
    const text = decoded.text;
    if (text.trim() === "") return failedImport({ code: "file_empty" }, options.fileName);
    switch (format) {
      case "json":
        return tidy(parseQuizdeckJson(text, fallbackTitle));
      case "csv":
        return tidy(parseCsv(text, fallbackTitle));
      case "gift":
        return tidy(parseGift(text, fallbackTitle));
      case "aiken":
        return tidy(parseAiken(text, fallbackTitle));
      case "opentdb":
        return tidy(parseOpenTdb(text, fallbackTitle));
    }
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return failedImport(`The file could not be read (${why.slice(0, 200)}); check that it is a valid ${format} file`, options.fileName);
  }
}

/** A quiz as a file in one of the export formats; `parseImport` reads it back to the same questions. */
export function exportQuiz(format: ExportFormat, quiz: QuizInput): string {
  switch (format) {
    case "json":
      return exportQuizdeckJson(quiz);
    case "csv":
      return exportCsv(quiz);
    case "gift":
      return exportGift(quiz);
  }
}
