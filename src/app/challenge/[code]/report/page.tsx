import ArrowLeft from "lucide-react/icons/arrow-left";
import BarChart3 from "lucide-react/icons/chart-column";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { ReportView } from "@/components/report/report-view";
import { RichProvider } from "@/components/ui/rich";
import { normalizeChallengeCode } from "@/core/challenge/rules";
import { loadForPage, reportRich, reportWords } from "@/server/report-page";
import { challengeReport } from "@/server/reports";
import { OpenMarking } from "@/components/report/open-marking";
import { openAnswersToMark } from "@/server/challenges";

type Props = { params: Promise<{ code: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("gameReport");
  return { title: t("challengeEyebrow"), robots: { index: false } };
}

/** A challenge's report for its owner (and admins): each player's best finished attempt. */
export default async function ChallengeReportPage({ params }: Props) {
  const code = normalizeChallengeCode((await params).code);
  if (!code) notFound();
  const view = await loadForPage(async () => challengeReport(code, await reportWords()));
  const [t, format, toMark] = await Promise.all([getTranslations("gameReport"), getFormatter(), openAnswersToMark(code)]);
  const c = view.challenge;
  return (
    <div className="report-page container-page py-8">
      <Link href={`/challenge/${c.code}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline print:hidden dark:text-brand-300">
        <ArrowLeft className="size-4" aria-hidden />
        {t("backToChallenge")}
      </Link>
      <header className="mt-3">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
          <BarChart3 className="size-4" aria-hidden />
          {t("challengeEyebrow")}
          <span aria-hidden>·</span>
          <span className="font-mono tracking-wider">{t("codeLine", { code: c.code })}</span>
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl" data-testid="report-title">
          {c.quizTitle}
        </h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          {format.dateTimeRange(new Date(c.opensAt), new Date(c.closesAt), { dateStyle: "medium", timeStyle: "short" })}
        </p>
      </header>
      {toMark.length > 0 && <OpenMarking code={c.code} rows={toMark} />}
      <RichProvider html={reportRich(view)}>
        <ReportView report={view} apiPath={`/api/v1/challenges/${c.code}/report`} />
      </RichProvider>
    </div>
  );
}
