import { tileLetter } from "@/core/live/phone-question";
import type { PublicQuestion, RevealedKey } from "@/core/live/protocol";

type Named = { id: string; text: string };
/** An option's text, or its tile's letter when the phones do not get the texts (settings.questionOnPhones off). */
const nameIn = (list: readonly Named[]) => (id: string) => {
  const i = list.findIndex((o) => o.id === id);
  return i === -1 ? id : list[i]!.text || tileLetter(i);
};

type Words = { yes: string; no: string };

/** The revealed key in words, for the big screen and the phones (only ever called after the reveal). */
export function keyText(key: RevealedKey, question: PublicQuestion | null, words: Words): string {
  const textOf = nameIn(question && "options" in question.data ? question.data.options : []);
  switch (key.type) {
    case "single":
      return textOf(key.correct);
    case "multiple":
      return key.correct.map(textOf).join(", ");
    case "boolean":
      return key.correct ? words.yes : words.no;
    case "text":
      return key.accepted.join(" / ");
    case "order":
      return key.order.map((o) => o.text).join(" → ");
    case "number":
      return `${key.answer}${key.tolerance ? ` ± ${key.tolerance}` : ""}${key.unit ? ` ${key.unit}` : ""}`;
    default:
      return ""; // a poll, a slide, a word cloud: no right answer
  }
}

/** A player's own answer in words. */
export function answerText(answer: unknown, question: PublicQuestion | null, words: Words): string {
  if (answer === null || answer === undefined) return "";
  const data = question?.data;
  const textOf = nameIn(data && "options" in data ? data.options : data && "items" in data ? data.items : []);
  if (typeof answer === "boolean") return answer ? words.yes : words.no;
  if (typeof answer === "number") return String(answer);
  if (Array.isArray(answer)) return answer.map((a) => textOf(String(a))).join(data?.type === "order" ? " → " : ", ");
  if (typeof answer === "string") return data?.type === "text" || data?.type === "open" ? answer : textOf(answer);
  return "";
}
