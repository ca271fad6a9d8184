"use client";

import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import type { GameReport } from "@/core/report/build";
import { useTranslations } from "next-intl";
import { useReportFormat } from "./use-report-format";

/** Players under 50 % right or with 3 or more unanswered, each with the questions they missed. */
export function NeedsAttention({ report, onQuestion }: { report: GameReport; onQuestion: (index: number) => void }) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  return (
    <section aria-labelledby="attention-heading" className="report-print-block" data-testid="needs-attention">
      <h2 id="attention-heading" className="flex items-center gap-2 text-xl font-bold">
        <AlertTriangle className="size-5 text-amber-600 dark:text-amber-400" aria-hidden />
        {t("needsAttention")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("needsAttentionLead")}</p>
      {report.needsAttention.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-zinc-300 p-4 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t("nobodyNeedsAttention")}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {report.needsAttention.map((a) => (
            <li key={a.playerId} className="report-print-block rounded-2xl border border-amber-200 bg-amber-50/60 p-4 dark:border-amber-500/30 dark:bg-amber-500/10" data-testid="attention-item">
              <p className="font-semibold" data-testid="attention-name">
                {a.rosterName ?? a.nickname}
              </p>
              <p className="mt-1 flex flex-wrap gap-1.5 text-xs">
                {a.reasons.includes("low_score") && (
                  <span className="rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-800 dark:bg-rose-500/20 dark:text-rose-300">
                    {t("reasonLowScore", { share: f.percent(a.correctRate) })}
                  </span>
                )}
                {a.reasons.includes("unanswered") && (
                  <span className="rounded-full bg-zinc-200 px-2 py-0.5 font-semibold text-zinc-800 dark:bg-zinc-700 dark:text-zinc-200">
                    {t("reasonUnanswered", { count: a.unansweredCount })}
                  </span>
                )}
              </p>
              {a.weakest.length > 0 && (
                <div className="mt-2 text-sm">
                  <span className="text-zinc-600 dark:text-zinc-400">{t("weakest")}: </span>
                  <ul className="inline">
                    {a.weakest.map((i, n) => (
                      <li key={i} className="inline">
                        {n > 0 && ", "}
                        <button type="button" onClick={() => onQuestion(i)} className="font-semibold text-brand-700 hover:underline dark:text-brand-300" title={report.questions[i]?.prompt}>
                          {t("questionShort", { number: i + 1 })}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
