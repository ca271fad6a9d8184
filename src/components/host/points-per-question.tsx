"use client";

import { clsx } from "clsx";
import { inputLook } from "@/components/ui/field";
import { useTranslations } from "next-intl";
import { POINTS_MULTIPLIERS, type PointsMultiplier } from "@/core/scoring";

/**
 * Points per question (docs/rules.md §9): no points (×0), standard (×1) or double (×2) for each
 * question, in the quiz's order. Numbered, not with prompts: in a live lobby the big screen shows it.
 */
export function PointsPerQuestion({
  multipliers,
  onChange,
  disabled = false,
}: {
  multipliers: readonly PointsMultiplier[];
  onChange: (next: PointsMultiplier[]) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("scoring");
  const names: Record<PointsMultiplier, string> = { 0: t("times0"), 1: t("times1"), 2: t("times2") };
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-semibold">{t("pointsPerQuestion")}</legend>
      <div className="grid grid-cols-1 gap-2 min-[28rem]:grid-cols-2 sm:grid-cols-3">
        {multipliers.map((m, i) => (
          <label key={i} className="flex items-center justify-between gap-2 text-sm">
            {t("questionNumber", { number: i + 1 })}
            <select
              value={m}
              data-testid={`multiplier-${i}`}
              onChange={(e) => {
                const next = [...multipliers];
                next[i] = Number(e.target.value) as PointsMultiplier;
                onChange(next);
              }}
              className={clsx(inputLook, "h-9")}
            >
              {POINTS_MULTIPLIERS.map((n) => (
                <option key={n} value={n}>
                  {names[n]}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
