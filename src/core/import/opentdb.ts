import { decodeHTML } from "entities";
import { stableShuffle } from "../question";
import type { Category } from "../quiz-schema";
import { buildMeta, Collector, fitTitle, isRecord, quoted, type ImportResult } from "./common";
import { lineAt, parseJsonText } from "./json-scan";

/**
 * Open Trivia Database API responses (https://opentdb.com/api_config.php):
 * `{"response_code":0,"results":[{type, difficulty, category, question, correct_answer,
 * incorrect_answers}]}`, in any of its encodings (HTML entities by default, url3986, base64).
 * A problem's line is the line where that result object starts in the file.
 */
export const OPENTDB_SOURCE = "Open Trivia Database (https://opentdb.com)";
export const OPENTDB_LICENCE = "CC BY-SA 4.0";

const CATEGORY_MAP: Record<string, Category> = {
  "general knowledge": "general",
  "entertainment: books": "art",
  "entertainment: film": "film",
  "entertainment: music": "music",
  "entertainment: musicals & theatres": "art",
  "entertainment: television": "film",
  "entertainment: video games": "general",
  "entertainment: board games": "general",
  "entertainment: comics": "art",
  "entertainment: japanese anime & manga": "film",
  "entertainment: cartoon & animations": "film",
  "science & nature": "science",
  "science: computers": "programming",
  "science: mathematics": "maths",
  "science: gadgets": "science",
  mythology: "history",
  sports: "sport",
  geography: "geography",
  history: "history",
  politics: "history",
  art: "art",
  celebrities: "general",
  animals: "nature",
  vehicles: "general",
};

export function mapOpenTdbCategory(name: string): Category {
  return CATEGORY_MAP[name.trim().toLowerCase()] ?? "general";
}

const RESPONSE_CODES: Record<number, string> = {
  1: "there were not enough questions for the query (response_code 1); ask for fewer questions",
  2: "the query had an invalid parameter (response_code 2)",
  3: "the session token was not found (response_code 3)",
  4: "the session token has returned all its questions (response_code 4); reset the token",
  5: "too many requests (response_code 5); wait five seconds between requests",
};

type Decoder = (s: string) => string;

function base64Utf8(s: string): string {
  const bin = atob(s);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder("utf-8").decode(bytes);
}

/** Which of the API's encodings the file uses, judged by its first results. */
function pickDecoder(results: unknown[]): Decoder {
  const sample = results.filter(isRecord).slice(0, 10);
  if (sample.some((r) => r.type === "bXVsdGlwbGU=" || r.type === "Ym9vbGVhbg==")) {
    return (s) => {
      try {
        return base64Utf8(s);
      } catch {
        return s;
      }
    };
  }
  const questions = sample.map((r) => r.question).filter((q): q is string => typeof q === "string");
  if (questions.length > 0 && questions.some((q) => /%[0-9A-Fa-f]{2}/.test(q)) && questions.every((q) => !q.includes(" "))) {
    return (s) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        return s;
      }
    };
  }
  return (s) => decodeHTML(s);
}

const shortCategory = (name: string) => name.replace(/^(entertainment|science):\s*/i, "").trim();

function mostCommon<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

export function parseOpenTdb(text: string, fallbackTitle?: string): ImportResult {
  const c = new Collector("line");
  const base = () => buildMeta({ source: OPENTDB_SOURCE, licence: OPENTDB_LICENCE }, () => {}, fallbackTitle);
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    c.problem(parsed.line, parsed.reason);
    return c.result(base());
  }
  const root = parsed.value;
  if (!isRecord(root) || !Array.isArray(root.results)) {
    const hint = isRecord(root) && (root.format === "quizdeck" || Array.isArray(root.questions)) ? "; this looks like Quizdeck JSON, so import it with that format" : "";
    c.problem(1, `The file is not an Open Trivia Database response: it needs a "results" list${hint}`);
    return c.result(base());
  }
  const code = root.response_code;
  if (code !== undefined && code !== 0) {
    const why = typeof code === "number" ? RESPONSE_CODES[code] : undefined;
    c.problem(lineAt(parsed, "response_code") ?? 1, `The Open Trivia Database answered with an error: ${why ?? `response_code ${quoted(code)}`}`);
  }

  const results: unknown[] = root.results;
  const decode = pickDecoder(results);
  const categories: string[] = [];
  const difficulties: string[] = [];

  results.forEach((r, index) => {
    const ref = c.next(lineAt(parsed, `results/${index}`) ?? index + 1);
    if (c.full) return c.skip(ref);
    if (!isRecord(r)) return c.fail(ref, [{ code: "opentdb_not_object" }]);
    const str = (v: unknown) => (typeof v === "string" ? decode(v).trim() : undefined);
    const type = str(r.type);
    const prompt = str(r.question);
    const category = str(r.category);
    const difficulty = str(r.difficulty)?.toLowerCase();
    if (type !== "multiple" && type !== "boolean")
      return c.fail(ref, [{ code: "opentdb_type", params: { quote: quoted(type ?? r.type) } }], true);
    const correct = str(r.correct_answer);
    if (correct === undefined || correct === "") return c.fail(ref, [{ code: "opentdb_no_correct" }]);
    if (category) categories.push(category);
    if (difficulty) difficulties.push(difficulty);
    if (type === "boolean") {
      const value = correct.toLowerCase();
      if (value !== "true" && value !== "false") return c.fail(ref, [{ code: "opentdb_boolean_correct", params: { found: quoted(correct) } }]);
      return c.add(ref, { type: "boolean", prompt: prompt ?? "", correct: value === "true" });
    }
    if (!Array.isArray(r.incorrect_answers)) return c.fail(ref, [{ code: "opentdb_no_incorrect" }]);
    const wrong = r.incorrect_answers.map((a) => str(a) ?? "");
    // The API always puts the correct answer apart; shuffle by the question so it is stable.
    const options = stableShuffle([correct, ...wrong], prompt ?? String(index));
    c.add(ref, { type: "single", prompt: prompt ?? "", options, correct: options.indexOf(correct) });
  });

  const topCategory = mostCommon(categories);
  const distinct = [...new Set(categories)];
  const diffs = [...new Set(difficulties)];
  const meta = buildMeta(
    {
      title: fitTitle(distinct.length === 1 && topCategory ? `${shortCategory(topCategory)} trivia` : "Open Trivia mix") ?? fallbackTitle,
      description: distinct.length > 0 ? `Questions from the Open Trivia Database: ${distinct.join(", ")}.` : undefined,
      category: mapOpenTdbCategory(topCategory ?? ""),
      difficulty: diffs.length === 1 && ["easy", "medium", "hard"].includes(diffs[0] as string) ? diffs[0] : "mixed",
      language: "en",
      tags: [...new Set(distinct.map((d) => shortCategory(d).toLowerCase().slice(0, 30).trim()))].slice(0, 10),
      source: OPENTDB_SOURCE,
      licence: OPENTDB_LICENCE,
    },
    () => {},
    fallbackTitle,
  );
  return c.result(meta);
}
