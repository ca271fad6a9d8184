import { QUESTION_TYPES, type QuizInput } from "../quiz-schema";
import { buildMeta, Collector, isRecord, quoted, type ImportResult } from "./common";
import { lineAt, parseJsonText } from "./json-scan";

/**
 * Quizdeck JSON: `{"format":"quizdeck","version":1,"quiz":{...QuizInput}}`. A bare QuizInput
 * object (what the demo content files are) and a bare list of questions are read too.
 */
export const QUIZDECK_JSON_VERSION = 1;

const META_KEYS = [
  "title",
  "description",
  "category",
  "difficulty",
  "language",
  "tags",
  "visibility",
  "speedBonus",
  "streakBonus",
  "timeLimit",
  "source",
  "licence",
] as const;

export function parseQuizdeckJson(text: string, fallbackTitle?: string): ImportResult {
  const c = new Collector("line");
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    c.problem(parsed.line, parsed.reason);
    return c.result(buildMeta({}, () => {}, fallbackTitle));
  }
  const root = parsed.value;
  let quiz: unknown = root;
  let base = ""; // path of the quiz object in the file

  if (isRecord(root) && "format" in root) {
    if (root.format !== "quizdeck") {
      c.problem(lineAt(parsed, "format") ?? 1, `The file says "format": ${quoted(root.format)}; a Quizdeck JSON file says "format": "quizdeck"`);
      return c.result(buildMeta({}, () => {}, fallbackTitle));
    }
    if (root.version !== QUIZDECK_JSON_VERSION) {
      const what = root.version === undefined ? "has no version" : `is version ${quoted(root.version)}`;
      c.problem(
        lineAt(parsed, "version") ?? 1,
        `This Quizdeck JSON file ${what}; this Quizdeck reads version ${QUIZDECK_JSON_VERSION}. Export it again from a matching Quizdeck, or set "version": ${QUIZDECK_JSON_VERSION} if it was written by hand`,
      );
      return c.result(buildMeta({}, () => {}, fallbackTitle));
    }
    quiz = root.quiz;
    base = "quiz";
    if (!isRecord(quiz)) {
      c.problem(lineAt(parsed, "quiz") ?? 1, 'The file has no "quiz" object');
      return c.result(buildMeta({}, () => {}, fallbackTitle));
    }
  } else if (isRecord(root) && Array.isArray(root.results) && "response_code" in root) {
    c.problem(1, "This looks like an Open Trivia Database file; import it with the Open Trivia DB format");
    return c.result(buildMeta({}, () => {}, fallbackTitle));
  }

  let questions: unknown;
  let meta = buildMeta({}, () => {}, fallbackTitle);
  const at = (sub: string) => (base === "" ? sub : sub === "" ? base : `${base}/${sub}`);

  let listPath = at("questions");
  if (Array.isArray(quiz)) {
    questions = quiz;
    listPath = base;
  } else if (isRecord(quiz)) {
    const candidate: Record<string, unknown> = {};
    for (const k of META_KEYS) candidate[k] = quiz[k];
    meta = buildMeta(
      candidate,
      (key, reason, detail) => c.problem(lineAt(parsed, at(key)) ?? lineAt(parsed, at("")) ?? 1, `Quiz: ${reason}`, [detail]),
      fallbackTitle,
    );
    questions = quiz.questions;
    if (questions === undefined) {
      c.problem(lineAt(parsed, at("")) ?? 1, 'The quiz has no "questions" list');
      return c.result(meta);
    }
  } else {
    c.problem(1, 'The file is JSON but not a Quizdeck quiz: expected an object with "title" and "questions"');
    return c.result(meta);
  }
  if (!Array.isArray(questions)) {
    c.problem(lineAt(parsed, at("questions")) ?? 1, '"questions" must be a list of questions');
    return c.result(meta);
  }

  questions.forEach((q: unknown, index) => {
    const ref = c.next(lineAt(parsed, listPath === "" ? String(index) : `${listPath}/${index}`) ?? index + 1);
    if (c.full) return c.skip(ref);
    if (!isRecord(q)) return c.fail(ref, "is not an object");
    if (q.type === undefined) return c.fail(ref, `has no "type" (one of ${QUESTION_TYPES.join(", ")})`);
    if (typeof q.type !== "string" || !(QUESTION_TYPES as readonly string[]).includes(q.type))
      return c.fail(ref, `type ${quoted(q.type)} is not a Quizdeck question type (${QUESTION_TYPES.join(", ")}); skipped`, true);
    c.add(ref, q);
  });
  return c.result(meta);
}

/** The versioned Quizdeck JSON document for a quiz (the slug is left out: the server picks one). */
export function exportQuizdeckJson(quiz: QuizInput): string {
  const { slug: _slug, ...rest } = quiz;
  return `${JSON.stringify({ format: "quizdeck", version: QUIZDECK_JSON_VERSION, quiz: rest }, null, 2)}\n`;
}
