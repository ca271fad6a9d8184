"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import { removeStudentAction, renameStudentAction } from "@/server/actions/classes";
import { StudentExtraTime } from "./student-extra-time";
import { useActionForm } from "./use-action-form";

export type RosterRow = { id: string; name: string; member: boolean; recoveryCode: string | null; /** ×1 (none), ×1.5 or ×2 in the class's challenges. */ extraTime?: number };

/** The teacher's roster: each student's name and recovery code, with Rename and Remove (confirmed in place). */
export function RosterTable({ classId, students }: { classId: string; students: RosterRow[] }) {
  const t = useTranslations("classes");
  if (!students.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noStudents")}</p>;
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="roster">
      {students.map((s) => (
        <RosterItem key={s.id} classId={classId} student={s} />
      ))}
    </ul>
  );
}

function RosterItem({ classId, student }: { classId: string; student: RosterRow }) {
  const t = useTranslations("classes");
  const [mode, setMode] = useState<"view" | "rename" | "remove">("view");
  const [name, setName] = useState(student.name);
  const { pending, error, fields, run } = useActionForm();
  return (
    <li className="py-3" data-testid="roster-student">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="min-w-0 flex-1 font-semibold break-words" data-testid="roster-name">
          {student.name}
        </span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {student.member ? (
            t("memberAccount")
          ) : (
            <>
              {t("recoveryShort")} <span className="font-mono font-semibold text-zinc-900 select-all dark:text-zinc-100" data-testid="roster-recovery">{student.recoveryCode}</span>
            </>
          )}
        </span>
        <StudentExtraTime classId={classId} studentId={student.id} name={student.name} value={student.extraTime ?? 1} />
        {mode === "view" && (
          <span className="flex gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setMode("rename")} aria-label={t("renameNamed", { name: student.name })}>
              {t("rename")}
            </button>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setMode("remove")} aria-label={t("removeNamed", { name: student.name })}>
              {t("remove")}
            </button>
          </span>
        )}
      </div>
      {mode === "rename" && (
        <form
          className="mt-2 flex flex-wrap items-start gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            run(() => renameStudentAction(classId, student.id, { name }), () => setMode("view"));
          }}
        >
          <label htmlFor={`rename-${student.id}`} className="sr-only">
            {t("rosterName")}
          </label>
          <input id={`rename-${student.id}`} className={`${inputClass} h-9 max-w-xs`} value={name} maxLength={NICKNAME_MAX * 2} onChange={(e) => setName(e.target.value)} autoFocus />
          <button type="submit" className={buttonClass("primary", "sm")} disabled={pending}>
            {t("save")}
          </button>
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setMode("view")}>
            {t("cancel")}
          </button>
        </form>
      )}
      {mode === "remove" && (
        <div role="alertdialog" aria-label={t("remove")} className="mt-2 rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100">
          <p>{t("removeConfirm", { name: student.name })}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" autoFocus className={buttonClass("primary", "sm", "bg-rose-600 hover:bg-rose-700 dark:bg-rose-500 dark:hover:bg-rose-400")} disabled={pending} onClick={() => run(() => removeStudentAction(classId, student.id), () => setMode("view"))}>
              {t("removeYes")}
            </button>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setMode("view")}>
              {t("cancel")}
            </button>
          </div>
        </div>
      )}
      {(error || fields.name) && (
        <p role="alert" className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
          {fields.name ?? error}
        </p>
      )}
    </li>
  );
}
