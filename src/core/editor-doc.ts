import type { QuestionType } from "./question";
import { carriesPoints } from "./question";
import { OPEN_LIMITS } from "./open-answer";
import type { DIFFICULTIES, VISIBILITIES } from "./quiz-limits";

/**
 * The editor's working copy of a quiz. It holds whatever the author has typed, valid or not, so a
 * draft is never refused and never lost; publishing checks it against docs/rules.md §5
 * (`validateForPublish`). Every question and option keeps a stable id, so published questions are
 * updated in place and past attempts still point at the right options.
 */
/** `feedback`: what a learner who picks the option is told (kept from imports such as GIFT). */
/** `weight`: a wrong single-choice option's partial credit in percent (docs/rules.md, "Partial credit"). */
export type EditorOption = { id: string; text: string; correct: boolean; feedback?: string; weight?: number | null };
/** A number worth part of the points, as typed. */
export type EditorNumberPartial = { answer: number | null; tolerance: number | null; weight: number | null };
export type EditorItem = { id: string; text: string };
export type EditorQuestion = {
  id: string;
  type: QuestionType;
  prompt: string;
  options: EditorOption[];
  booleanAnswer: boolean;
  /** A true/false question's feedback for a right and a wrong answer. */
  booleanFeedback?: { right?: string; wrong?: string };
  accepted: string[];
  /** Percent per accepted answer, in its order (absent or null: 100 %). */
  acceptedWeights?: (number | null)[];
  items: EditorItem[];
  number: {
    answer: number | null;
    min: number | null;
    max: number | null;
    tolerance: number | null;
    unit: string;
    partial?: EditorNumberPartial[];
    scoring?: "exact" | "closest";
  };
  explanation: string;
  hint: string;
  timeLimit: number | null;
  points: number;
  /**
   * The question's optional picture: its address and what it shows (alt text), as typed. Absent
   * in drafts saved before pictures could be edited, so both are optional rather than "".
   */
  imageUrl?: string;
  imageAlt?: string;
  /** The question's optional audio clip's address, as typed (docs/rules.md §5 "Audio"); absent in older drafts. */
  audioUrl?: string;
  /** A slide's text (its title is the prompt); absent in drafts saved before slides. */
  slideText?: string;
  maxWords?: number; // a word cloud's answers per player (1–3); absent in older drafts
  /** An open answer's longest text (≤ 500) and its model answer; absent in other types. */
  maxLength?: number;
  modelAnswer?: string;
};
export type EditorDoc = {
  title: string;
  description: string;
  category: string;
  difficulty: (typeof DIFFICULTIES)[number];
  language: string;
  tags: string[];
  visibility: (typeof VISIBILITIES)[number];
  speedBonus: boolean;
  streakBonus: boolean;
  timeLimit: number;
  source: string;
  licence: string;
  questions: EditorQuestion[];
};

export function emptyDoc(language = "en"): EditorDoc {
  return {
    title: "",
    description: "",
    category: "general",
    difficulty: "mixed",
    language,
    tags: [],
    visibility: "public",
    speedBonus: true,
    streakBonus: true,
    timeLimit: 20,
    source: "",
    licence: "",
    questions: [],
  };
}

export function emptyQuestion(type: QuestionType, newId: () => string): EditorQuestion {
  const opt = (correct: boolean): EditorOption => ({ id: newId(), text: "", correct });
  return {
    id: newId(),
    type,
    prompt: "",
    options: type === "single" || type === "multiple" || type === "poll" ? [opt(true), opt(false), opt(false), opt(false)] : [opt(true), opt(false)],
    booleanAnswer: true,
    accepted: [""],
    items: [
      { id: newId(), text: "" },
      { id: newId(), text: "" },
      { id: newId(), text: "" },
    ],
    number: { answer: null, min: null, max: null, tolerance: 0, unit: "" },
    explanation: "",
    hint: "",
    timeLimit: null,
    points: carriesPoints(type) ? 1000 : 0,
    ...(type === "slide" ? { slideText: "" } : type === "wordcloud" ? { maxWords: 1 } : type === "open" ? { maxLength: OPEN_LIMITS.maxLengthDefault, modelAnswer: "" } : {}),
  };
}

/** A copy of a question with fresh ids (the editor's Duplicate). */
export function duplicateQuestion(q: EditorQuestion, newId: () => string): EditorQuestion {
  return {
    ...q,
    id: newId(),
    options: q.options.map((o) => ({ ...o, id: newId() })),
    items: q.items.map((i) => ({ ...i, id: newId() })),
    accepted: [...q.accepted],
    number: { ...q.number },
  };
}

/** Switching type keeps what carries over (the prompt, texts of options and items). */
export function changeType(q: EditorQuestion, type: QuestionType, newId: () => string): EditorQuestion {
  const next = { ...q, type };
  // A poll or a slide carries no points; a graded type gets the usual 1000 back.
  if (!carriesPoints(type)) next.points = 0;
  else if (!carriesPoints(q.type) && q.points === 0) next.points = 1000;
  if (type === "open" && next.maxLength === undefined) next.maxLength = OPEN_LIMITS.maxLengthDefault;
  if (type === "single") {
    const first = Math.max(0, q.options.findIndex((o) => o.correct));
    next.options = q.options.map((o, i) => ({ ...o, correct: i === first }));
  }
  if ((type === "single" || type === "multiple" || type === "poll") && q.options.length < 2) {
    next.options = emptyQuestion(type, newId).options;
  }
  if (type === "order" && q.items.every((i) => !i.text.trim()) && q.options.some((o) => o.text.trim())) {
    next.items = q.options.map((o) => ({ id: newId(), text: o.text }));
  }
  return next;
}

/** A true/false question's feedback without blanks, or nothing. */
export function booleanFeedbackOf(f: { right?: string | undefined; wrong?: string | undefined } | undefined): { feedback?: { right?: string; wrong?: string } } {
  const right = f?.right?.trim();
  const wrong = f?.wrong?.trim();
  return right || wrong ? { feedback: { ...(right ? { right } : {}), ...(wrong ? { wrong } : {}) } } : {};
}

/**
 * Whether two working copies hold the same thing, as stored: keys in any order (PostgreSQL's jsonb
 * keeps its own), and a key set to `undefined` the same as one left out (JSON drops it). A save
 * whose copy is the same as the newer stored one is no conflict: nothing of either is lost. This
 * happens when a closed tab's last save lands after the reopened page sent the same text from the
 * device's copy.
 */
export function sameDoc(a: EditorDoc, b: EditorDoc): boolean {
  return sameJson(a, b);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const entries = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const ea = entries(a);
  const eb = new Map(entries(b));
  return ea.length === eb.size && ea.every(([k, v]) => eb.has(k) && sameJson(v, eb.get(k)));
}
