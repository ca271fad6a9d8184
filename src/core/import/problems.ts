/**
 * Why an import file's line was refused, by code. An importer reports each reason as a code with
 * its parameters (a field, a limit, a value from the file); screens say it from the catalogue
 * (`importProblems` in the messages) in the viewer's language, and the API and logs keep the
 * English sentence built here (`reason`). A parameter named `field` is the key of a field
 * (`importFields` in the messages: "options", or "option" with `index` for one of them), which a
 * screen translates before putting it in the sentence. Values quoted from the file stay as the
 * file has them.
 */

export type ProblemParams = Record<string, string | number>;
export type ProblemDetail = { code: ImportProblemCode; params?: ProblemParams };

const FIELD_NAMES: Record<string, string> = {
  type: "the type",
  prompt: "the question text",
  options: "the options",
  items: "the items",
  accepted: "the accepted answers",
  correct: "the correct answer",
  explanation: "the explanation",
  hint: "the hint",
  timeLimit: "the time limit",
  points: "points",
  imageUrl: "the image URL",
  imageAlt: "the image description",
  audioUrl: "the audio link",
  answer: "the answer",
  min: "the minimum",
  max: "the maximum",
  tolerance: "the tolerance",
  unit: "the unit",
  optionFeedback: "the option feedback",
  feedback: "the feedback",
  question: "the question",
  option: "option",
  item: "item",
  acceptedAnswer: "accepted answer",
  correctOption: "correct option",
};

/** A field's key (and 0-based index for one element of a list) in English, as reasons name it. */
export function fieldKey(key: string, index?: number): { field: string; index?: number } {
  const element: Record<string, string> = { options: "option", items: "item", accepted: "acceptedAnswer", correct: "correctOption" };
  if (index !== undefined) return { field: element[key] ?? key, index: index + 1 };
  return { field: key || "question" };
}

const fieldEn = (p: ProblemParams) => {
  const name = FIELD_NAMES[String(p.field)] ?? String(p.field);
  return p.index !== undefined ? `${name} ${p.index}` : name;
};
const found = (p: ProblemParams) => (p.found === undefined ? "nothing" : String(p.found));
const expectedEn = (e: unknown) => (e === "array" ? "a list" : `a ${String(e)}`);

