import type { PublicQuestion, RevealedKey } from "@/core/live/protocol";

type Words = { yes: string; no: string };

/** The revealed key in words, for the big screen and the phones (only ever called after the reveal). */
export function keyText(key: RevealedKey, question: PublicQuestion | null, words: Words): string {
  const options = question && "options" in question.data ? question.data.options : [];
  const textOf = (id: string) => options.find((o) => o.id === id)?.text ?? id;
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
  const lookup = data && "options" in data ? data.options : data && "items" in data ? data.items : [];
  const textOf = (id: string) => lookup.find((o) => o.id === id)?.text ?? id;
  if (typeof answer === "boolean") return answer ? words.yes : words.no;
  if (typeof answer === "number") return String(answer);
  if (Array.isArray(answer)) return answer.map((a) => textOf(String(a))).join(data?.type === "order" ? " → " : ", ");
  if (typeof answer === "string") return data?.type === "text" ? answer : textOf(answer);
  return "";
}
