"use client";

import { useTranslations } from "next-intl";
import { TextArea, TextField } from "@/components/ui/field";
import type { EditorQuestion } from "@/core/editor";
import { OPEN_LIMITS } from "@/core/open-answer";

type Props = { q: EditorQuestion; base: string; err: (path: string) => string | undefined; onChange: (q: EditorQuestion) => void };

/** An open question's fields: the longest answer (1–500 characters) and an optional model answer. */
export function OpenFields({ q, base, err, onChange }: Props) {
  const t = useTranslations("editor");
  return (
    <div className="space-y-3">
      <TextField
        id={`${base}-max-length`}
        type="number"
        inputMode="numeric"
        min={OPEN_LIMITS.maxLengthMin}
        max={OPEN_LIMITS.maxLengthMax}
        label={t("maxLength")}
        value={q.maxLength ?? OPEN_LIMITS.maxLengthDefault}
        onChange={(e) => onChange({ ...q, maxLength: e.target.value === "" ? 0 : Number(e.target.value) })}
        error={err("maxLength")}
        help={t("openHelp")}
        className="w-32"
      />
      <TextArea
        id={`${base}-model-answer`}
        label={t("modelAnswer")}
        value={q.modelAnswer ?? ""}
        onChange={(e) => onChange({ ...q, modelAnswer: e.target.value })}
        maxLength={OPEN_LIMITS.modelAnswerMax * 2}
        rows={3}
        error={err("modelAnswer")}
        help={t("modelAnswerHelp")}
      />
    </div>
  );
}
