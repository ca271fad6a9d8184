"use client";

import ArrowRight from "lucide-react/icons/arrow-right";
import Trophy from "lucide-react/icons/trophy";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import type { HostView } from "@/core/live/protocol";
import type { Send } from "./use-host-socket";

const PODIUM_STYLE = [
  { height: "h-56 lg:h-[40vh]", tone: "bg-amber-400 text-amber-950", order: "order-2" },
  { height: "h-40 lg:h-[29vh]", tone: "bg-zinc-300 text-zinc-900", order: "order-1" },
  { height: "h-28 lg:h-[20vh]", tone: "bg-orange-300 text-orange-950", order: "order-3" },
];

export function PodiumBlocks({ view }: { view: HostView }) {
  const format = useFormatter();
  return (
    <ol className="mx-auto flex max-w-4xl items-end justify-center gap-4 2xl:max-w-6xl" data-testid="host-podium">
      {(view.podium ?? []).map((p, i) => {
        const style = PODIUM_STYLE[i] ?? PODIUM_STYLE[2]!;
        return (
          <li key={p.rank} className={clsx("flex w-1/3 flex-col items-center gap-2", style.order)}>
            {i === 0 && <Trophy className="size-16 text-amber-500 lg:size-24" aria-hidden />}
            <span className="max-w-full truncate text-2xl font-extrabold lg:text-4xl 2xl:text-5xl">{p.nickname}</span>
            <span className="text-xl font-semibold tabular-nums lg:text-3xl">{format.number(p.score)}</span>
            <span className={clsx("flex w-full items-start justify-center rounded-t-2xl pt-4 text-5xl font-black lg:text-7xl", style.height, style.tone)}>{p.rank}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function Podium({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  return (
    <PodiumFrame title={t("podium")} send={send}>
      <PodiumBlocks view={view} />
    </PodiumFrame>
  );
}

/** The podium's title and "Show report", around its blocks (the players', or the teams' in team mode). */
export function PodiumFrame({ title, send, children }: { title: string; send: Send; children: ReactNode }) {
  const t = useTranslations("live");
  return (
    <div className="space-y-8">
      <div className="flex items-center gap-3">
        <h2 className="flex flex-1 items-center gap-3 text-4xl font-extrabold">
          <Trophy className="size-9 text-amber-500" aria-hidden />
          {title}
        </h2>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:finish")} data-testid="finish">
          {t("showReport")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      {children}
    </div>
  );
}
