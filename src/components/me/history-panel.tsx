import ArrowRight from "lucide-react/icons/arrow-right";
import Compass from "lucide-react/icons/compass";
import History from "lucide-react/icons/rotate-ccw-clock";
import Play from "lucide-react/icons/play";
import Target from "lucide-react/icons/target";
import Trophy from "lucide-react/icons/trophy";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { historyOf } from "@/server/profile";
import { EmptyState, Panel } from "./panel";
import { LocalTime } from "@/components/ui/local-time";

export async function HistoryPanel({ userId }: { userId: string }) {
  const [t, format, entries] = await Promise.all([getTranslations("me.history"), getFormatter(), historyOf(userId)]);
  return (
    <Panel icon={History} title={t("title")}>
      {entries.length === 0 ? (
        <EmptyState
          action={
            <Link href="/explore" className={buttonClass("primary")}>
              <Compass className="size-4" aria-hidden />
              {t("explore")}
            </Link>
          }
        >
          {t("empty")}
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="history">
          {entries.map((e) => {
            const when = e.finishedAt ?? e.startedAt;
            const accuracy = e.answered > 0 ? format.number(e.correct / e.answered, { style: "percent", maximumFractionDigits: 0 }) : "–";
            return (
              <li
                key={e.id}
                className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
                data-testid="history-entry"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="truncate font-semibold">
                    {e.quiz.visible ? (
                      <Link href={`/quiz/${e.quiz.slug}`} className="hover:underline">
                        {e.quiz.title}
                      </Link>
                    ) : (
                      <span title={t("quizGone")}>{e.quiz.title}</span>
                    )}
                  </p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
                    {/* In the viewer's own time zone (the server only knows UTC). */}
                    <LocalTime iso={when.toISOString()} />
                    {e.status !== "finished" && (
                      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900">
                        {e.status === "in_progress" ? t("inProgress") : t("abandoned")}
                      </span>
                    )}
                  </p>
                </div>
                <dl className="flex gap-5 text-sm">
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <Trophy className="size-4 text-amber-500" aria-hidden />
                      <span className="sr-only">{t("scoreLabel")}</span>
                    </dt>
                    <dd className="font-semibold tabular-nums">{t("score", { score: e.score })}</dd>
                  </div>
                  <div className="flex items-center gap-1.5" title={t("answered", { correct: e.correct, answered: e.answered })}>
                    <dt>
                      <Target className="size-4 text-sky-600 dark:text-sky-400" aria-hidden />
                      <span className="sr-only">{t("accuracyLabel")}</span>
                    </dt>
                    <dd className="font-semibold tabular-nums">{accuracy}</dd>
                  </div>
                </dl>
                {e.status === "finished" ? (
                  <Link href={`/results/${e.id}`} className={buttonClass("secondary", "sm")}>
                    {t("results")}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                ) : e.status === "in_progress" && e.quiz.visible ? (
                  <Link href={`/play/${e.id}`} className={buttonClass("primary", "sm")}>
                    <Play className="size-4" aria-hidden />
                    {t("continue")}
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
