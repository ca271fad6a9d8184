import { parse as parseGiftText, type GIFTQuestion, type NumericalChoice, type NumericalFormat, type TextFormat } from "gift-pegjs";
import {
  buildMeta,
  Collector,
  deriveRange,
  fitTitle,
  guessCategory,
  isRecord,
  splitLines,
  type ImportResult,
  type QuestionRef,
} from "./common";
import { stripHtml, stripMarkdown, texDelimiters } from "./text";

/**
 * Moodle GIFT, read with gift-pegjs one question at a time. The file is split into questions
 * at blank lines (what Moodle itself does), so each question has the line it starts on, and a
 * syntax error in one question is reported there while the others still import.
 *
 * Quizdeck extensions, all inside `//` comments so Moodle ignores them:
 *   `// quizdeck-quiz: {"title":…,"category":…}` anywhere before the questions: quiz metadata;
 *   `// quizdeck: {"hint":…,"points":2000,"timeLimit":30,"min":0,"max":500,"unit":"km"}` in a
 *   question's block: what GIFT has no syntax for.
 * Order questions are written as matching questions whose answers are the positions 1…n
 * (`=Mercury -> 1`), which Moodle shows as "match each item with its place".
 */

const QUIZ_META_PREFIX = /^\s*\/\/\s*quizdeck-quiz:\s*/i;
const QUESTION_META_PREFIX = /^\s*\/\/\s*quizdeck:\s*/i;
const COMMENT = /^\s*\/\//;
const CATEGORY_LINE = /^\s*\$CATEGORY:\s*(.*)$/i;
/** Comments Moodle writes on export ("// question: 12  name: Capitals"), not titles. */
const MOODLE_EXPORT_COMMENT = /^\s*\/\/\s*(question:\s*\d+|\[(id|tag):)/i;

type Line = { no: number; text: string };

/**
 * A question's text, answers and feedback fit well within this even as HTML; the GIFT grammar
 * reads about a character per microsecond, so a longer block is refused before it is parsed.
 */
export const MAX_BLOCK_CHARS = 10_000;
/**
 * What the grammar reads of one file in all: 200 questions of heavy Moodle HTML are well under
 * it, and it bounds the grammar's time to a second or two whatever the file holds (500 failing
 * blocks at the cap would be 5 million characters).
 */
export const MAX_PARSED_CHARS = 1_000_000;

/** Splits GIFT source into blank-line-separated blocks of numbered lines. */
function blocks(text: string): Line[][] {
  const out: Line[][] = [];
  let current: Line[] = [];
  splitLines(text).forEach((t, i) => {
    if (t.trim() === "") {
      if (current.length > 0) out.push(current);
      current = [];
    } else current.push({ no: i + 1, text: t });
  });
  if (current.length > 0) out.push(current);
  return out;
}

const CONTROL = "=~#{}:";
/** Outside the answer part only these are escaped; stray braces stay errors. */
const OUTSIDE = "=~#:";

/**
 * Moodle accepts `:`, `=` and `#` in question text without a backslash; gift-pegjs does not.
 * Escapes them where they cannot mean anything: in a title, the question text, text answers
 * (all but the `:` of a numeric `3.1:0.1`), so hand-written and Moodle-exported files read.
 */
function looseEscape(src: string): string {
  let out = "";
  let i = 0;
  const copyEscaped = () => {
    out += src.slice(i, i + 2);
    i += 2;
  };
  while (i < src.length && /\s/.test(src.charAt(i))) out += src.charAt(i++);
  if (src.startsWith("::", i)) {
    out += "::";
    i += 2;
    while (i < src.length && !src.startsWith("::", i)) {
      const ch = src.charAt(i);
      if (ch === "\\") copyEscaped();
      else {
        out += CONTROL.includes(ch) ? `\\${ch}` : ch;
        i++;
      }
    }
    if (i < src.length) {
      out += "::";
      i += 2;
    }
  }
  let inBraces = false;
  let numeric = false;
  let braceSeen = false;
  while (i < src.length) {
    const ch = src.charAt(i);
    if (ch === "\\") {
      copyEscaped();
      continue;
    }
    if (!inBraces) {
      if (ch === "{" && !braceSeen) {
        inBraces = true;
        braceSeen = true;
        numeric = /^\s*#/.test(src.slice(i + 1, i + 40));
        out += ch;
      } else if (braceSeen && src.startsWith("//", i)) {
        const end = src.indexOf("\n", i);
        out += end < 0 ? src.slice(i) : src.slice(i, end);
        i = end < 0 ? src.length : end;
        continue;
      } else out += OUTSIDE.includes(ch) ? `\\${ch}` : ch;
      i++;
      continue;
    }
    if (ch === "}") {
      inBraces = false;
      out += ch;
    } else if (ch === ":") {
      const keep = numeric && /[\d.]/.test(src.charAt(i - 1)) && /[\d.+-]/.test(src.charAt(i + 1));
      out += keep ? ch : "\\:";
    } else out += ch;
    i++;
  }
  return out;
}

/** A GIFT text as Quizdeck's: HTML to plain text, markdown's emphasis and code kept, math kept. */
function plain(t: TextFormat | null | undefined): string {
  if (!t) return "";
  if (t.format === "html") return texDelimiters(stripHtml(t.text));
  if (t.format === "markdown") return texDelimiters(stripMarkdown(t.text, true));
  return texDelimiters(t.text.trim());
}

type NumberAnswer = { answer: number; tolerance: number };
/** Moodle's weight as Quizdeck's: null (a plain `=`) and 100 or more are full credit. */
const percentOf = (weight: number | null) => (weight === null || weight >= 100 ? 100 : weight);

/** The accepted answer and tolerance of a numerical GIFT answer; `partial`: the answers worth less (`=%50%1822:2`). */
function numericAnswer(choices: NumericalChoice[] | NumericalFormat): (NumberAnswer & { partial?: (NumberAnswer & { weight: number })[] }) | undefined {
  const fromFormat = (f: NumericalFormat): NumberAnswer | undefined => {
    if (f.type === "high-low" && f.numberLow !== undefined && f.numberHigh !== undefined) {
      const lo = Math.min(f.numberLow, f.numberHigh);
      const hi = Math.max(f.numberLow, f.numberHigh);
      return { answer: Number(((lo + hi) / 2).toPrecision(12)), tolerance: Number(((hi - lo) / 2).toPrecision(12)) };
    }
    if (f.number === undefined) return undefined;
    return { answer: f.number, tolerance: f.type === "range" ? Math.abs(f.range ?? 0) : 0 };
  };
  if (!Array.isArray(choices)) return fromFormat(choices);
  const isNumber = (t: unknown): t is NumericalFormat =>
    isRecord(t) && (t.type === "simple" || t.type === "range" || t.type === "high-low");
  const numeric = choices.filter((ch) => isNumber(ch.text));
  const best =
    numeric.find((ch) => ch.isCorrect && (ch.weight === null || ch.weight === 100)) ??
    numeric.find((ch) => ch.isCorrect) ??
    numeric.find((ch) => (ch.weight ?? 0) > 0);
  const main = best ? fromFormat(best.text) : undefined;
  if (!main) return undefined;
  const partial = numeric.flatMap((ch) => {
    const weight = percentOf(ch.weight);
    const found = ch !== best && weight > 0 && weight < 100 ? fromFormat(ch.text) : undefined;
    return found ? [{ ...found, weight }] : [];
  });
  return partial.length > 0 ? { ...main, partial } : main;
}

/** Keys a `// quizdeck:` comment may set on a question. */
const QUESTION_META_KEYS = ["hint", "points", "timeLimit", "imageUrl", "min", "max", "unit", "answer", "tolerance", "items", "scoring", "maxLength", "modelAnswer"] as const;

function toQuestion(g: GIFTQuestion, extra: Record<string, unknown>, c: Collector, ref: QuestionRef): void {
  if (g.type === "Category") return;
  if (g.type === "Description") return c.fail(ref, "is a description (text without an answer), not a question; skipped", true);

  let prompt = plain(g.stem);
  if (prompt === "" && g.title) prompt = g.title.trim();
  const q: Record<string, unknown> = { prompt };
  const explanation = plain(g.globalFeedback);
  if (explanation) q.explanation = explanation;
  for (const k of ["hint", "points", "timeLimit", "imageUrl"] as const) if (extra[k] !== undefined) q[k] = extra[k];

  switch (g.type) {
    case "Essay": {
      // Moodle's essay: a free-text answer marked by hand, Quizdeck's open question (docs/rules.md §5).
      q.type = "open";
      if (extra.maxLength !== undefined) q.maxLength = extra.maxLength;
      if (extra.modelAnswer !== undefined) q.modelAnswer = extra.modelAnswer;
      break;
    }
    case "TF": {
      Object.assign(q, { type: "boolean", correct: g.isTrue });
      // `{FALSE#wrong#right}`: the first feedback is for a wrong answer, the second for a right
      // one, whatever the answer; gift-pegjs calls them trueFeedback and falseFeedback by position.
      const wrong = plain(g.trueFeedback);
      const right = plain(g.falseFeedback);
      if (right || wrong) q.feedback = { ...(right ? { right } : {}), ...(wrong ? { wrong } : {}) };
      break;
    }
    case "Short": {
      // Moodle's weights: `=%75%Nazereth` is worth 75 % (docs/rules.md, "Partial credit").
      const kept = g.choices.filter((ch) => ch.weight === null || ch.weight > 0);
      const accepted = kept.map((ch) => plain(ch.text));
      const weights = kept.map((ch) => percentOf(ch.weight));
      Object.assign(q, { type: "text", accepted }, weights.some((w) => w !== 100) ? { acceptedWeights: weights } : {});
      break;
    }
    case "MC": {
      const options = g.choices.map((ch) => plain(ch.text));
      const feedback = g.choices.map((ch) => plain(ch.feedback));
      if (feedback.some(Boolean)) q.optionFeedback = feedback;
      const marked = g.choices.flatMap((ch, i) => (ch.isCorrect ? [i] : []));
      if (marked.length > 0) {
        if (marked.length > 1)
          return c.fail(
            ref,
            `a single-choice question needs exactly one correct option (found ${marked.length} marked with =); for several right answers give them positive weights like ~%50%`,
          );
        // `~%50%half credit answer` beside the `=` one: a wrong option worth part of the points.
        const weights = g.choices.map((ch, i) => (i === marked[0] ? 100 : Math.min(Math.max(ch.weight ?? 0, 0), 99)));
        Object.assign(q, { type: "single", options, correct: marked[0] }, weights.some((w, i) => i !== marked[0] && w > 0) ? { optionWeights: weights } : {});
      } else {
        const positive = g.choices.flatMap((ch, i) => ((ch.weight ?? 0) > 0 ? [i] : []));
        if (positive.length === 0)
          return c.fail(ref, "has no correct answer: mark the right option with = (or the right options with a positive weight like ~%50%)");
        Object.assign(q, { type: "multiple", options, correct: positive });
      }
      break;
    }
    case "Numerical": {
      const found = numericAnswer(g.choices);
      if (!found) return c.fail(ref, "has no correct number (write it like {#42} or {#3.14:0.01} or {#1..5})");
      const answer = typeof extra.answer === "number" ? extra.answer : found.answer;
      const tolerance = typeof extra.tolerance === "number" ? extra.tolerance : found.tolerance;
      const derived = deriveRange(answer, tolerance);
      if (found.partial) q.partial = found.partial;
      Object.assign(q, {
        type: "number",
        answer,
        tolerance,
        min: extra.min ?? derived.min,
        max: extra.max ?? derived.max,
      });
      if (extra.unit !== undefined) q.unit = extra.unit;
      if (extra.scoring !== undefined) q.scoring = extra.scoring;
      break;
    }
    case "Matching": {
      const positions = g.matchPairs.map((p) => p.subanswer.trim());
      const n = positions.length;
      const isOrder = n >= 2 && [...positions].sort((a, b) => Number(a) - Number(b)).every((p, i) => p === String(i + 1));
      if (!isOrder)
        return c.fail(ref, "matching questions are not supported (only a matching of items to the positions 1, 2, 3… reads as an order question); skipped", true);
      const items = Array.isArray(extra.items) && extra.items.length === n
        ? (extra.items as unknown[]).map(String)
        : [...g.matchPairs].sort((a, b) => Number(a.subanswer) - Number(b.subanswer)).map((p) => plain(p.subquestion));
      Object.assign(q, { type: "order", items });
      break;
    }
  }
  c.add(ref, q);
}

function syntaxReason(e: unknown, block: Line[], source: string): string {
  let opens = 0;
  let closes = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === "\\") i++;
    else if (ch === "{") opens++;
    else if (ch === "}") closes++;
  }
  if (opens > closes) return "the answer part is not closed with } (is the file cut off, or a } missing?)";
  if (closes > opens) return "has a } without a matching {";
  if (opens > 1) return "has more than one answer part { … }";
  const loc = isRecord(e) && isRecord(e.location) && isRecord(e.location.start) ? e.location.start : undefined;
  const message = e instanceof Error ? e.message : String(e);
  const short = message.length > 160 ? `${message.slice(0, 157)}…` : message;
  if (loc && typeof loc.line === "number") {
    const at = block[loc.line - 1]?.no ?? block[0]?.no ?? 0;
    return `could not be read as GIFT at line ${at}, column ${String(loc.column)}: ${short}`;
  }
  return `could not be read as GIFT: ${short}`;
}

