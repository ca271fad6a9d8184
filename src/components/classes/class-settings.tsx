"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { deleteClassAction, setClassLeaderboardAction } from "@/server/actions/classes";
import { useActionForm } from "./use-action-form";

/** The class's settings: show the leaderboard to students, and Delete (confirmed in place). */
export function ClassSettings({ classId, showLeaderboard, name }: { classId: string; showLeaderboard: boolean; name: string }) {
  const t = useTranslations("classes");
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { pending, error, run } = useActionForm();
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={showLeaderboard}
          disabled={pending}
          onChange={(e) => run(() => setClassLeaderboardAction(classId, { showLeaderboard: e.target.checked }), () => undefined)}
          data-testid="show-leaderboard"
        />
        {t("showLeaderboard")}
      </label>
      {confirming ? (
        <div role="alertdialog" aria-label={t("deleteClass")} className="rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100">
          <p>{t("deleteConfirm", { name })}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" autoFocus className={buttonClass("primary", "sm", "bg-rose-600 hover:bg-rose-700 dark:bg-rose-500 dark:hover:bg-rose-400")} disabled={pending} onClick={() => run(() => deleteClassAction(classId), () => router.push("/classes"))} data-testid="delete-class-confirm">
              {t("deleteYes")}
            </button>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirming(false)}>
              {t("cancel")}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirming(true)} data-testid="delete-class">
          {t("deleteClass")}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
