"use client";

import Sparkles from "lucide-react/icons/sparkles";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { MIN_OPTIMIZER_REVIEWS, type OptimizerOutcome } from "@/core/study/optimizer";
import { studyOptimizeAction } from "@/server/actions/study";

/** The member's own FSRS parameters: fitted to their reviews on request, kept only if better. */
export function OptimizerPanel({ reviews, custom }: { reviews: number; custom: boolean }) {
  const t = useTranslations("study.optimizer");
  const errorText = useErrorText();
  const format = useFormatter();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<OptimizerOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enough = reviews >= MIN_OPTIMIZER_REVIEWS;
  const num = (n: number) => format.number(n, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
  return (
    <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800" data-testid="optimizer">
      <h3 className="font-bold">{t("title")}</h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{custom ? t("usingOwn") : t("usingDefault")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass("secondary", "md")}
          disabled={!enough || pending}
          aria-describedby="optimizer-help"
          data-testid="optimize"
          onClick={() => {
            setPending(true);
            setError(null);
            void studyOptimizeAction().then((res) => {
              setPending(false);
              if (!res.ok) return setError(errorText(res.code));
              setOutcome(res.value);
              if (res.value.kept) router.refresh();
            });
          }}
        >
          <Sparkles className="size-4" aria-hidden />
          {pending ? t("running") : t("button")}
        </button>
        <p id="optimizer-help" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="optimizer-help">
          {enough ? t("ready", { count: reviews }) : t("notEnough", { count: reviews, min: MIN_OPTIMIZER_REVIEWS })}
        </p>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
      {outcome && (
        <div className="mt-4" role="status" data-testid="optimizer-result">
          <table className="w-full max-w-md text-sm tabular-nums">
            <thead>
              <tr className="text-left text-zinc-600 dark:text-zinc-400">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t("metric")}
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t("before")}
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t("after")}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="py-1 pr-4 text-left font-medium">
                  {t("logLoss")}
                </th>
                <td className="pr-4">{num(outcome.before.logLoss)}</td>
                <td className="pr-4">{num(outcome.after.logLoss)}</td>
              </tr>
              <tr>
                <th scope="row" className="py-1 pr-4 text-left font-medium">
                  {t("rmse")}
                </th>
                <td className="pr-4">{num(outcome.before.rmse)}</td>
                <td className="pr-4">{num(outcome.after.rmse)}</td>
              </tr>
            </tbody>
          </table>
          <p className="mt-2 text-sm font-semibold">{outcome.kept ? t("kept") : t("notKept")}</p>
        </div>
      )}
    </div>
  );
}
