import type { PlayerShared } from "../core/live/protocol";

type QuestionData = NonNullable<PlayerShared["question"]>["data"];

/**
 * Some valid answer to a live question, for the bots of the tests and benchmarks: `pick` chooses
 * among options (the first by default; the benchmark picks at random), `words` makes a word
 * cloud's entry.
 */
export function anyAnswer(data: QuestionData, pick: <T>(xs: T[]) => T = (xs) => xs[0]!, words: () => string[] = () => ["answer"]): unknown {
  switch (data.type) {
    case "single":
      return pick(data.options).id;
    case "multiple":
      return [pick(data.options).id];
    case "boolean":
      return pick([true, false]);
    case "text":
      return "answer";
    case "order":
      return data.items.map((i) => i.id);
    case "number":
      return data.min;
    case "wordcloud":
      return words();
    default:
      throw new Error(`no answer for a ${data.type} question`);
  }
}
