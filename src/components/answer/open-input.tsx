"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { InputProps } from "./input-props";

/** An open question's answer: free text of at most the question's maxLength characters (docs/rules.md §5). */
export function OpenInput({ question, value, onChange, disabled, autoFocus = true }: InputProps) {
  const t = useTranslations("play");
  const box = useRef<HTMLTextAreaElement>(null);
  const max = question.data.type === "open" ? question.data.maxLength : 500;
  const text = typeof value === "string" ? value : "";
  useEffect(() => {
    if (autoFocus) box.current?.focus();
  }, [autoFocus]);
  return (
    <div>
      <label htmlFor="open-answer" className="mb-2 block text-sm font-medium">
        {t("typeOpen")}
      </label>
      <textarea
        ref={box}
        id="open-answer"
        data-testid="open-input"
        value={text}
        onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        disabled={disabled}
        maxLength={max}
        rows={4}
        aria-describedby="open-answer-count"
        className="w-full rounded-2xl border-2 border-zinc-300 bg-white px-4 py-3 text-lg focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
      <p id="open-answer-count" className="mt-1 text-right text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        {t("charsLeft", { count: max - [...text].length })}
      </p>
    </div>
  );
}
