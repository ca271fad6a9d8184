"use client";

import Filter from "lucide-react/icons/funnel";
import { useTranslations } from "next-intl";
import { useId, useSyncExternalStore, type ReactNode } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";

// The filter form remounts on every new query (so back and forward show the URL's values); the
// panel's open state lives outside it, so choosing a filter on a phone leaves the panel open
// until the person closes it.
let panelOpen = false;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
function setPanelOpen(open: boolean) {
  panelOpen = open;
  for (const fn of listeners) fn();
}

/**
 * The filter form's panel: always open from tablet width up, folded behind a filter button on
 * phones, whose button says how many quizzes the filters find.
 */
export function FilterPanel({ children, activeCount, resultLabel }: { children: ReactNode; activeCount: number; resultLabel: string }) {
  const t = useTranslations("explore");
  const open = useSyncExternalStore(subscribe, () => panelOpen, () => false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        className={buttonClass("secondary", "md", "w-full md:hidden")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setPanelOpen(!open)}
        data-testid="filters-toggle"
      >
        <Filter className="size-4" aria-hidden />
        {t("filters")}
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-600 px-2 text-xs text-white dark:bg-brand-500 dark:text-zinc-950">{activeCount}</span>
        )}
        <span className="ml-auto font-normal text-zinc-600 dark:text-zinc-400">{resultLabel}</span>
      </button>
      <div id={id} className={clsx("mt-3 md:mt-0 md:block", open ? "block" : "hidden")}>
        {children}
        <button type="button" className={buttonClass("primary", "md", "mt-3 w-full md:hidden")} onClick={() => setPanelOpen(false)}>
          {t("showResults", { results: resultLabel })}
        </button>
      </div>
    </div>
  );
}
