"use client";

import BookOpen from "lucide-react/icons/book-open";
import ChartBar from "lucide-react/icons/chart-bar";
import CheckCircle2 from "lucide-react/icons/circle-check";
import NotebookPen from "lucide-react/icons/notebook-pen";
import XCircle from "lucide-react/icons/circle-x";
import { PollBars } from "@/components/answer/poll-bars";
import { WordCloud } from "@/components/answer/word-cloud";
import { useFormatter, useTranslations } from "next-intl";
import { forwardRef } from "react";
import { clsx } from "clsx";
import { contextOf, describeAnswer } from "@/components/answer/describe-answer";
import type { Phase } from "./use-solo-attempt";
import { Rich } from "@/components/ui/rich";

/** The verdict on the last answer. It takes focus (tabIndex -1), so the next Tab reaches "Next question". */
export const FeedbackPanel = forwardRef<HTMLDivElement, { phase: Extract<Phase, { kind: "feedback" }> }>(function FeedbackPanel({ phase }, ref) {
  const t = useTranslations("play");
  const format = useFormatter();
  const { feedback: f, question } = phase;
  const words = { yes: t("true"), no: t("false"), none: t("noAnswer") };
  if (question.type === "open") {
    // An open answer: not auto-graded, so no verdict ("not marked", never wrong) and the model answer if any.
    return (
      <div ref={ref} tabIndex={-1} className="rounded-xl focus-visible:outline-none" data-testid="feedback" data-open>
        <p className="flex items-center gap-2 text-xl font-extrabold text-brand-700 dark:text-brand-300" lang="">
          <NotebookPen className="size-7" aria-hidden />
          {!f.answered ? t("timeUp") : t("notMarked")}
        </p>
        {f.answered && (
          <p className="mt-3 text-sm whitespace-pre-line">
            <span className="font-semibold" lang="">
              {t("yourLabel")}{" "}
            </span>
            <span data-testid="open-own">{typeof f.answer === "string" ? f.answer : ""}</span>
          </p>
        )}
        {typeof f.correctAnswer === "string" && f.correctAnswer !== "" && (
          <p className="mt-2 whitespace-pre-line">
            <span className="font-semibold" lang="">
              {t("modelLabel")}{" "}
            </span>
            <span data-testid="model-answer">
              <Rich text={f.correctAnswer} />
            </span>
          </p>
        )}
        {f.explanation && (
          <p className="mt-4 flex gap-2 rounded-xl bg-zinc-100 px-4 py-3 text-sm leading-relaxed dark:bg-zinc-800">
            <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
            <span><Rich text={f.explanation} /></span>
          </p>
        )}
      </div>
    );
  }
  if (!f.graded) {
    // A poll: no verdict and no points, the room's votes instead.
    return (
      <div ref={ref} tabIndex={-1} className="rounded-xl focus-visible:outline-none" data-testid="feedback" data-poll>
        <p className="flex items-center gap-2 text-xl font-extrabold text-brand-700 dark:text-brand-300" lang="">
          <ChartBar className="size-7" aria-hidden />
          {!f.answered ? t("timeUp") : question.type === "wordcloud" ? t("wordsThanks") : t("pollThanks")}
        </p>
        {f.cloud && (
          <div className="mt-4">
            <p className="mb-2 text-sm font-semibold" lang="">
              {t("cloudEveryone")}
            </p>
            <WordCloud words={f.cloud} countLabel={(count) => t("times", { count })} empty={t("cloudEmpty")} />
          </div>
        )}
        {f.poll && (
          <div className="mt-4">
            <p className="mb-2 text-sm font-semibold" lang="">
              {t("pollEveryone")}
            </p>
            <PollBars bars={f.poll} mine={typeof f.answer === "string" ? f.answer : null} votesLabel={(count) => t("votes", { count })} />
          </div>
        )}
      </div>
    );
  }
  return (
    <div ref={ref} tabIndex={-1} className="rounded-xl focus-visible:outline-none" data-testid="feedback" data-correct={f.correct}>
      <p
        className={clsx(
          "flex items-center gap-2 text-xl font-extrabold",
          f.correct ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400",
        )}
        lang=""
      >
        {f.correct ? <CheckCircle2 className="size-7" aria-hidden /> : <XCircle className="size-7" aria-hidden />}
        {f.correct ? t("right") : phase.late || !f.answered ? t("timeUp") : f.points > 0 ? t("partly") : t("wrong")}
        <span className="ml-auto text-base font-bold text-zinc-700 tabular-nums dark:text-zinc-300">+{format.number(f.points)}</span>
      </p>
      {!phase.late && (
        <>
          {f.answered && !f.correct && (
            <p className="mt-3 text-sm">
              <span className="font-semibold" lang="">
                {t("yourLabel")}{" "}
              </span>
              {describeAnswer(contextOf(question.data), f.answer, words)}
            </p>
          )}
          <p className="mt-2">
            <span className="font-semibold" lang="">
              {t("correctLabel")}{" "}
            </span>
            <span data-testid="correct-answer">
              <Rich text={describeAnswer(contextOf(question.data), f.correctAnswer, words)} />
            </span>
          </p>
          {f.feedback?.map((text, i) => (
            <p key={i} className="mt-3 text-sm font-medium" data-testid="answer-feedback">
              <Rich text={text} />
            </p>
          ))}
          {f.explanation && (
            <p className="mt-4 flex gap-2 rounded-xl bg-zinc-100 px-4 py-3 text-sm leading-relaxed dark:bg-zinc-800">
              <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
              <span><Rich text={f.explanation} /></span>
            </p>
          )}
        </>
      )}
    </div>
  );
});
