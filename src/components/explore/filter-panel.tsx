"use client";

import { Filter } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";

/**
 * The filter form's panel: always open from tablet width up, folded behind a filter button on
 * phones.
 */
export function FilterPanel({ children, activeCount }: { children: ReactNode; activeCount: number }) {
  const t = useTranslations("explore");
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        className={buttonClass("secondary", "md", "w-full md:hidden")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <Filter className="size-4" aria-hidden />
        {t("filters")}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-600 px-2 text-xs text-white dark:bg-brand-500 dark:text-zinc-950">{activeCount}</span>
        )}
      </button>
      <div id={id} className={clsx("mt-3 md:mt-0 md:block", open ? "block" : "hidden")}>
        {children}
      </div>
    </div>
  );
}
