/**
 * Question types, their stored answer data, and the public view a player may see before answering.
 * Pure: no framework or database imports.
 */
export const QUESTION_TYPES = ["single", "multiple", "boolean", "text", "order", "number", "poll", "slide", "wordcloud", "open"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * Types with no right answer and no points (docs/rules.md §5): a poll collects votes, a slide
 * shows content, a word cloud collects short answers. They never count towards a score, "correct of N", a maximum score or study.
 */
export const UNGRADED_TYPES = ["poll", "slide", "wordcloud", "open"] as const satisfies readonly QuestionType[];
export type UngradedType = (typeof UNGRADED_TYPES)[number];
export const isGraded = (type: QuestionType): boolean => type !== "poll" && type !== "slide" && type !== "wordcloud" && type !== "open";
/** The types with a right answer, graded as they are answered. */
export const GRADED_TYPES = QUESTION_TYPES.filter(isGraded);

/**
 * N in an attempt's "correct of N", and what its % right divides by: the questions with a right
 * answer, and the open answers its challenge's owner marked (right or wrong). Polls, slides, word
 * clouds and unmarked open answers are left out (docs/rules.md §5).
 */
export const correctOfTotal = (counts: { gradedQuestions: number; markedOpen: number }): number => counts.gradedQuestions + counts.markedOpen;

/**
 * Types that are not study cards: nothing to recall. An open answer is not auto-graded but is a
 * card (its reveal shows the model answer, the learner rates it; docs/rules.md §10).
 */
export const NOT_CARD_TYPES = ["poll", "slide", "wordcloud"] as const satisfies readonly QuestionType[];
export const isCard = (type: QuestionType): boolean => type !== "poll" && type !== "slide" && type !== "wordcloud";
/** Types worth points: the graded ones, and an open answer (when its challenge's owner marks it right). */
export const carriesPoints = (type: QuestionType): boolean => isGraded(type) || type === "open";
/** A slide takes no answer at all: the host (live) or the player (solo, Continue) moves on. */
export const takesAnswer = (type: QuestionType): boolean => type !== "slide";

export type Choice = { id: string; text: string };
/**
 * A stored option may carry feedback for a learner who picks it (GIFT's `~option # feedback`) and,
 * in a single-choice question, partial credit: the percent of the points a wrong option still
 * earns (GIFT's `~%50%option`; docs/rules.md, "Partial credit"). The correct option earns 100 %.
 */
export type FeedbackChoice = Choice & { feedback?: string; weight?: number };
/** A number that earns part of the points: within `tolerance` of `answer`, `weight` percent (GIFT's `=%50%1822:2`). */
export type NumberPartial = { answer: number; tolerance: number; weight: number };
/** A true/false question's feedback for a right and for a wrong answer. */
export type BooleanFeedback = { right?: string; wrong?: string };

/** What the database keeps for a question, answer key included. */
export type QuestionData =
  | { type: "single"; options: FeedbackChoice[]; correct: string }
  | { type: "multiple"; options: FeedbackChoice[]; correct: string[] }
  | { type: "boolean"; correct: boolean; feedback?: BooleanFeedback }
  /** `weights`: percent per accepted answer, in its order (absent: all 100 %); GIFT's `=%75%Nazereth`. */
  | { type: "text"; accepted: string[]; weights?: number[] }
  | { type: "order"; items: Choice[] } // items in the correct order
  | { type: "number"; min: number; max: number; answer: number; tolerance: number; unit?: string; partial?: NumberPartial[]; scoring?: NumberScoring }
  | { type: "poll"; options: Choice[] } // no right answer
  | { type: "slide"; text: string } // content only: the title is the prompt
  | { type: "wordcloud"; maxWords: number } // 1–3 short answers per player, no right answer
  /** Free text of at most maxLength characters, not auto-graded; the model answer shows after answering. */
  | { type: "open"; maxLength: number; modelAnswer?: string };

/** "exact": right within the tolerance (and partial ranges); "closest": an estimation (docs/rules.md, "Estimation"). */
export type NumberScoring = "exact" | "closest";

/** What a player receives before answering: nothing that tells which answer is right. */
export type PublicQuestionData =
  | { type: "single"; options: Choice[] }
  | { type: "multiple"; options: Choice[] }
  | { type: "boolean" }
  | { type: "text" }
  | { type: "order"; items: Choice[] } // shuffled, never in the correct order
  | { type: "number"; min: number; max: number; unit?: string }
  | { type: "poll"; options: Choice[] }
  | { type: "slide"; text: string }
  | { type: "wordcloud"; maxWords: number }
  | { type: "open"; maxLength: number }; // never the model answer before answering

/** FNV-1a: a small stable hash, so a question's shuffle is the same on every request. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mulberry32 PRNG seeded from a string. */
function seeded(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Shuffles items deterministically by seed; with two or more items the result never equals the
 * input order, so the order shown can never be the answer.
 */
export function stableShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  if (out.length < 2) return out;
  const rand = seeded(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  if (out.every((item, i) => item === items[i])) out.push(out.shift() as T);
  return out;
}

export function toPublicData(data: QuestionData, seed: string): PublicQuestionData {
  switch (data.type) {
    case "single":
    case "multiple":
    case "poll":
      return { type: data.type, options: data.options.map(({ id, text }) => ({ id, text })) };
    case "slide":
      return { type: "slide", text: data.text };
    case "wordcloud":
      return { type: "wordcloud", maxWords: data.maxWords };
    case "open":
      return { type: "open", maxLength: data.maxLength };
    case "boolean":
    case "text":
      return { type: data.type };
    case "order":
      return { type: "order", items: stableShuffle(data.items, seed).map(({ id, text }) => ({ id, text })) };
    case "number":
      return data.unit
        ? { type: "number", min: data.min, max: data.max, unit: data.unit }
        : { type: "number", min: data.min, max: data.max };
  }
}

/**
 * The feedback an answer earns, shown with the reveal: each picked option's own feedback, or a
 * true/false question's feedback for a right or a wrong answer. Empty when there is none.
 */
export function answerFeedback(data: QuestionData, answer: unknown, correct: boolean): string[] {
  switch (data.type) {
    case "single":
    case "multiple": {
      const picked = new Set(Array.isArray(answer) ? answer : [answer]);
      return data.options.flatMap((o) => (picked.has(o.id) && o.feedback ? [o.feedback] : []));
    }
    case "boolean": {
      if (answer === null || answer === undefined) return [];
      const text = correct ? data.feedback?.right : data.feedback?.wrong;
      return text ? [text] : [];
    }
    default:
      return [];
  }
}

/**
 * A poll's votes per option, in the options' order: the answers given, plus votes already counted
 * by option id (from storage); answers that name no option are not counted.
 */
export function pollCounts(
  options: readonly Choice[],
  answers: readonly unknown[],
  counted: ReadonlyMap<string, number> = new Map(),
): { id: string; text: string; count: number }[] {
  const counts = new Map(counted);
  for (const a of answers) if (typeof a === "string") counts.set(a, (counts.get(a) ?? 0) + 1);
  return options.map((o) => ({ id: o.id, text: o.text, count: counts.get(o.id) ?? 0 }));
}
