"use client";

import { clsx } from "clsx";
import { inputLook } from "@/components/ui/field";

/**
 * What an answer is worth, in percent of the question's points (docs/rules.md, "Partial credit"):
 * a wrong single-choice option, an accepted answer. Empty means the default (0 for an option,
 * 100 for an accepted answer).
 */
export function WeightInput({ id, label, value, placeholder, onChange }: { id: string; label: string; value: number | null | undefined; placeholder: string; onChange: (v: number | null) => void }) {
  return (
    <span className="flex shrink-0 items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step="any"
        value={value ?? ""}
        placeholder={placeholder}
        title={label}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        className={clsx(inputLook, "h-11 w-20 px-2 text-right tabular-nums")}
        data-testid="weight"
      />
      <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-hidden>
        %
      </span>
    </span>
  );
}
