"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import type { Answer } from "@/core/grading";
import type { InputProps } from "./input-props";
import { ChoiceTiles, type TileChoice } from "./choice-tiles";
import { selectedIds } from "./rules";
import { useChoiceKeys } from "./use-choice-keys";

/** Moves focus with a number key's pick when focus is already among the options (so Enter answers the picked one). */
function focusPicked(i: number) {
  const active = document.activeElement;
  const group = active instanceof HTMLElement ? active.closest("[data-choice-group]") : null;
  group?.querySelector<HTMLElement>(`[data-choice-index="${i}"]`)?.focus();
}

export function ChoiceInput({ question, value, onChange, onSubmit, hint, disabled, oneTap, look = "outline" }: InputProps) {
  const t = useTranslations("play");
  const data = question.data;
  const multiple = data.type === "multiple";
  const options = useMemo(() => (data.type === "single" || data.type === "multiple" || data.type === "poll" ? data.options : []), [data]);
  const removed = new Set(hint?.removedOptionIds ?? []);
  const pick = useCallback(
    (i: number) => {
      const option = options[i];
      if (!option || hint?.removedOptionIds?.includes(option.id)) return;
      if (!multiple) {
        onChange(option.id);
        focusPicked(i);
        return;
      }
      const next = selectedIds(value);
      if (next.has(option.id)) next.delete(option.id);
      else next.add(option.id);
      onChange(options.filter((o) => next.has(o.id)).map((o) => o.id));
    },
    [options, multiple, value, hint, onChange],
  );
  useChoiceKeys(options.length, pick, onSubmit, disabled || (oneTap?.busy ?? null) !== null);
  const selected = selectedIds(value);
  const choices: TileChoice[] = options.map((o) => ({ answer: o.id, text: o.text, removed: removed.has(o.id) }));
  return (
    <ChoiceTiles
      choices={choices}
      kind={multiple ? "checkbox" : "radio"}
      isChecked={(a) => typeof a === "string" && selected.has(a)}
      onSelect={(a) => pick(options.findIndex((o) => o.id === a))}
      oneTap={multiple ? undefined : oneTap}
      disabled={disabled}
      label={multiple ? t("pickSeveral") : t("pickOne")}
      help={multiple ? t("pickSeveral") : oneTap ? t("tapToAnswer") : undefined}
      look={look}
      layout={look === "solid" ? "list" : "grid"}
    />
  );
}

const BOOLEAN_CHOICES = [true, false] as const;

export function BooleanInput({ value, onChange, onSubmit, disabled, oneTap, look = "outline" }: InputProps) {
  const t = useTranslations("play");
  const pick = useCallback(
    (i: number) => {
      onChange(BOOLEAN_CHOICES[i] ?? null);
      focusPicked(i);
    },
    [onChange],
  );
  useChoiceKeys(2, pick, onSubmit, disabled || (oneTap?.busy ?? null) !== null);
  const choices: TileChoice[] = BOOLEAN_CHOICES.map((c) => ({ answer: c, text: c ? t("true") : t("false") }));
  return (
    <ChoiceTiles
      choices={choices}
      kind="radio"
      isChecked={(a: Answer) => value === a}
      onSelect={(a) => onChange(a)}
      oneTap={oneTap}
      disabled={disabled}
      label={t("pickOne")}
      help={oneTap ? t("tapToAnswer") : undefined}
      look={look}
      layout="pair"
    />
  );
}
