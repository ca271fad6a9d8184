"use client";

import CheckCircle2 from "lucide-react/icons/circle-check";
import Loader2 from "lucide-react/icons/loader-circle";
import { useRef, type KeyboardEvent } from "react";
import { clsx } from "clsx";
import type { Answer } from "@/core/grading";
import { CHOICE_STYLES, ChoiceBadge } from "./choice-style";
import { Rich } from "@/components/ui/rich";

export type TileChoice = { answer: Answer; text: string; removed?: boolean };

/** Tapping a tile answers at once (solo and live single choice, true/false); the tapped one says so until the server has it. */
export type OneTap = { onAnswer: (a: Answer) => void; busy: Answer | null; busyLabel: string };

type Props = {
  choices: TileChoice[];
  /** radio: one answer, a single Tab stop and arrow keys (roving tabindex); checkbox: each its own stop. */
  kind: "radio" | "checkbox";
  isChecked: (a: Answer) => boolean;
  onSelect: (a: Answer) => void;
  oneTap?: OneTap;
  disabled: boolean;
  label: string;
  help?: string;
  /** outline: solo, study and the editor's preview; solid: a live game's phone, in the big screen's colours. */
  look: "outline" | "solid";
  layout: "pair" | "list" | "grid";
};

/**
 * Answer options as big tiles, told apart by letter and shape as well as colour. Single choice
 * and true/false are a proper radio group (WAI-ARIA radio pattern): one Tab stop, arrow keys and
 * Home/End move and select, Space or Enter activates (which answers in one-tap mode).
 */
export function ChoiceTiles({ choices, kind, isChecked, onSelect, oneTap, disabled, label, help, look, layout }: Props) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const usable = (i: number) => !choices[i]?.removed;
  const checkedIndex = choices.findIndex((c) => isChecked(c.answer));
  const firstUsable = choices.findIndex((c) => !c.removed);
  // The one tile in the Tab order: the checked one, else the first that can be picked.
  const stop = checkedIndex !== -1 && usable(checkedIndex) ? checkedIndex : firstUsable;
  const busy = oneTap?.busy ?? null;
  const inert = disabled || busy !== null;

  const activate = (i: number) => {
    const c = choices[i];
    if (!c || c.removed || inert) return;
    if (oneTap && kind === "radio") oneTap.onAnswer(c.answer);
    else onSelect(c.answer);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (kind !== "radio" || inert) return;
    const n = choices.length;
    const step = e.key === "ArrowDown" || e.key === "ArrowRight" ? 1 : e.key === "ArrowUp" || e.key === "ArrowLeft" ? -1 : 0;
    let to = -1;
    if (step !== 0) {
      for (let k = 1; k <= n; k++) {
        const j = (i + step * k + n * k) % n;
        if (usable(j)) {
          to = j;
          break;
        }
      }
    } else if (e.key === "Home") to = firstUsable;
    else if (e.key === "End") to = n - 1 - [...choices].reverse().findIndex((c) => !c.removed);
    if (to === -1 || to >= n) return;
    e.preventDefault();
    refs.current[to]?.focus();
    onSelect(choices[to]!.answer);
  };

  return (
    <div
      role={kind === "radio" ? "radiogroup" : "group"}
      aria-label={label}
      aria-describedby={help ? "choice-help" : undefined}
      data-choice-group
      data-testid={oneTap ? "one-tap" : undefined}
    >
      {help && (
        <p id="choice-help" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          {help}
        </p>
      )}
      <div className={clsx("grid gap-3", layout === "pair" ? "grid-cols-2" : layout === "grid" ? "sm:grid-cols-2" : "grid-cols-1")}>
        {choices.map((c, i) => {
          const checked = isChecked(c.answer);
          const picked = busy !== null && busy === c.answer;
          const style = CHOICE_STYLES[i] ?? CHOICE_STYLES[0]!;
          const Shape = style.shape;
          return (
            <button
              key={String(c.answer)}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role={kind}
              aria-checked={kind === "radio" ? checked || picked : checked}
              // aria-disabled, not disabled: a focused button that turns disabled drops focus to <body>.
              aria-disabled={inert || c.removed ? true : undefined}
              aria-busy={picked || undefined}
              tabIndex={kind === "radio" ? (i === stop ? 0 : -1) : undefined}
              data-choice-index={i}
              onClick={() => activate(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={clsx(
                "flex items-center gap-3 rounded-2xl p-3 text-left font-bold transition aria-disabled:cursor-not-allowed",
                look === "outline"
                  ? [
                      "border-2",
                      layout === "pair" ? "min-h-16 justify-center text-lg" : "min-h-14 sm:min-h-16",
                      style.tone,
                      checked || picked
                        ? "bg-brand-50 ring-4 ring-brand-500 dark:bg-brand-950"
                        : "bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-800",
                    ]
                  : [
                      "p-4 text-lg shadow-sm active:scale-[0.98]",
                      layout === "pair" ? "min-h-28 flex-col justify-center text-center" : "min-h-16",
                      style.solid,
                      (checked || picked) && "ring-4 ring-zinc-900 ring-offset-2 ring-offset-white dark:ring-white dark:ring-offset-zinc-950",
                    ],
                busy !== null && !picked && "opacity-30",
                c.removed && "opacity-35",
              )}
              data-testid={oneTap ? "tap-option" : undefined}
            >
              {look === "outline" ? (
                <ChoiceBadge index={i} />
              ) : (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-lg bg-black/15 px-2 py-1 text-base" aria-hidden>
                  <Shape className="size-4 fill-current" />
                  {style.letter}
                </span>
              )}
              {/* Only the text is struck through: a line across the badge makes "C" read as "€". */}
              {c.text ? (
                <span className={clsx("min-w-0 break-words", layout !== "pair" && "flex-1", c.removed && "line-through")}><Rich text={c.text} /></span>
              ) : (
                // The texts are on the big screen only: the tile is its letter (and shape) alone.
                <span className="sr-only">{style.letter}</span>
              )}
              {picked ? (
                <span className="inline-flex items-center gap-1 text-sm font-semibold">
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                  {oneTap?.busyLabel}
                </span>
              ) : (
                checked && look === "outline" && <CheckCircle2 className="size-6 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
