"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { InputProps } from "./input-props";

export function TextInput({ value, onChange, onSubmit, hint, disabled, autoFocus = true }: InputProps) {
  const t = useTranslations("play");
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <div>
      <label htmlFor="text-answer" className="mb-2 block text-sm font-medium">
        {t("typeAnswer")}
      </label>
      <input
        ref={ref}
        id="text-answer"
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            if (typeof value === "string" && value.trim()) onSubmit();
          }
        }}
        disabled={disabled}
        maxLength={200}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={hint?.firstLetter ? `${hint.firstLetter}…` : undefined}
        className="h-14 w-full rounded-2xl border-2 border-zinc-300 bg-white px-4 text-lg font-semibold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
    </div>
  );
}
