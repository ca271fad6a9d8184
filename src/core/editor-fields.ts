/**
 * Where a publishing problem is: the field path `validateForPublish` (src/core/editor.ts) keys it
 * by (the authoring shape's, e.g. "questions.0.options.3"), told as the editor shows it: which
 * question, which field (named from the catalogue, `editor.field`), and the id of the element the
 * summary links to and focuses.
 */
export type EditorFieldName =
  | "title"
  | "description"
  | "category"
  | "difficulty"
  | "language"
  | "tags"
  | "visibility"
  | "defaultTime"
  | "source"
  | "licence"
  | "prompt"
  | "option"
  | "options"
  | "optionFeedback"
  | "correct"
  | "feedback"
  | "accepted"
  | "acceptedN"
  | "items"
  | "item"
  | "answer"
  | "min"
  | "max"
  | "tolerance"
  | "unit"
  | "explanation"
  | "hint"
  | "timeLimit"
  | "points"
  | "imageUrl"
  | "imageAlt"
  | "audioUrl"
  | "weights"
  | "partial";

/** `n`: the 1-based number of an item or accepted answer; `letter`: an option's letter. */
export type EditorFieldPlace = {
  /** The question's index, or null for the quiz's settings (and the question list). */
  question: number | null;
  field: { name: EditorFieldName; n?: number; letter?: string } | null;
  /** The id of the element the summary links to. */
  anchor: string;
  /** A selector of the form control to focus, or null when there is none to focus. */
  focus: string | null;
};

const SETTINGS: Record<string, { name: EditorFieldName; id: string; control: boolean }> = {
  title: { name: "title", id: "f-title", control: true },
  description: { name: "description", id: "f-description", control: true },
  category: { name: "category", id: "f-category", control: true },
  difficulty: { name: "difficulty", id: "f-difficulty", control: true },
  language: { name: "language", id: "f-language", control: true },
  tags: { name: "tags", id: "f-tags", control: true },
  visibility: { name: "visibility", id: "f-visibility", control: false },
  timeLimit: { name: "defaultTime", id: "f-time", control: true },
  source: { name: "source", id: "f-source", control: false },
  licence: { name: "licence", id: "f-licence", control: false },
};

// Question fields whose editor control has the id `q{i}-{field}`.
const OWN_CONTROL = new Set<string>(["prompt", "answer", "min", "max", "tolerance", "unit", "explanation", "hint", "points", "imageUrl", "imageAlt", "audioUrl"]);

/** An option's letter, as its badge shows it (A, B, C…). */
export const optionLetter = (i: number) => String.fromCharCode(65 + i);

export function placeOfPath(path: string): EditorFieldPlace {
  const parts = path.split(".");
  const [head, index, field, sub] = parts;
  if (head !== "questions") {
    const s = head !== undefined ? SETTINGS[head] : undefined;
    if (!s) return { question: null, field: null, anchor: "settings-title", focus: null };
    return { question: null, field: { name: s.name }, anchor: s.id, focus: s.control ? `#${s.id}` : null };
  }
  if (index === undefined) return { question: null, field: null, anchor: "questions-title", focus: null };
  const q = Number(index);
  const card = `question-${q}`;
  const base = `q${q}`;
  const at = sub === undefined ? null : Number(sub);
  switch (field) {
    case "options":
      return at === null
        ? { question: q, field: { name: "options" }, anchor: card, focus: `#${base}-option-0` }
        : { question: q, field: { name: "option", letter: optionLetter(at) }, anchor: `${base}-option-${at}`, focus: `#${base}-option-${at}` };
    case "optionFeedback":
      return { question: q, field: at === null ? { name: "options" } : { name: "optionFeedback", letter: optionLetter(at) }, anchor: card, focus: null };
    case "optionWeights":
      return { question: q, field: { name: "weights" }, anchor: card, focus: `#${base}-weight-option-${at ?? 1}` };
    case "acceptedWeights":
      return { question: q, field: { name: "weights" }, anchor: card, focus: `#${base}-weight-accepted-${at ?? 0}` };
    case "partial":
      return { question: q, field: { name: "partial" }, anchor: card, focus: null };
    case "correct":
      return { question: q, field: { name: "correct" }, anchor: card, focus: `[name="${base}-correct"]` };
    case "feedback":
      return { question: q, field: { name: "feedback" }, anchor: card, focus: null };
    case "accepted":
      return at === null
        ? { question: q, field: { name: "accepted" }, anchor: card, focus: `#${base}-accepted-0` }
        : { question: q, field: { name: "acceptedN", n: at + 1 }, anchor: `${base}-accepted-${at}`, focus: `#${base}-accepted-${at}` };
    case "items":
      return at === null
        ? { question: q, field: { name: "items" }, anchor: card, focus: `#${base}-item-0` }
        : { question: q, field: { name: "item", n: at + 1 }, anchor: `${base}-item-${at}`, focus: `#${base}-item-${at}` };
    case "timeLimit":
      return { question: q, field: { name: "timeLimit" }, anchor: `${base}-time`, focus: `#${base}-time` };
    default:
      if (field !== undefined && OWN_CONTROL.has(field)) return { question: q, field: { name: field as EditorFieldName }, anchor: `${base}-${field}`, focus: `#${base}-${field}` };
      return { question: q, field: null, anchor: card, focus: null };
  }
}
