"use client";

import Download from "lucide-react/icons/download";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import Printer from "lucide-react/icons/printer";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { takesAnswer } from "@/core/question";
import type { GameReport } from "@/core/report/build";
import { useLocale, useTranslations } from "next-intl";
import { NeedsAttention } from "./needs-attention";
import { QuestionCard, QuestionDialog } from "./question-cards";
import { ReportGrid } from "./report-grid";
import { ScoringSummary } from "./scoring-summary";
import { TeamTable } from "./team-table";
import { useReportFormat } from "./use-report-format";

type Props = {
  report: GameReport;
  /** Where the downloads come from: the report's API address, without `?format=`. */
  apiPath: string;
};

/**
 * A game's or a challenge's report (docs/rules.md §12), below the page's own header: the
 * downloads, a summary, who needs attention, a card per question and the players × questions grid.
 */
export function ReportView({ report, apiPath }: Props) {
  const t = useTranslations("gameReport");
  const f = useReportFormat();
  const locale = useLocale();
  const [open, setOpen] = useState<number | null>(null);
  const average = report.players.length === 0 ? 0 : report.players.reduce((sum, p) => sum + p.correctRate, 0) / report.players.length;
  const tiles = [
    { label: t("players"), value: f.number(report.players.length), testId: "tile-players" },
    { label: t("questions"), value: f.number(report.questions.length), testId: "tile-questions" },
    { label: t("averageRight"), value: f.percent(average), testId: "tile-average" },
    { label: t("hardCount"), value: f.number(report.questions.filter((q) => q.hard).length), testId: "tile-hard" },
  ];

  return (
    <div className="report-root mt-6 space-y-10">
      <div className="flex flex-wrap gap-2 print:hidden">
        <a href={`${apiPath}?format=csv`} className={buttonClass("secondary", "md")} download data-testid="report-csv">
          <Download className="size-4" aria-hidden />
          {t("downloadCsv")}
        </a>
        <a href={`${apiPath}?format=xlsx`} className={buttonClass("secondary", "md")} download data-testid="report-xlsx">
          <FileSpreadsheet className="size-4" aria-hidden />
          {t("downloadXlsx")}
        </a>
        <button type="button" onClick={() => window.print()} className={buttonClass("ghost", "md")}>
          <Printer className="size-4" aria-hidden />
          {t("print")}
        </button>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((tile) => (
          <div key={tile.testId} className="report-print-block rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <dt className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums" data-testid={tile.testId}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>

      {report.scoring && <ScoringSummary scoring={report.scoring} />}

      {report.teams && <TeamTable teams={report.teams} />}

      {report.players.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t("noPlayers")}</p>
      ) : (
        <NeedsAttention report={report} onQuestion={setOpen} />
      )}

      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading" className="text-xl font-bold">
          {t("questions")}
        </h2>
        {report.questions.length === 0 ? (
          <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("noQuestions")}</p>
        ) : (
          <div className="report-cards mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {/* A slide asked nothing: no card (docs/rules.md §5). */}
            {report.questions.filter((q) => takesAnswer(q.type)).map((q) => (
              <QuestionCard key={q.index} q={q} onOpen={() => setOpen(q.index)} />
            ))}
          </div>
        )}
      </section>

      {report.players.length > 0 && report.questions.length > 0 && (
        <section aria-labelledby="grid-heading" className="report-grid-section">
          <h2 id="grid-heading" className="text-xl font-bold">
            {t("grid")}
          </h2>
          <p className="mt-1 mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("gridLead")}</p>
          <ReportGrid report={report} locale={locale} />
        </section>
      )}

      <QuestionDialog q={open === null ? null : (report.questions[open] ?? null)} onClose={() => setOpen(null)} />
    </div>
  );
}
