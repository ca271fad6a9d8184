"use client";

import { clsx } from "clsx";
import Download from "lucide-react/icons/download";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { menuPosition } from "@/core/menu-position";

/** The menu's width (w-44) in rem. */
const MENU_REM = 11;

/**
 * The quiz's files to download. Where the menu hangs is decided as it opens, from the button's
 * place and the window's width (src/core/menu-position.ts): it never shows off screen, whether the
 * toolbar wraps on a phone (a long title) or not.
 */
export function ExportMenu({ slug }: { slug: string }) {
  const t = useTranslations("editor");
  const [at, setAt] = useState<{ left: number; width: number } | null>(null);
  const place = (e: MouseEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const width = MENU_REM * parseFloat(getComputedStyle(document.documentElement).fontSize);
    setAt(menuPosition(box, width, document.documentElement.clientWidth));
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
          !at && "right-0",
        )}
        style={at ? { left: at.left, width: at.width } : undefined}
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
