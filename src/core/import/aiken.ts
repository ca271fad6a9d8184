import { buildMeta, Collector, splitLines, type ImportResult, type QuestionRef } from "./common";
import { problemText, type ProblemDetail } from "./problems";

/**
 * Aiken (Moodle): a question line, options `A.` or `A)` on the following lines, then
 * `ANSWER: B`. Blank lines between questions are optional. Read by hand: there is no maintained
 * parser. Extension: `ANSWER: A, C` (several letters) makes a multiple-choice question.
 */
const OPTION = /^([A-Za-z])[.)]\s*(\S.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

type Open = {
  ref: QuestionRef;
  prompt: string[];
  options: { letter: string; text: string; line: number }[];
};

export function parseAiken(text: string, fallbackTitle?: string): ImportResult {
  const c = new Collector("line");
  let current: Open | undefined;

  const finish = (q: Open, answer?: { text: string; line: number }) => {
    if (c.full) return c.skip(q.ref);
    const reasons: ProblemDetail[] = [];
    const misplaced = q.options.find((o, i) => o.letter !== String.fromCharCode(65 + i));
    if (misplaced)
      reasons.push({ code: "aiken_option_order", params: { letter: misplaced.letter, line: misplaced.line } });
    if (q.options.length < 2)
      reasons.push({ code: "aiken_too_few_options", params: { found: q.options.length } });
    let correct: number[] = [];
    if (!answer) reasons.push({ code: "aiken_answer_missing" });
    else {
      const letters = answer.text.split(/[\s,;]+/).filter(Boolean);
      if (letters.length === 0) reasons.push({ code: "aiken_answer_empty", params: { line: answer.line } });
      for (const letter of letters) {
        const index = q.options.findIndex((o) => o.letter === letter.toUpperCase());
        if (index < 0) {
          const named = letter.length > 6 ? `${letter.slice(0, 5)}…` : letter;
          reasons.push(
            q.options.length > 0
              ? { code: "aiken_answer_unknown", params: { letter: named, line: answer.line, first: q.options[0]!.letter, last: q.options.at(-1)!.letter } }
              : { code: "aiken_answer_unknown_bare", params: { letter: named, line: answer.line } },
          );
        } else if (!correct.includes(index)) correct.push(index);
      }
    }
    if (reasons.length > 0) return c.fail(q.ref, reasons);
    correct = correct.sort((a, b) => a - b);
    const options = q.options.map((o) => o.text);
    const prompt = q.prompt.join("\n");
    c.add(
      q.ref,
      correct.length === 1 ? { type: "single", prompt, options, correct: correct[0] } : { type: "multiple", prompt, options, correct },
    );
  };

  splitLines(text).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.trim();
    if (line === "") return;
    const answer = ANSWER.exec(line);
    if (answer) {
      if (!current) return c.problem(lineNo, `Line ${lineNo}: ${problemText({ code: "aiken_answer_alone" })}`, [{ code: "aiken_answer_alone" }]);
      finish(current, { text: answer[1] ?? "", line: lineNo });
      current = undefined;
      return;
    }
    const option = OPTION.exec(line);
    // Options start with A (a line like "I. Newton …" before them is still the question).
    if (option && current && (current.options.length > 0 || (option[1] as string).toUpperCase() === "A")) {
      current.options.push({ letter: (option[1] as string).toUpperCase(), text: (option[2] as string).trim(), line: lineNo });
      return;
    }
    if (!current) {
      current = { ref: c.next(lineNo), prompt: [line], options: [] };
      return;
    }
    if (current.options.length === 0) {
      current.prompt.push(line); // a question may run over several lines before its options
      return;
    }
    // A new question starts while the last one still waits for its ANSWER line.
    finish(current);
    current = { ref: c.next(lineNo), prompt: [line], options: [] };
  });
  if (current) finish(current);

  return c.result(buildMeta({}, () => {}, fallbackTitle));
}
