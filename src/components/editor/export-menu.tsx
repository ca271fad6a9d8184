"use client";

import { clsx } from "clsx";
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent } from "react";
import { buttonClass } from "@/components/ui/button";

/** The menu's width (w-44) in rem, and the least room it keeps from the window's edge, in px. */
const MENU_REM = 11;
const EDGE_PX = 8;

/**
 * The quiz's files to download. The menu hangs from the button's right edge, unless there is no
 * room for it on that side (a phone, where the toolbar wraps and the button starts a row): then it
 * hangs from its left edge. The side is chosen as the menu opens, so it never shows off screen.
 */
export function ExportMenu({ slug }: { slug: string }) {
  const t = useTranslations("editor");
  const [side, setSide] = useState<"right" | "left">("right");
  const place = (e: MouseEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const width = MENU_REM * parseFloat(getComputedStyle(document.documentElement).fontSize);
    setSide(box.right - width >= EDGE_PX ? "right" : "left");
  };
  return (
    <details className="relative">
      <summary className={clsx(buttonClass("secondary", "sm"), "list-none [&::-webkit-details-marker]:hidden")} onClick={place} data-testid="export-menu">
        <Download className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t("export")}</span>
        <span className="sr-only sm:hidden">{t("export")}</span>
      </summary>
      <div
        className={clsx(
          "absolute z-40 mt-2 w-44 max-w-[calc(100vw-1rem)] rounded-2xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900",
          side === "right" ? "right-0" : "left-0",
        )}
        data-testid="export-formats"
      >
        {(["json", "csv", "gift", "apkg"] as const).map((f) => (
          <a
            key={f}
            href={`/api/v1/quizzes/${slug}/export?format=${f}`}
            download
            onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
            className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            {t(`exportAs.${f}`)}
          </a>
        ))}
      </div>
    </details>
  );
}
