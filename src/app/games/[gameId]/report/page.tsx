import BarChart3 from "lucide-react/icons/chart-column";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { ReportView } from "@/components/report/report-view";
import { RichProvider } from "@/components/ui/rich";
import { loadForPage, reportRich, reportWords } from "@/server/report-page";
import { gameReport } from "@/server/reports";

type Props = { params: Promise<{ gameId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("gameReport");
  return { title: t("gameEyebrow"), robots: { index: false } };
}

/** A live game's report for its host (and admins), from the database: it outlives a restart. */
export default async function GameReportPage({ params }: Props) {
  const { gameId } = await params;
  const view = await loadForPage(async () => gameReport(gameId, await reportWords()));
  const [t, format] = await Promise.all([getTranslations("gameReport"), getFormatter()]);
  const when = view.game.startedAt ?? view.game.endedAt;
  return (
    <div className="report-page container-page py-8">
      <header>
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
          <BarChart3 className="size-4" aria-hidden />
          {t("gameEyebrow")}
          <span aria-hidden>·</span>
          <span className="font-mono">{t("pinLine", { pin: view.game.pin })}</span>
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl" data-testid="report-title">
          {view.game.quizTitle}
        </h1>
        {when && <p className="mt-1 text-zinc-600 dark:text-zinc-400">{format.dateTime(new Date(when), { dateStyle: "full", timeStyle: "short" })}</p>}
      </header>
      <RichProvider html={reportRich(view)}>
        <ReportView report={view} apiPath={`/api/v1/games/${view.game.id}/report`} />
      </RichProvider>
    </div>
  );
}
