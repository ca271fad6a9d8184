import { z } from "./zod";
import { stableShuffle, type QuestionData, type QuestionType } from "./question";

/**
 * Answers as players send them (docs/rules.md §7 / issue 3): single → option id, multiple → option
 * ids, boolean → true/false, text → string, order → item ids in order, number → number, poll → option
 * id; a slide takes none.
 */
export const ANSWER_SCHEMAS = {
  single: z.string().min(1).max(64),
  multiple: z.array(z.string().min(1).max(64)).min(1).max(6),
  boolean: z.boolean(),
  text: z.string().max(200),
  order: z.array(z.string().min(1).max(64)).min(2).max(6),
  number: z.number().finite(),
  poll: z.string().min(1).max(64),
  /** A slide takes no answer: nothing parses (solo's Continue sends none). */
  slide: z.never(),
  /** A word cloud: 1–3 words of at most 40 characters (the question's maxWords is checked on answering). */
  wordcloud: z
    .array(z.string().trim().max(40))
    .max(3)
    .transform((words) => words.filter((w) => w !== ""))
    .refine((words) => words.length > 0),
  /** An open answer: free text, not empty (the question's maxLength, ≤ 500, is checked on answering). */
  open: z.string().trim().min(1).max(500),
} as const satisfies Record<QuestionType, z.ZodType>;

export type Answer = string | string[] | boolean | number;

export type Grade = {
  /** Exactly right. */
  correct: boolean;
  /** Share of the points earned: 1 right, 0 wrong, in between for a partly right multiple-select. */
  share: number;
};

/** Lower case, no surrounding or repeated spaces, no accents: "  Ciudad de MÉXICO " → "ciudad de mexico". */
export function normalizeText(s: string): string {
  return s.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();
}

/** Checks that an answer has the shape its question type takes; null when it does not. */
export function parseAnswer(type: QuestionType, answer: unknown): Answer | null {
  const parsed = ANSWER_SCHEMAS[type].safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/**
 * An answer worth `percent` of the points (docs/rules.md, "Partial credit"): 100 is right, 0 wrong,
 * in between a partial answer (scored, but not right: it keeps no streak).
 */
export function weighted(percent: number): Grade {
  if (!(percent > 0)) return { correct: false, share: 0 };
  if (percent >= 100) return { correct: true, share: 1 };
  return { correct: false, share: percent / 100 };
}

/**
 * An estimation's share (docs/rules.md, "Estimation"): full within the tolerance, then falling in a
 * straight line with the distance beyond it, to nothing at half the question's range (max − min)
 * away; rounded to whole percents.
 */
export function estimationShare(data: { answer: number; tolerance: number; min: number; max: number }, guess: number): number {
  const beyond = Math.abs(guess - data.answer) - data.tolerance;
  if (beyond <= 1e-9) return 1;
  const reach = (data.max - data.min) / 2;
  if (!(reach > 0)) return 0;
  return Math.max(0, Math.round((1 - beyond / reach) * 100) / 100);
}

const within = (guess: number, answer: number, tolerance: number) => Math.abs(guess - answer) <= tolerance + 1e-9;

export function gradeAnswer(data: QuestionData, answer: Answer): Grade {
  const yes = { correct: true, share: 1 };
  const no = { correct: false, share: 0 };
  switch (data.type) {
    case "single": {
      if (answer === data.correct) return yes;
      return weighted(data.options.find((o) => o.id === answer)?.weight ?? 0);
    }
    case "multiple": {
      if (!Array.isArray(answer)) return no;
      const picked = new Set(answer);
      const right = new Set(data.correct);
      if ([...picked].some((id) => !right.has(id))) return no; // any wrong choice: nothing
      const share = [...picked].filter((id) => right.has(id)).length / right.size;
      return { correct: share === 1, share };
    }
    case "boolean":
      return answer === data.correct ? yes : no;
    case "text": {
      if (typeof answer !== "string") return no;
      const given = normalizeText(answer);
      if (given === "") return no;
      // The best weight among the accepted answers it matches (absent weights: 100 %).
      let best = 0;
      data.accepted.forEach((a, i) => {
        if (normalizeText(a) === given) best = Math.max(best, data.weights?.[i] ?? 100);
      });
      return weighted(best);
    }
    case "order":
      return Array.isArray(answer) && answer.length === data.items.length && data.items.every((item, i) => item.id === answer[i])
        ? yes
        : no;
    case "number": {
      if (typeof answer !== "number") return no;
      if (within(answer, data.answer, data.tolerance)) return yes;
      if (data.scoring === "closest") return { correct: false, share: estimationShare(data, answer) };
      const best = Math.max(0, ...(data.partial ?? []).filter((p) => within(answer, p.answer, p.tolerance)).map((p) => p.weight));
      return weighted(best);
    }
    case "poll":
    case "slide":
    case "wordcloud":
    case "open": // marked by a person later, if at all (docs/rules.md §5)
      return no; // no right answer: never correct, never scored (see isGraded)
  }
}

/** The correct answer in the shape a player sends one (for the reveal after answering). */
export function correctAnswerOf(data: QuestionData): Answer {
  switch (data.type) {
    case "single":
      return data.correct;
    case "multiple":
      return data.correct;
    case "boolean":
      return data.correct;
    case "text":
      return data.accepted[0] ?? "";
    case "order":
      return data.items.map((i) => i.id);
    case "number":
      return data.answer;
    case "poll":
    case "slide":
    case "wordcloud":
      return ""; // no right answer to reveal
    case "open":
      return data.modelAnswer ?? "";
  }
}

export type HintHelp = { removedOptionIds?: string[]; firstLetter?: string };

/**
 * The mechanical part of a hint (docs/rules.md §9): choice questions lose half of their wrong
 * options (rounded down, chosen by seed so a reload removes the same ones), typed answers show
 * their first letter. Other types get only the authored hint text.
 */
export function hintHelp(data: QuestionData, seed: string): HintHelp {
  switch (data.type) {
    case "single":
    case "multiple": {
      const right = new Set(data.type === "single" ? [data.correct] : data.correct);
      const wrong = data.options.filter((o) => !right.has(o.id));
      const count = Math.floor(wrong.length / 2);
      return { removedOptionIds: stableShuffle(wrong, seed).slice(0, count).map((o) => o.id) };
    }
    case "text": {
      const first = data.accepted[0]?.trim();
      return first ? { firstLetter: first.charAt(0).toUpperCase() } : {};
    }
    default:
      return {};
  }
}
