"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { assignChallengeAction, unassignChallengeAction } from "@/server/actions/classes";
import { useActionForm } from "./use-action-form";

/** Assigns one of the teacher's challenges (by its code) to the class. */
export function AssignForm({ classId, challenges, allAssigned }: { classId: string; challenges: { code: string; quizTitle: string }[]; allAssigned: boolean }) {
  const t = useTranslations("classes");
  const [code, setCode] = useState(challenges[0]?.code ?? "");
  const { pending, error, fields, run } = useActionForm();
  if (!challenges.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(allAssigned ? "allAssigned" : "noChallenges")}</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => assignChallengeAction(classId, { challenge: code }), () => undefined);
      }}
      data-testid="assign-form"
    >
      <SelectField id="assign-challenge" label={t("assignLabel")} value={code} onChange={(e) => setCode(e.target.value)} fieldClassName="min-w-0 flex-1" error={fields.challenge}>
        {challenges.map((c) => (
          <option key={c.code} value={c.code}>
            {c.quizTitle} ({c.code})
          </option>
        ))}
      </SelectField>
      <button type="submit" className={buttonClass("primary", "md", "h-11")} disabled={pending}>
        {t("assign")}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </form>
  );
}

export function UnassignButton({ classId, assignmentId, title }: { classId: string; assignmentId: string; title: string }) {
  const t = useTranslations("classes");
  const { pending, run } = useActionForm();
  return (
    <button type="button" className={buttonClass("secondary", "sm")} disabled={pending} aria-label={t("unassignNamed", { title })} onClick={() => run(() => unassignChallengeAction(classId, assignmentId), () => undefined)}>
      {t("unassign")}
    </button>
  );
}
