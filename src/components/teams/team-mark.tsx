import { clsx } from "clsx";
import { TEAMS, type TeamShape } from "@/core/live/teams";

/**
 * A team's shape, in the team's colour. Teams are told apart by their name and this shape, never
 * by colour alone (docs/rules.md §4 "Teams"); the shape is decoration next to the name, hidden
 * from screen readers. No hooks: server pages (the join form) use it as well as client ones.
 */
const FILL = [
  "fill-orange-600 dark:fill-orange-400",
  "fill-violet-600 dark:fill-violet-400",
  "fill-amber-800 dark:fill-amber-600",
  "fill-sky-600 dark:fill-sky-400",
  "fill-yellow-500 dark:fill-yellow-400",
  "fill-slate-500 dark:fill-slate-300",
  "fill-rose-600 dark:fill-rose-400",
  "fill-emerald-600 dark:fill-emerald-400",
];

const PATHS: Record<TeamShape, string> = {
  circle: "M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20z",
  square: "M3 3h18v18H3z",
  triangle: "M12 2l10.5 19H1.5z",
  diamond: "M12 1l11 11-11 11L1 12z",
  star: "M12 1.5l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.6l-6.4 3.5 1.4-7.1-5.3-5 7.2-.9z",
  hexagon: "M6.5 2.5h11L23 12l-5.5 9.5h-11L1 12z",
  cross: "M8.5 1.5h7v7h7v7h-7v7h-7v-7h-7v-7h7z",
  heart: "M12 22L2.6 12.6A5.8 5.8 0 0 1 12 5.1a5.8 5.8 0 0 1 9.4 7.5z",
};

export function TeamShapeIcon({ team, className }: { team: number; className?: string }) {
  const shape = TEAMS[team]?.shape ?? "circle";
  return (
    <svg viewBox="0 0 24 24" className={clsx("shrink-0", FILL[team] ?? FILL[0], className ?? "size-5")} aria-hidden focusable="false" data-shape={shape}>
      <path d={PATHS[shape]} />
    </svg>
  );
}

/** The shape and the team's name. */
export function TeamMark({ team, name, className, iconClass }: { team: number; name: string; className?: string; iconClass?: string }) {
  return (
    <span className={clsx("inline-flex min-w-0 items-center gap-2", className)} data-team={team}>
      <TeamShapeIcon team={team} className={iconClass} />
      <span className="truncate">{name}</span>
    </span>
  );
}
