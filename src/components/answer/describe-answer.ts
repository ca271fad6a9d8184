import type { Answer } from "@/core/grading";
import type { PublicQuestionData, QuestionType } from "@/core/question";

export type AnswerWords = { yes: string; no: string; none: string };
export type AnswerContext = { type: QuestionType; choices: { id: string; text: string }[]; unit?: string };

export function contextOf(data: PublicQuestionData): AnswerContext {
  if (data.type === "single" || data.type === "multiple") return { type: data.type, choices: data.options };
  if (data.type === "order") return { type: "order", choices: data.items };
  if (data.type === "number") return { type: "number", choices: [], unit: data.unit };
  return { type: data.type, choices: [] };
}

/** An answer written out in words, with choice ids replaced by their text. */
export function describeAnswer(ctx: AnswerContext, a: Answer | null, words: AnswerWords): string {
  if (a === null || a === "") return words.none;
  const textOf = (id: string) => ctx.choices.find((o) => o.id === id)?.text ?? id;
  if (typeof a === "boolean") return a ? words.yes : words.no;
  if (Array.isArray(a)) return a.map(textOf).join(ctx.type === "order" ? " → " : ", ");
  if (typeof a === "number") return ctx.unit ? `${a} ${ctx.unit}` : String(a);
  return ctx.type === "single" ? textOf(a) : a;
}
