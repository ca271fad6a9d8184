import { Fragment } from "react";
import type { Answer } from "@/core/grading";
import { Rich, type RichHtml } from "@/components/ui/rich";
import { describeAnswerParts, type AnswerContext, type AnswerWords } from "./describe-answer";

/**
 * An answer written out (describeAnswer), each chosen option's text formatted as the question shows
 * it: the HTML comes from the nearest RichProvider, or `html`. No hooks: usable on server pages too.
 */
export function AnswerText({ ctx, answer, words, html }: { ctx: AnswerContext; answer: Answer | null; words: AnswerWords; html?: RichHtml }) {
  const { parts, separator } = describeAnswerParts(ctx, answer, words);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && separator}
      <Rich text={part} html={html} />
    </Fragment>
  ));
}