export function parseGift(text: string, fallbackTitle?: string): ImportResult {
  const c = new Collector("line");
  let quizMeta: Record<string, unknown> | undefined;
  let quizMetaLine = 0;
  let commentTitle: string | undefined;
  let categoryPath: string | undefined;
  let pending: Line | undefined;
  let parsedChars = 0;

  const readJsonComment = (line: Line, prefix: RegExp): Record<string, unknown> | string => {
    const body = line.text.replace(prefix, "");
    try {
      const v: unknown = JSON.parse(body);
      return isRecord(v) ? v : "is not a JSON object";
    } catch {
      return "is not valid JSON";
    }
  };

  for (const block of blocks(text)) {
    const comments = block.filter((l) => COMMENT.test(l.text));
    let content = block.filter((l) => !COMMENT.test(l.text));
    let questionMeta: Line | undefined;
    for (const l of comments) {
      if (QUIZ_META_PREFIX.test(l.text)) {
        if (quizMeta) continue;
        const m = readJsonComment(l, QUIZ_META_PREFIX);
        if (typeof m === "string") c.problem(l.no, `Line ${l.no}: the // quizdeck-quiz: comment ${m}; the quiz details in it were ignored`);
        else {
          quizMeta = m;
          quizMetaLine = l.no;
        }
      } else if (QUESTION_META_PREFIX.test(l.text)) questionMeta ??= l;
      else if (c.size === 0 && commentTitle === undefined && !MOODLE_EXPORT_COMMENT.test(l.text))
        commentTitle = fitTitle(l.text.replace(COMMENT, ""));
    }
    const category = content[0] ? CATEGORY_LINE.exec(content[0].text) : null;
    if (category) {
      categoryPath ??= (category[1] ?? "").trim();
      content = content.slice(1);
    }
    if (content.length === 0) {
      if (questionMeta) pending = questionMeta; // a lone "// quizdeck:" block belongs to the next question
      continue;
    }
    questionMeta ??= pending;
    pending = undefined;

    const first = content[0] as Line;
    const ref = c.next(first.no);
    if (c.full) {
      c.skip(ref);
      continue;
    }
    const extra: Record<string, unknown> = {};
    if (questionMeta) {
      const m = readJsonComment(questionMeta, QUESTION_META_PREFIX);
      if (typeof m === "string") {
        c.fail(ref, `the // quizdeck: comment on line ${questionMeta.no} ${m}`);
        continue;
      }
      for (const k of QUESTION_META_KEYS) if (k in m) extra[k] = m[k];
    }
    const chars = content.reduce((n, l) => n + l.text.length, content.length - 1);
    if (chars > MAX_BLOCK_CHARS) {
      c.fail(ref, `is ${chars.toLocaleString("en-US")} characters long; a question (its text, answers and feedback) may be at most ${MAX_BLOCK_CHARS.toLocaleString("en-US")}`);
      continue;
    }
    if (parsedChars + chars > MAX_PARSED_CHARS) {
      c.fail(ref, `was not read: the questions before it already hold ${MAX_PARSED_CHARS.toLocaleString("en-US")} characters, as much as one import reads; split the file`);
      continue;
    }
    parsedChars += chars;
    const source = looseEscape(content.map((l) => l.text).join("\n"));
    let parsed: GIFTQuestion[];
    try {
      parsed = parseGiftText(source);
    } catch (e) {
      c.fail(ref, syntaxReason(e, content, source));
      continue;
    }
    const questions = parsed.filter((g) => g.type !== "Category");
    if (questions.length === 0) continue;
    toQuestion(questions[0] as GIFTQuestion, extra, c, ref);
  }

  const candidate: Record<string, unknown> = { ...(quizMeta ?? {}) };
  if (!quizMeta || quizMeta.title === undefined) {
    const segments = (categoryPath ?? "")
      .split(/(?<!\/)\/(?!\/)/)
      .map((s) => s.replace(/\/\//g, "/").trim())
      .filter((s) => s && !/^\$(course|system|module|cat\d*)\$$/i.test(s) && s.toLowerCase() !== "top");
    candidate.title = commentTitle ?? fitTitle(segments.at(-1)) ?? fallbackTitle;
    if (!quizMeta || quizMeta.category === undefined) {
      const guessed = segments.map(guessCategory).find(Boolean);
      if (guessed) candidate.category = guessed;
    }
  }
  const meta = buildMeta(candidate, (key, reason, detail) => c.problem(quizMetaLine, `Line ${quizMetaLine}: quizdeck-quiz: ${reason}`, [detail]), fallbackTitle);
  return c.result(meta);
}

// ---------------------------------------------------------------- export

