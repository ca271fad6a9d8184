"use client";

import type { ReportScoring } from "@/core/report/build";
import { STANDARD_POINTS } from "@/core/scoring";
import { useTranslations } from "next-intl";

/** The scoring that applied (docs/rules.md §9): speed and streak on or off, the questions not worth the standard 1000, the join field. */
export function ScoringSummary({ scoring }: { scoring: ReportScoring }) {
  const t = useTranslations("gameReport");
  const special = scoring.questionPoints.flatMap((points, i) => (points === STANDARD_POINTS ? [] : [t("questionWorth", { number: i + 1, times: points / STANDARD_POINTS })]));
  return (
    <section aria-labelledby="scoring-heading" className="report-print-block rounded-2xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="report-scoring">
      <h2 id="scoring-heading" className="font-bold">
        {t("scoringHeading")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-zinc-700 dark:text-zinc-300">
        <li data-testid="scoring-speed">{scoring.speedBonus ? t("speedOn") : t("speedOff")}</li>
        <li data-testid="scoring-streak">{scoring.streakBonus ? t("streakOn") : t("streakOff")}</li>
        <li data-testid="scoring-points">{special.length === 0 ? t("allStandard") : special.join(" · ")}</li>
        {scoring.identifierLabel && <li data-testid="scoring-identifier">{t("joinField", { label: scoring.identifierLabel })}</li>}
      </ul>
    </section>
  );
}
