import { clsx } from "clsx";
import type { ChallengeState } from "@/core/challenge/rules";

const TONE: Record<ChallengeState, string> = {
  open: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-900",
  upcoming: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-900",
  closed: "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
};

/** A challenge's state as a coloured label (its page, /me); `className` sets its size. */
export function ChallengeStatePill({ state, label, className, testId }: { state: ChallengeState; label: string; className: string; testId: string }) {
  return (
    <span className={clsx("inline-flex items-center rounded-full ring-1 ring-inset", TONE[state], className)} data-testid={testId}>
      {label}
    </span>
  );
}
