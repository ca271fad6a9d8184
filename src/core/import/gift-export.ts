import type { QuestionInput, QuizInput } from "../quiz-schema";
import { mapMath } from "../rich-text";

/**
 * A quiz written as Moodle GIFT, with the Quizdeck extensions that gift.ts reads back (quiz and
 * question metadata in `// quizdeck…` comments; order questions as matchings to positions).
 */
/** Escapes GIFT's special characters; a text that would read as syntax gets an explicit [moodle]. */
function giftText(s: string): string {
  const escaped = s.replace(/[\\~=#{}:]/g, (ch) => `\\${ch}`).replace(/\r\n|\r|\n/g, "\\n");
  return /^(\[(html|markdown|plain|moodle)\]|%|\/\/)/i.test(s) ? `[moodle]${escaped}` : escaped;
}

/**
 * A shown text (prompt, option, item, feedback, explanation) as GIFT: Moodle's MathJax typesets
 * `\(…\)` and `$$…$$` but not `$…$`, so inline formulas go out as `\(…\)`, which the import
 * reads back as `$…$` (texDelimiters in text.ts). Accepted answers are compared with what is typed: as they are.
 */
const giftShown = (s: string): string => giftText(mapMath(s, (m) => (m.display ? m.source : `\\(${m.tex}\\)`)));

/** Decimal notation (GIFT numbers have no exponent). */
function giftNumber(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? n.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 }) : s;
}

function weight(k: number): string {
  return String(Number((100 / k).toFixed(5)));
}

/** GIFT's `#feedback` after an answer, when there is one. */
const withFeedback = (answer: string, feedback: string | undefined) => (feedback ? `${answer}#${giftShown(feedback)}` : answer);

function questionBlock(q: QuestionInput): string {
  const extra: Record<string, unknown> = {};
  if (q.hint) extra.hint = q.hint;
  if (q.points !== 1000) extra.points = q.points;
  if (q.timeLimit !== undefined) extra.timeLimit = q.timeLimit;
  if (q.imageUrl) extra.imageUrl = q.imageUrl;
  const answers: string[] = [];
  switch (q.type) {
    case "single":
      q.options.forEach((o, i) => {
        const w = q.optionWeights?.[i] ?? 0;
        const mark = i === q.correct ? "=" : w > 0 ? `~%${giftNumber(w)}%` : "~";
        answers.push(withFeedback(`${mark}${giftShown(o)}`, q.optionFeedback?.[i]));
      });
      break;
    case "multiple": {
      const w = weight(q.correct.length);
      q.options.forEach((o, i) => answers.push(withFeedback(`~%${q.correct.includes(i) ? w : "-100"}%${giftShown(o)}`, q.optionFeedback?.[i])));
      break;
    }
    case "boolean":
      // The first feedback is for a wrong answer, the second for a right one.
      if (q.feedback?.right) answers.push(`${q.correct ? "TRUE" : "FALSE"}#${giftShown(q.feedback.wrong ?? "")}#${giftShown(q.feedback.right)}`);
      else answers.push(withFeedback(q.correct ? "TRUE" : "FALSE", q.feedback?.wrong));
      break;
    case "text":
      q.accepted.forEach((a, i) => {
        const w = q.acceptedWeights?.[i] ?? 100;
        answers.push(`=${w === 100 ? "" : `%${giftNumber(w)}%`}${giftText(a)}`);
      });
      break;
    case "order":
      if (q.items.some((it) => it.includes("->"))) extra.items = q.items;
      q.items.forEach((it, i) => answers.push(`=${giftShown(it.replace(/->/g, "→"))} -> ${i + 1}`));
      break;
    case "number": {
      const a = giftNumber(q.answer);
      const t = giftNumber(q.tolerance);
      if (Number(a) !== q.answer) extra.answer = q.answer;
      if (Number(t) !== q.tolerance) extra.tolerance = q.tolerance;
      extra.min = q.min;
      extra.max = q.max;
      if (q.unit) extra.unit = q.unit;
      if (q.scoring) extra.scoring = q.scoring;
      if (q.partial?.length) {
        // Moodle's form for several weighted numbers: `{#=1822:0 =%50%1822:2}`.
        answers.push(`#=${a}:${t}`);
        for (const p of q.partial) answers.push(`=%${giftNumber(p.weight)}%${giftNumber(p.answer)}:${giftNumber(p.tolerance)}`);
      } else answers.push(q.tolerance === 0 ? `#${a}` : `#${a}:${t}`);
      break;
    }
    case "open":
      // Moodle's essay (`{}`): the length and model answer ride in the quizdeck comment.
      extra.maxLength = q.maxLength;
      if (q.modelAnswer) extra.modelAnswer = q.modelAnswer;
      break;
  }
  if (q.explanation) answers.push(`####${giftShown(q.explanation)}`);
  const lines: string[] = [];
  if (Object.keys(extra).length > 0) lines.push(`// quizdeck: ${JSON.stringify(extra)}`);
  lines.push(`${giftShown(q.prompt)} {`, ...answers, "}");
  return lines.join("\n");
}

/** A quiz as GIFT, with the Quizdeck extensions described at the top of this file. */
export function exportGift(quiz: QuizInput): string {
  const meta: Record<string, unknown> = {
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    language: quiz.language,
    tags: quiz.tags,
    timeLimit: quiz.timeLimit,
    speedBonus: quiz.speedBonus,
    streakBonus: quiz.streakBonus,
  };
  if (quiz.source) meta.source = quiz.source;
  if (quiz.licence) meta.licence = quiz.licence;
  const head = [`// quizdeck-quiz: ${JSON.stringify(meta)}`, `$CATEGORY: ${quiz.title.replace(/\//g, "//").replace(/[\r\n]+/g, " ")}`].join("\n");
  // GIFT has no poll, slide or word cloud: they are left out (docs/rules.md §5).
  const kept = quiz.questions.filter((q) => q.type !== "poll" && q.type !== "slide" && q.type !== "wordcloud");
  return `${[head, ...kept.map(questionBlock)].join("\n\n")}\n`;
}
