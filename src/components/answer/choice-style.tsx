import { Circle, Diamond, Hexagon, Square, Star, Triangle, type LucideIcon } from "lucide-react";

/**
 * Answer options are told apart by letter and shape as well as colour (docs/rules.md, issue 3:
 * never by colour alone).
 */
export const CHOICE_STYLES: { letter: string; shape: LucideIcon; tone: string; solid: string }[] = [
  { letter: "A", shape: Triangle, tone: "border-rose-300 dark:border-rose-800", solid: "bg-rose-600 text-white" },
  { letter: "B", shape: Diamond, tone: "border-sky-300 dark:border-sky-800", solid: "bg-sky-700 text-white" },
  { letter: "C", shape: Circle, tone: "border-amber-300 dark:border-amber-800", solid: "bg-amber-500 text-zinc-950" },
  { letter: "D", shape: Square, tone: "border-emerald-300 dark:border-emerald-800", solid: "bg-emerald-700 text-white" },
  { letter: "E", shape: Star, tone: "border-violet-300 dark:border-violet-800", solid: "bg-violet-600 text-white" },
  { letter: "F", shape: Hexagon, tone: "border-teal-300 dark:border-teal-800", solid: "bg-teal-700 text-white" },
];

export function ChoiceBadge({ index }: { index: number }) {
  const style = CHOICE_STYLES[index] ?? CHOICE_STYLES[0]!;
  const Shape = style.shape;
  return (
    <span className={`inline-flex h-10 shrink-0 items-center gap-1 rounded-lg px-2 font-bold ${style.solid}`} aria-hidden>
      <Shape className="size-4 fill-current" />
      {style.letter}
    </span>
  );
}
