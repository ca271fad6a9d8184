"use client";

import { clsx } from "clsx";
import { inputLook } from "@/components/ui/field";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { IDENTIFIER_LABEL_MAX } from "@/core/live/limits";
import type { HostView, SettingsPatch } from "@/core/live/protocol";
import { defaultMultipliers } from "@/core/scoring";
import { PointsPerQuestion } from "./points-per-question";

/**
 * What only the lobby sets (docs/rules.md §4, §9): the points of each question and the extra
 * field players fill in when they join (a student number, say), which only the report shows.
 */
export function LobbyScoring({ view, patch }: { view: HostView; patch: (p: SettingsPatch) => void }) {
  const t = useTranslations("scoring");
  const s = view.settings;
  const [label, setLabel] = useState(s.identifierLabel ?? "");
  // A game from before points per question: every question at its standard ×1 until changed.
  const multipliers = s.pointsMultipliers.length === view.questionCount ? s.pointsMultipliers : defaultMultipliers(Array.from({ length: view.questionCount }, () => ({ points: 1000 })));
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 border-t border-zinc-200 pt-4 dark:border-zinc-700">
      <PointsPerQuestion multipliers={multipliers} onChange={(next) => patch({ pointsMultipliers: next })} />
      <form
        className="grid gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          patch({ identifierLabel: label.trim() || null });
        }}
      >
        <label htmlFor="identifier-label" className="text-sm font-semibold">
          {t("identifierLabel")}
        </label>
        <div className="flex gap-2">
          <input
            id="identifier-label"
            value={label}
            maxLength={IDENTIFIER_LABEL_MAX}
            placeholder={t("identifierPlaceholder")}
            onChange={(e) => setLabel(e.target.value)}
            aria-describedby="identifier-label-help"
            data-testid="identifier-label"
            className={clsx(inputLook, "h-10 min-w-0 flex-1")}
          />
          <button type="submit" className={buttonClass("secondary", "md")} data-testid="identifier-save">
            {t("save")}
          </button>
        </div>
        <p id="identifier-label-help" className="text-xs text-zinc-600 dark:text-zinc-400">
          {s.identifierLabel ? t("identifierAsked", { label: s.identifierLabel }) : t("identifierHelp")}
        </p>
      </form>
    </div>
  );
}
