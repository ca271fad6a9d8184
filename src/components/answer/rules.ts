import type { Answer } from "@/core/grading";
import type { PublicQuestionData } from "@/core/question";

/** Single choice and true/false are answered by activating an option; the other types keep Submit. */
export const isOneTap = (type: PublicQuestionData["type"]): boolean => type === "single" || type === "boolean" || type === "poll";

/** Order questions start from the order shown, which is already an answer; others start empty. */
export function initialAnswer(data: PublicQuestionData | null | undefined): Answer | null {
  return data?.type === "order" ? data.items.map((i) => i.id) : null;
}

/** Whether an answer is one Submit may send (an empty pick or blank text is not). */
export function isComplete(type: PublicQuestionData["type"], answer: Answer | null): answer is Answer {
  if (answer === null) return false;
  if (type === "multiple") return Array.isArray(answer) && answer.length > 0;
  if (type === "open") return typeof answer === "string" && answer.trim() !== "";
  if (type === "text") return typeof answer === "string" && answer.trim() !== "";
  if (type === "wordcloud") return Array.isArray(answer) && answer.some((w) => w.trim() !== "");
  return true;
}

export const selectedIds = (value: Answer | null) => new Set(Array.isArray(value) ? value : typeof value === "string" ? [value] : []);
