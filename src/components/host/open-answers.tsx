"use client";

import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import ListPlus from "lucide-react/icons/list-plus";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { shownAfter, type RevealStep } from "@/core/open-answer";

/**
 * An open question's answers on the big screen (docs/rules.md §5): hidden at first; the host shows
 * them to the room one by one or all at once, or hides them again. They reach this screen only;
 * phones never get another player's answer.
 */
export function OpenAnswers({ answers }: { answers: string[] }) {
  const t = useTranslations("live");
  const [shown, setShown] = useState(0);
  const step = (s: RevealStep) => setShown((n) => shownAfter(n, answers.length, s));
  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="host-open">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <p className="text-lg font-semibold tabular-nums" data-testid="open-shown" aria-live="polite">
          {t("openShown", { shown, total: answers.length })}
        </p>
        <button type="button" className={buttonClass("secondary", "md")} onClick={() => step("next")} disabled={shown >= answers.length} data-testid="open-show-next">
          <ListPlus className="size-4" aria-hidden />
          {t("openShowNext")}
        </button>
        <button type="button" className={buttonClass("secondary", "md")} onClick={() => step("all")} disabled={shown >= answers.length} data-testid="open-show-all">
          <Eye className="size-4" aria-hidden />
          {t("openShowAll")}
        </button>
        <button type="button" className={buttonClass("secondary", "md")} onClick={() => step("hide")} disabled={shown === 0} data-testid="open-hide">
          <EyeOff className="size-4" aria-hidden />
          {t("openHide")}
        </button>
      </div>
      {shown > 0 && (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="open-answers">
          {answers.slice(0, shown).map((a, i) => (
            <li key={i} className="rounded-2xl bg-zinc-100 p-5 text-2xl font-semibold break-words whitespace-pre-line dark:bg-zinc-800" data-testid="open-answer">
              {a}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
