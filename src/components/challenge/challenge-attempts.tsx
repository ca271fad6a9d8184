import BarChart3 from "lucide-react/icons/chart-column";
import Download from "lucide-react/icons/download";
import ListChecks from "lucide-react/icons/list-checks";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import type { ChallengeAttempt, ChallengeState } from "@/core/challenge/rules";
import { CloseChallenge } from "./close-challenge";

const STATUS_TONE: Record<ChallengeAttempt["status"], string> = {
  finished: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900",
  in_progress: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-900",
  abandoned: "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
};

/** The owner's view of a challenge: every attempt, the CSV of them, and "Close now" while it is not closed. */
export async function ChallengeAttempts({ code, state, attempts }: { code: string; state: ChallengeState; attempts: ChallengeAttempt[] }) {
  const [t, tr, format] = await Promise.all([getTranslations("challenge"), getTranslations("gameReport"), getFormatter()]);
  // Each column's heading, and whether it holds numbers (right-aligned).
  const columns: [string, boolean][] = [
    [t("colPlayer"), false],
    [t("colScore"), true],
    [t("colCorrect"), true],
    [t("colStatus"), false],
    [t("colStarted"), false],
  ];
  return (
    <section aria-labelledby="attempts-heading" className="rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="challenge-attempts">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="attempts-heading" className="flex items-center gap-2 text-lg font-bold">
          <ListChecks className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
          {t("results")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href={`/challenge/${code}/report`} className={buttonClass("primary", "sm")} data-testid="challenge-report">
            <BarChart3 className="size-4" aria-hidden />
            {tr("openReport")}
          </Link>
          <a href={`/api/v1/challenges/${code}/results?format=csv`} download className={buttonClass("secondary", "sm")} data-testid="challenge-csv">
            <Download className="size-4" aria-hidden />
            {t("download")}
          </a>
          {state !== "closed" && <CloseChallenge code={code} />}
        </div>
      </div>
      {attempts.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("resultsEmpty")}</p>
      ) : (
        // A phone scrolls the table sideways; the region takes focus so a keyboard can too.
        <div className="relative mt-3 overflow-x-auto" role="region" aria-labelledby="attempts-heading" tabIndex={0}>
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">{t("resultsCaption")}</caption>
            <thead className="text-left text-xs text-zinc-500 uppercase dark:text-zinc-400">
              <tr>
                {columns.map(([label, right], i) => (
                  <th key={label} scope="col" className={clsx("py-1 font-semibold", i < columns.length - 1 && "pr-3", right && "text-right")}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a.attemptId} className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid="challenge-attempt">
                  <td className="py-2 pr-3">
                    <span className="block max-w-48 truncate font-medium">{a.nickname}</span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">{a.handle ? `@${a.handle}` : t("guest")}</span>
                  </td>
                  <td className="py-2 pr-3 text-right font-mono tabular-nums">{format.number(a.score)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">{t("correctOf", { correct: a.correctCount, total: a.questionCount })}</td>
                  <td className="py-2 pr-3">
                    <span className={clsx("inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", STATUS_TONE[a.status])}>
                      {t(`status.${a.status}`)}
                    </span>
                  </td>
                  <td className="py-2 text-zinc-600 dark:text-zinc-400">
                    <LocalTime iso={a.startedAt.toISOString()} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
