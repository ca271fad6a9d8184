"use client";

import ArrowRight from "lucide-react/icons/arrow-right";
import ChevronDown from "lucide-react/icons/chevron-down";
import ChevronUp from "lucide-react/icons/chevron-up";
import Minus from "lucide-react/icons/minus";
import { useFormatter, useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import type { HostView } from "@/core/live/protocol";
import type { Send } from "./use-host-socket";

function RankChange({ change }: { change: number | null }) {
  const t = useTranslations("live");
  if (change === null || change === 0) return <Minus className="size-5 text-zinc-400" aria-label={t("rankSame")} />;
  return change > 0 ? (
    <span className="inline-flex items-center text-emerald-600" aria-label={t("rankUp", { count: change })}>
      <ChevronUp className="size-6" aria-hidden />
      {change}
    </span>
  ) : (
    <span className="inline-flex items-center text-rose-600" aria-label={t("rankDown", { count: -change })}>
      <ChevronDown className="size-6" aria-hidden />
      {-change}
    </span>
  );
}

export function Scoreboard({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const last = view.questionIndex + 1 >= view.questionCount;
  return (
    <div className="mx-auto max-w-4xl space-y-6 2xl:max-w-6xl" data-testid="host-scoreboard">
      <div className="flex items-center gap-3">
        <h2 className="flex-1 text-4xl font-extrabold">{t("scoreboard")}</h2>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
          {last ? t("toPodium") : t("nextQuestion")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <ol className="space-y-3">
        {(view.scoreboard ?? []).map((p) => (
          <li key={p.playerId} className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white px-6 py-4 text-2xl font-bold lg:py-6 lg:text-3xl 2xl:text-4xl dark:border-zinc-800 dark:bg-zinc-900">
            <span className="w-10 font-mono text-brand-600 dark:text-brand-400">{p.rank}</span>
            <span className="flex-1 truncate">{p.nickname}</span>
            <RankChange change={p.rankChange} />
            <span className="w-40 text-right tabular-nums">{format.number(p.score)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
