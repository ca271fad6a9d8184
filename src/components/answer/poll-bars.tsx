import { clsx } from "clsx";
import { ChoiceBadge } from "./choice-style";
import { Rich } from "@/components/ui/rich";

export type PollBar = { id: string; text: string; count: number };

/**
 * A poll's result: one bar per option with its votes and share, none marked right. `mine` is the
 * option this player chose. `big` draws it for the big screen. Server or client, no state.
 */
export function PollBars({ bars, mine, big = false, votesLabel }: { bars: readonly PollBar[]; mine?: string | null; big?: boolean; votesLabel: (count: number) => string }) {
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  return (
    <ol className={clsx("space-y-2", big && "space-y-4")} data-testid="poll-bars">
      {bars.map((b, i) => {
        const share = total === 0 ? 0 : Math.round((b.count / total) * 100);
        return (
          <li key={b.id} data-testid="poll-bar" data-count={b.count} className="flex items-center gap-3">
            <ChoiceBadge index={i} />
            <div className="min-w-0 flex-1">
              <div className={clsx("flex items-baseline justify-between gap-3 font-semibold", big ? "text-2xl" : "text-sm")}>
                <span className="min-w-0 break-words">
                  <Rich text={b.text} />
                  {mine === b.id && <span className="ml-2 rounded-md bg-brand-100 px-1.5 text-xs text-brand-900 dark:bg-brand-900 dark:text-brand-100">✓</span>}
                </span>
                <span className="shrink-0 tabular-nums text-zinc-700 dark:text-zinc-300">
                  {votesLabel(b.count)} · {share} %
                </span>
              </div>
              <div className={clsx("mt-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800", big ? "h-6" : "h-3")} aria-hidden>
                <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${share}%` }} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
