import { clsx } from "clsx";
import type { ReportAnswer } from "@/core/report/build";

export type MarkWords = { correct: string; wrong: string; partial: string; unanswered: string; joinedLate: string };

/** A cell's verdict as a symbol (✓ right, ✗ wrong, ½ partly right, – none) with its words for screen readers. */
export function Mark({ cell, words }: { cell: ReportAnswer; words: MarkWords }) {
  if (cell.status !== "answered") {
    return (
      <span className="report-mark-none text-zinc-400 dark:text-zinc-500" aria-hidden>
        –
      </span>
    );
  }
  const kind = cell.correct ? "right" : cell.partial ? "partial" : "wrong";
  const symbol = kind === "right" ? "✓" : kind === "partial" ? "½" : "✗";
  const label = kind === "right" ? words.correct : kind === "partial" ? words.partial : words.wrong;
  return (
    <span
      className={clsx(
        `report-mark-${kind} inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold`,
        kind === "right" && "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-300",
        kind === "partial" && "bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-300",
        kind === "wrong" && "bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-300",
      )}
    >
      <span aria-hidden>{symbol}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
