"use client";

import { useTranslations } from "next-intl";
import { BrandMark } from "./brand-mark";

/** The player's screen takes the whole window (data-immersive); the brand mark is the way out. */
export function Shell({ children, bar, pin }: { children: React.ReactNode; bar?: React.ReactNode; pin: string }) {
  const t = useTranslations("live");
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-lg flex-col px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]" data-immersive>
      <div className="mb-4 flex items-center gap-2 text-sm font-semibold">
        <BrandMark />
        {bar ?? (
          <span className="text-zinc-600 dark:text-zinc-400">
            {t("gamePin")} <span className="font-mono font-bold text-zinc-900 dark:text-zinc-100">{pin}</span>
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
