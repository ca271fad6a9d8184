"use client";

import BarChart3 from "lucide-react/icons/chart-column";
import Download from "lucide-react/icons/download";
import { useFormatter, useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Rich, RichProvider } from "@/components/ui/rich";
import type { HostView } from "@/core/live/protocol";
import { isGraded, takesAnswer } from "@/core/question";
import { PodiumBlocks } from "./host-podium";
import { TeamPodiumBlocks } from "./host-teams";

export function Finished({ view, gameId }: { view: HostView; gameId: string }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const r = view.report;
  const seconds = (ms: number | null) => (ms === null ? "–" : format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
  // A slide asked nothing (no row); a poll, a word cloud and an open answer have no % right, and
  // a player's "right" counts only the questions with a right answer (docs/rules.md §5).
  const asked = r ? r.questions.filter((q) => takesAnswer(q.type)) : [];
  const gradedPlayed = asked.filter((q) => isGraded(q.type)).length;
  return (
    <div className="space-y-8" data-testid="host-report">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="flex-1 text-3xl font-extrabold">{view.phase === "cancelled" ? t("ended") : t("report")}</h2>
        {r && (
          <a href={`/games/${gameId}/report`} className={buttonClass("primary", "md")} data-testid="open-report">
            <BarChart3 className="size-4" aria-hidden />
            {t("report")}
          </a>
        )}
        {r && (
          <a href={`/host/${gameId}/report`} className={buttonClass("secondary", "md")} data-testid="download-csv" download>
            <Download className="size-4" aria-hidden />
            {t("downloadCsv")}
          </a>
        )}
      </div>
      {view.teams ? <TeamPodiumBlocks view={view} /> : view.podium && view.podium.length > 0 && <PodiumBlocks view={view} />}
      {r && (
        <RichProvider html={r.rich}>
          <div className="grid gap-6 xl:grid-cols-2">
            <section className="relative overflow-x-auto rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <h3 className="mb-3 text-xl font-bold">{t("perQuestion")}</h3>
              <table className="w-full text-left text-sm">
                <thead className="text-zinc-500">
                  <tr>
                    <th className="py-2 pr-2">#</th>
                    <th className="py-2 pr-2">{t("question")}</th>
                    <th className="py-2 pr-2 text-right">{t("correctPercent")}</th>
                    <th className="py-2 text-right">{t("avgTime")}</th>
                  </tr>
                </thead>
                <tbody>
                  {asked.map((q) => (
                    <tr key={q.index} className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="py-2 pr-2 font-mono">{q.index + 1}</td>
                      <td className="py-2 pr-2">
                        <Rich text={q.prompt} />
                      </td>
                      <td className="py-2 pr-2 text-right tabular-nums">{isGraded(q.type) ? format.number(q.correctPercent / 100, { style: "percent", maximumFractionDigits: 1 }) : "–"}</td>
                      <td className="py-2 text-right tabular-nums">{seconds(q.averageTimeMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="relative overflow-x-auto rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <h3 className="mb-3 text-xl font-bold">{t("perPlayer")}</h3>
              <table className="w-full text-left text-sm" data-testid="report-players">
                <thead className="text-zinc-500">
                  <tr>
                    <th className="py-2 pr-2">#</th>
                    <th className="py-2 pr-2">{t("nickname")}</th>
                    <th className="py-2 pr-2 text-right">{t("score")}</th>
                    <th className="py-2 pr-2 text-right">{t("correctCount")}</th>
                    <th className="py-2 pr-2 text-right">{t("avgTime")}</th>
                    <th className="py-2 text-right">{t("flagged")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.players.map((p) => (
                    <tr key={p.playerId} className="border-t border-zinc-100 dark:border-zinc-800">
                      <td className="py-2 pr-2 font-mono">{p.rank}</td>
                      <td className="py-2 pr-2 font-semibold">{p.nickname}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">{format.number(p.score)}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">
                        {format.number(p.correct)}/{format.number(gradedPlayed)}
                      </td>
                      <td className="py-2 pr-2 text-right tabular-nums">{seconds(p.averageTimeMs)}</td>
                      <td className="py-2 text-right tabular-nums">{p.suspiciousAnswers || ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {r.suspicious.length > 0 && <p className="mt-3 text-xs text-zinc-500">{t("flaggedNote")}</p>}
            </section>
          </div>
        </RichProvider>
      )}
    </div>
  );
}
