"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { InputProps } from "./input-props";

export function NumberInput({ question, value, onChange, onSubmit, disabled }: InputProps) {
  const t = useTranslations("play");
  const { min, max, unit } = question.data.type === "number" ? question.data : { min: 0, max: 0, unit: undefined };
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  const step = Number.isInteger(min) && Number.isInteger(max) ? 1 : "any";
  const set = (s: string) => {
    setText(s);
    const n = Number(s.replace(",", "."));
    onChange(s.trim() !== "" && Number.isFinite(n) ? n : null);
  };
  return (
    <div className="space-y-4">
      <label htmlFor="number-answer" className="block text-sm font-medium">
        {t("typeNumber", { min, max })}
      </label>
      <div className="flex items-center gap-3">
        <input
          id="number-answer"
          inputMode="decimal"
          value={text}
          onChange={(e) => set(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && typeof value === "number") {
              e.preventDefault();
              onSubmit();
            }
          }}
          disabled={disabled}
          autoComplete="off"
          className="h-14 w-48 rounded-2xl border-2 border-zinc-300 bg-white px-4 text-center font-mono text-2xl font-bold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        {unit && <span className="text-lg font-semibold">{unit}</span>}
      </div>
      {/*
        The slider starts with no value (its thumb hidden): a thumb resting at the midpoint looked
        like an answer while Submit stayed disabled. Touching the track or a key picks a value,
        the midpoint included.
      */}
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={typeof value === "number" ? value : (min + max) / 2}
        onChange={(e) => set(e.target.value)}
        onPointerUp={(e) => typeof value !== "number" && set(e.currentTarget.value)}
        disabled={disabled}
        aria-label={t("slider")}
        aria-describedby={typeof value === "number" ? undefined : "number-empty"}
        data-empty={typeof value !== "number" || undefined}
        className="w-full accent-brand-600 data-empty:[&::-webkit-slider-thumb]:opacity-0 data-empty:[&::-moz-range-thumb]:opacity-0"
      />
      {typeof value !== "number" && (
        <p id="number-empty" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="number-empty">
          {t("numberEmpty")}
        </p>
      )}
      <div className="flex justify-between text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}
