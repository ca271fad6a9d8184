"use client";

import { clsx } from "clsx";
import Flame from "lucide-react/icons/flame";
import X from "lucide-react/icons/x";
import { useEffect, useRef } from "react";
import { THUMB_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { Rich } from "@/components/ui/rich";
import type { ReportQuestion } from "@/core/report/build";
import { useTranslations } from "next-intl";
import { useReportFormat } from "./use-report-format";

function Distribution({ q }: { q: ReportQuestion }) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  const max = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <ul className="mt-3 space-y-1.5" data-testid="distribution">
      {q.distribution.map((d, i) => (
        <li key={i} className="text-sm" data-testid="distribution-bar" data-correct={d.correct}>
          <div className="flex items-baseline justify-between gap-2">
            <span className={clsx("min-w-0 truncate", d.correct && "font-semibold")} title={d.answer}>
              {d.correct && <span aria-hidden>✓ </span>}
              <Rich text={d.answer} />
              {d.correct && <span className="sr-only"> ({t("correctOption")})</span>}
            </span>
            <span className="shrink-0 tabular-nums text-zinc-600 dark:text-zinc-400" data-testid="distribution-count">
              {f.number(d.count)}
            </span>
          </div>
          <div className="mt-0.5 h-2 rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
            <div
              // A vote, a word or an open answer is neither right nor wrong: a neutral bar.
              className={clsx("h-2 rounded-full", !q.graded ? "bg-brand-500" : d.correct ? "bg-emerald-500" : "bg-rose-400 dark:bg-rose-500/80")}
              style={{ width: `${(d.count / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One question's results: % right, average time, the bars, the most chosen wrong answer, "hard". */
export function QuestionCard({ q, onOpen }: { q: ReportQuestion; onOpen: () => void }) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  return (
    <article
      className="report-print-block flex flex-col rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="question-card"
      aria-labelledby={`q-${q.index}-title`}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {t("questionShort", { number: q.index + 1 })} · {t(`type.${q.type}`)}
        </p>
        {q.hard && (
          <span className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800 dark:bg-rose-500/20 dark:text-rose-300" data-testid="hard">
            <Flame className="size-3.5" aria-hidden />
            {t("hard")}
          </span>
        )}
      </div>
      <h3 id={`q-${q.index}-title`} className="mt-1 line-clamp-2 font-semibold">
        <button type="button" onClick={onOpen} className="text-left hover:underline print:no-underline" aria-label={t("showQuestion", { number: q.index + 1 })}>
          <Rich text={q.prompt} />
        </button>
      </h3>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3">
        {q.graded && (
          <span className="text-2xl font-extrabold tabular-nums" data-testid="question-percent">
            {t("percentRight", { share: f.percent(q.correctRate) })}
          </span>
        )}
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {q.averageMs === null ? t("noAnswersYet") : t("averageTime", { time: t("seconds", { time: f.seconds(q.averageMs) }) })}
        </span>
      </p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("answeredOf", { answered: q.answered, eligible: q.eligible })}</p>
      <Distribution q={q} />
      {q.mostChosenWrong && (
        <p className="mt-3 text-sm" data-testid="most-chosen-wrong">
          <span className="text-zinc-600 dark:text-zinc-400">{t("mostChosenWrong")}: </span>
          <span className="font-semibold">
            <Rich text={q.mostChosenWrong.answer} /> {t("mostChosenWrongCount", { count: q.mostChosenWrong.count })}
          </span>
        </p>
      )}
    </article>
  );
}

/** A question's prompt, picture and key, over the page (a modal <dialog>). */
export function QuestionDialog({ q, onClose }: { q: ReportQuestion | null; onClose: () => void }) {
  const t = useTranslations("gameReport");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (q && !dialog.open) dialog.showModal();
    if (!q && dialog.open) dialog.close();
  }, [q]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-3xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      aria-labelledby="question-dialog-title"
      data-testid="question-dialog"
    >
      {q && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {t("questionShort", { number: q.index + 1 })} · {t(`type.${q.type}`)}
            </p>
            <button type="button" onClick={onClose} className="-m-2 rounded-full p-2 hover:bg-zinc-100 dark:hover:bg-zinc-800" aria-label={t("close")}>
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <h2 id="question-dialog-title" className="mt-1 text-xl font-bold text-balance">
            <Rich text={q.prompt} />
          </h2>
          {q.imageUrl && <QuestionImage src={q.imageUrl} alt={q.imageAlt} box={THUMB_BOX} className="mt-4" />}
          {q.graded && (
            <>
              <p className="mt-4 text-sm font-semibold text-zinc-600 dark:text-zinc-400">{t("key")}</p>
              <p className="mt-1 rounded-xl bg-emerald-50 px-3 py-2 font-semibold text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-200" data-testid="question-key">
                <Rich text={q.key} />
              </p>
            </>
          )}
          <Distribution q={q} />
        </div>
      )}
    </dialog>
  );
}
