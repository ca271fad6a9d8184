import Star from "lucide-react/icons/star";
import { clsx } from "clsx";

const DIFFICULTY_TONE: Record<string, string> = {
  easy: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900",
  medium: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900",
  hard: "bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-950 dark:text-rose-300 dark:ring-rose-900",
  mixed: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-900",
};

export function Pill({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        className ?? "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
      )}
    >
      {children}
    </span>
  );
}

export function DifficultyPill({ difficulty, label }: { difficulty: string; label: string }) {
  return <Pill className={DIFFICULTY_TONE[difficulty]}>{label}</Pill>;
}

/**
 * The average as stars with the number beside it (`shown`, formatted by the caller in the
 * viewer's locale, so this stays free of client-side i18n code); `label` is what a screen reader hears.
 */
export function RatingStars({ shown, count, label }: { shown: string; count: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1" aria-label={label} role="img">
      <Star
        className={clsx("size-4", count > 0 ? "fill-amber-400 text-amber-400" : "text-zinc-300 dark:text-zinc-600")}
        aria-hidden
      />
      <span aria-hidden className="tabular-nums">
        {count > 0 ? shown : "–"}
      </span>
    </span>
  );
}
