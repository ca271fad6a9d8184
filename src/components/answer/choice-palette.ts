/**
 * The answer tiles' letters and colours, in option order: the same on the big screen, the phones,
 * solo play and the editor. The colours stay apart for the common colour-vision deficiencies and
 * each letter is readable on its tile (checked by choice-palette.test.ts; docs/accessibility.md).
 * `tone`: an unselected tile's border; `solid`: a badge or a chosen tile.
 */
export const CHOICE_PALETTE: { letter: string; tone: string; solid: string }[] = [
  { letter: "A", tone: "border-rose-300 dark:border-rose-800", solid: "bg-rose-700 text-white" },
  { letter: "B", tone: "border-sky-300 dark:border-sky-800", solid: "bg-sky-700 text-white" },
  { letter: "C", tone: "border-amber-300 dark:border-amber-800", solid: "bg-amber-400 text-zinc-950" },
  { letter: "D", tone: "border-emerald-300 dark:border-emerald-800", solid: "bg-emerald-300 text-zinc-950" },
  { letter: "E", tone: "border-purple-300 dark:border-purple-800", solid: "bg-purple-600 text-white" },
  { letter: "F", tone: "border-violet-300 dark:border-violet-800", solid: "bg-violet-300 text-zinc-950" },
];
