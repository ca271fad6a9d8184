import type { Answer } from "@/core/grading";
import type { PublicQuestionData, QuestionType } from "@/core/question";

export type AnswerWords = { yes: string; no: string; none: string };
export type AnswerContext = { type: QuestionType; choices: { id: string; text: string }[]; unit?: string };

export function contextOf(data: PublicQuestionData): AnswerContext {
  if (data.type === "single" || data.type === "multiple" || data.type === "poll") return { type: data.type, choices: data.options };
  if (data.type === "order") return { type: "order", choices: data.items };
  if (data.type === "number") return { type: "number", choices: [], unit: data.unit };
  return { type: data.type, choices: [] };
}

/** An answer written out in words, with choice ids replaced by their text. */
export function describeAnswer(ctx: AnswerContext, a: Answer | null, words: AnswerWords): string {
  const { parts, separator } = describeAnswerParts(ctx, a, words);
  return parts.join(separator);
}

/** The same, as its pieces (each an author's text or a word) and what goes between them: each piece may be formatted text. */
export function describeAnswerParts(ctx: AnswerContext, a: Answer | null, words: AnswerWords): { parts: string[]; separator: string } {
  const one = (text: string) => ({ parts: [text], separator: "" });
  if (a === null || a === "") return one(words.none);
  const textOf = (id: string) => ctx.choices.find((o) => o.id === id)?.text ?? id;
  if (typeof a === "boolean") return one(a ? words.yes : words.no);
  if (Array.isArray(a)) return { parts: a.map(textOf), separator: ctx.type === "order" ? " → " : ", " };
  if (typeof a === "number") return one(ctx.unit ? `${a} ${ctx.unit}` : String(a));
  // A single choice's answer and a poll's vote are an option's id.
  return one(ctx.type === "single" || ctx.type === "poll" ? textOf(a) : a);
}
