import type { LucideIcon } from "lucide-react/types";

export type StatTile = { icon: LucideIcon; tone: string; label: string; value: string; testId?: string };

/** Profile numbers as tiles, in the style of the quiz page's stats. */
export function StatTiles({ stats, testId }: { stats: StatTile[]; testId?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid={testId}>
      {stats.map(({ icon: Icon, tone, label, value, testId: id }) => (
        <div key={label} className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid={id}>
          <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            <Icon className={`size-4 ${tone}`} aria-hidden />
            {label}
          </dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
