"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { InputProps } from "./input-props";

/** Characters per word (docs/rules.md §5: a word cloud's answers are at most 40 characters). */
const WORD_MAX = 40;

/** A word cloud's answer: 1–maxWords short words, one field each; blank fields are not sent. */
export function WordsInput({ question, value, onChange, onSubmit, disabled, autoFocus = true }: InputProps) {
  const t = useTranslations("play");
  const first = useRef<HTMLInputElement>(null);
  const count = question.data.type === "wordcloud" ? question.data.maxWords : 1;
  const words = Array.from({ length: count }, (_, i) => (Array.isArray(value) ? (value[i] ?? "") : ""));
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);
  return (
    <fieldset>
      <legend className="mb-2 block text-sm font-medium">{t("typeWords", { count })}</legend>
      <div className="space-y-2">
        {words.map((w, i) => (
          <div key={i}>
            <label htmlFor={`word-${i}`} className="sr-only">
              {t("wordN", { n: i + 1 })}
            </label>
            <input
              ref={i === 0 ? first : undefined}
              id={`word-${i}`}
              data-testid="word-input"
              value={w}
              onChange={(e) => onChange(words.map((x, j) => (j === i ? e.target.value : x)))}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  if (words.some((x) => x.trim())) onSubmit();
                }
              }}
              disabled={disabled}
              maxLength={WORD_MAX}
              autoComplete="off"
              spellCheck={false}
              placeholder={t("wordN", { n: i + 1 })}
              className="h-14 w-full rounded-2xl border-2 border-zinc-300 bg-white px-4 text-lg font-semibold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
