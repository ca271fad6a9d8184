"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { inputLook } from "@/components/ui/field";
import { EXTRA_TIME_FACTORS, extraTimeOf } from "@/core/extra-time";
import { setStudentExtraTimeAction } from "@/server/actions/classes";
import { useActionForm } from "./use-action-form";

/**
 * A roster student's extra time in the class's challenges (docs/rules.md §13): ×1.5 or ×2 each
 * question's limit, saved as soon as the teacher picks it. Only the teacher's roster shows it.
 */
export function StudentExtraTime({ classId, studentId, name, value }: { classId: string; studentId: string; name: string; value: number }) {
  const t = useTranslations("classes");
  const id = useId();
  const [factor, setFactor] = useState(extraTimeOf(value));
  const { pending, error, run } = useActionForm();
  return (
    <span className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600 dark:text-zinc-400">
        <span aria-hidden>{t("extraTime")}</span>
        <span className="sr-only">{t("extraTimeNamed", { name })}</span>
      </label>
      <select
        id={id}
        className={`${inputLook} h-9 py-1`}
        value={String(factor)}
        disabled={pending}
        data-testid="roster-extra-time"
        onChange={(e) => {
          const next = extraTimeOf(Number(e.target.value));
          setFactor(next);
          run(() => setStudentExtraTimeAction(classId, studentId, { extraTime: next }), () => undefined);
        }}
      >
        {EXTRA_TIME_FACTORS.map((f) => (
          <option key={f} value={String(f)}>
            {f === 1 ? t("extraTimeNone") : t("extraTimeFactor", { factor: f })}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="font-medium text-rose-700 dark:text-rose-400">
          {error}
        </span>
      )}
    </span>
  );
}