/** The English sentence of each code (the API's `reason`); the catalogue has the same in every language. */
export const IMPORT_PROBLEMS = {
  // One question.
  question_type: (p: ProblemParams) => `the type must be one of ${p.types}`,
  question_type_empty: () => "the type is empty (single, multiple, boolean, text, order or number)",
  question_type_unknown: (p: ProblemParams) => `type ${p.quote} is not a Quizdeck question type (single, multiple, boolean, text, order, number, poll, slide, wordcloud, open); skipped`,
  points: (p: ProblemParams) => `points must be 0, 1000 or 2000 (found ${found(p)})`,
  time_limit: (p: ProblemParams) => `the time limit must be a whole number of seconds from ${p.min} to ${p.max} (found ${found(p)})`,
  correct_not_option: () => "the correct answer is not one of its options",
  correct_distinct: () => "each correct option must be a different option of this question",
  correct_none: () => "a multiple-choice question needs at least one correct option",
  field_missing: (p: ProblemParams) => `${fieldEn(p)} is missing`,
  field_wrong_type: (p: ProblemParams) => `${fieldEn(p)} must be ${expectedEn(p.expected)}`,
  field_empty: (p: ProblemParams) => `${fieldEn(p)} is empty`,
  field_too_short: (p: ProblemParams) => `${fieldEn(p)} is too short`,
  too_few_options: (p: ProblemParams) => `needs at least ${p.min} options (found ${p.found})`,
  too_few_items: (p: ProblemParams) => `needs at least ${p.min} items (found ${p.found})`,
  accepted_none: () => "needs at least one accepted answer",
  tolerance_negative: () => "the tolerance cannot be negative",
  field_too_small: (p: ProblemParams) => `${fieldEn(p)} is too small`,
  field_too_long: (p: ProblemParams) => `${fieldEn(p)} is longer than ${p.max} characters`,
  too_many: (p: ProblemParams) => `${fieldEn(p)}: at most ${p.max} allowed (found ${p.found === undefined ? "more" : p.found})`,
  field_too_big: (p: ProblemParams) => `${fieldEn(p)} is too big`,
  field_format: (p: ProblemParams) => `${fieldEn(p)} is not a valid ${p.format === "url" ? "URL" : p.format}`,
  options_same: () => "two options are the same",
  feedback_count: () => "give one feedback per option (empty for none)",
  min_not_below_max: () => "minimum must be below maximum",
  answer_out_of_range: () => "the answer must lie between minimum and maximum",
  control_chars: () => "remove control characters",
  field_invalid: (p: ProblemParams) => `${fieldEn(p)}: ${p.message}`,
  // The quiz's details (a header row, a metadata comment, the JSON's quiz object).
  quiz_title: (p: ProblemParams) => `the quiz title must be ${p.min}–${p.max} characters`,
  quiz_description: (p: ProblemParams) => `the quiz description is longer than ${p.max} characters`,
  quiz_category: (p: ProblemParams) => `the category ${p.quote} is not one of ${p.list}`,
  quiz_difficulty: (p: ProblemParams) => `the difficulty ${p.quote} is not one of easy, medium, hard, mixed`,
  quiz_language: () => `the language must be a two-letter code such as "en" or "es"`,
  quiz_tags: (p: ProblemParams) => `the tags: at most ${p.max} tags, each 1–${p.tagMax} characters`,
  quiz_time_limit: (p: ProblemParams) => `the quiz time limit must be a whole number of seconds from ${p.min} to ${p.max}`,
  quiz_visibility: (p: ProblemParams) => `the visibility ${p.quote} is not one of public, unlisted, private`,
  quiz_bonus: (p: ProblemParams) => `${p.name} must be true or false`,
  quiz_field_invalid: (p: ProblemParams) => `${p.name}: ${p.message}`,
  // CSV: the header, quotes and cells (column names are the file's own: the same in every language).
  csv_header_columns: (p: ProblemParams) => `the header row must name the columns, at least "type" and "prompt" (all of them: ${p.columns})`,
  csv_no_header: () => "The file has no header row and no questions",
  csv_no_rows: () => "there are no question rows under the header",
  csv_quote_unclosed: () => 'a quoted cell is not closed (a " is missing), so the rest of the file was read into it',
  csv_quote_misplaced: () => 'a quote (") is misplaced; put the whole cell in quotes and double the quotes inside it ("")',
  csv_not_number: (p: ProblemParams) => `${p.column} must be a number (found ${p.found})`,
  csv_answer_not_number: (p: ProblemParams) => `correct (the answer) must be a number (found ${p.found})`,
  csv_correct_empty_option: (p: ProblemParams) => `correct names option ${p.option}, which is empty`,
  csv_correct_format: (p: ProblemParams) => `correct must be option numbers like 2 or 1;3 (found ${p.found})`,
  csv_single_correct_empty: () => "a single-choice question needs exactly one correct option (the correct column is empty)",
  csv_single_correct_many: (p: ProblemParams) => `a single-choice question needs exactly one correct option (found ${p.found}); use type multiple for several`,
  csv_multiple_correct_empty: () => "a multiple-choice question needs at least one correct option (the correct column is empty)",
  csv_boolean_correct_empty: () => "a true/false question needs true or false in the correct column",
  csv_boolean_correct_invalid: (p: ProblemParams) => `correct must be true or false (found ${p.found})`,
  csv_order_correct_set: () => "leave correct empty for an order question and list the items in the right order",
  csv_number_answer_empty: () => "a number question needs its answer in the correct column",
  // Aiken.
  aiken_option_order: (p: ProblemParams) => `option ${p.letter} on line ${p.line} is out of order (options are lettered A, B, C… in turn)`,
  aiken_too_few_options: (p: ProblemParams) => `needs at least 2 options written as "A. …" or "A) …" on their own lines (found ${p.found})`,
  aiken_answer_missing: () => 'has no correct answer: the "ANSWER:" line is missing (write e.g. "ANSWER: B" after the options)',
  aiken_answer_empty: (p: ProblemParams) => `the ANSWER: line (line ${p.line}) names no option`,
  aiken_answer_unknown: (p: ProblemParams) => `ANSWER: ${p.letter} on line ${p.line} names no option (the options are ${p.first}–${p.last})`,
  aiken_answer_unknown_bare: (p: ProblemParams) => `ANSWER: ${p.letter} on line ${p.line} names no option`,
  aiken_answer_alone: () => "an ANSWER: line without a question before it",
  // Kahoot! (column names are the template's own: the same in every language).
  kahoot_not_workbook: (p: ProblemParams) => `The file is not a readable Excel workbook${p.why}; save the Kahoot! template as .xlsx and try again`,
  kahoot_no_header: () =>
    'No header row found: the first sheet needs a row with "Question", "Answer 1" … "Answer 4", "Time limit (sec)" and "Correct answer(s)", as in the Kahoot! template',
  kahoot_no_correct_column: (p: ProblemParams) => `Row ${p.row}: the header has no "Correct answer(s)" column`,
  kahoot_correct_empty: () => "has no correct answer (write the answer number in Correct answer(s), e.g. 2, or 1,3 for several)",
  kahoot_correct_format: (p: ProblemParams) => `correct answers must be answer numbers like 2 or 1,3 (found ${p.found})`,
  kahoot_correct_empty_answer: (p: ProblemParams) => `correct answer ${p.answer} names an empty answer`,
  kahoot_time_not_number: (p: ProblemParams) => `the time limit must be a number of seconds (found ${p.found})`,
  kahoot_no_rows: (p: ProblemParams) => `Row ${p.row}: there are no questions under the header row`,
  // Open Trivia DB (key names are the file's own: the same in every language).
  opentdb_not_object: () => "is not an object",
  opentdb_type: (p: ProblemParams) => `type ${p.quote} is not one Quizdeck reads (multiple, boolean); skipped`,
  opentdb_no_correct: () => 'has no "correct_answer"',
  opentdb_boolean_correct: (p: ProblemParams) => `a boolean question's correct_answer must be "True" or "False" (found ${p.found})`,
  opentdb_no_incorrect: () => 'has no "incorrect_answers" list',
  // The file as a whole.
  too_many_questions: (p: ProblemParams) =>
    `a quiz holds at most ${p.max} questions, so ${Number(p.count) > 1 ? "these were" : "it was"} left out; split the file to import them`,
  too_many_problems: (p: ProblemParams) => `not checked, because the file already has ${p.max} problems; fix those first`,
  no_questions: () => "The file has no questions",
  file_empty: () => "The file is empty",
  file_too_big: (p: ProblemParams) => `The file is ${p.size} MB; an import file may be at most ${p.max} MB`,
  file_zip_not_text: () => "This is a spreadsheet or zip file, not text; save it as CSV (UTF-8), or choose the Kahoot! format for the Kahoot! template",
  file_not_utf8: () => "The file is not UTF-8 text; save it as UTF-8 (in Excel: CSV UTF-8) and try again",
  file_not_bytes: (p: ProblemParams) => `The ${p.what} file must be sent as its bytes or as base64 of them; this text is neither`,
} as const satisfies Record<string, (p: ProblemParams) => string>;

export type ImportProblemCode = keyof typeof IMPORT_PROBLEMS;

export const isImportProblemCode = (value: unknown): value is ImportProblemCode => typeof value === "string" && Object.hasOwn(IMPORT_PROBLEMS, value);

/** The English of one coded reason. */
export function problemText(d: ProblemDetail): string {
  return IMPORT_PROBLEMS[d.code](d.params ?? {});
}
