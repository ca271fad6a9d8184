"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { startAssignmentAction } from "@/server/actions/classes";
import { useActionForm } from "./use-action-form";

/** Play on a student's class page: a new attempt at the assignment under their roster name. */
export function PlayAssignment({ classId, assignmentId, title, again }: { classId: string; assignmentId: string; title: string; again: boolean }) {
  const t = useTranslations("classes");
  const router = useRouter();
  const { pending, error, run } = useActionForm();
  return (
    <div>
      <button type="button" className={buttonClass("primary", "sm")} disabled={pending} aria-label={t("playNamed", { title })} onClick={() => run(() => startAssignmentAction(classId, assignmentId), (v) => router.push(`/play/${v.id}`))} data-testid="play-assignment">
        {again ? t("playAgain") : t("play")}
      </button>
      {error && (
        <p role="alert" className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
