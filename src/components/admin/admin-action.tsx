"use client";

import Ban from "lucide-react/icons/ban";
import Check from "lucide-react/icons/check";
import CircleCheck from "lucide-react/icons/circle-check";
import EyeOff from "lucide-react/icons/eye-off";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import ShieldCheck from "lucide-react/icons/shield-check";
import User from "lucide-react/icons/user";
import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { dismissReportAction, hideQuizAction, restoreQuizAction, setRoleAction, setUserStatusAction } from "@/server/actions/admin";

type Action =
  | { kind: "hide"; quizId: string }
  | { kind: "restore"; quizId: string }
  | { kind: "dismiss"; reportId: string }
  | { kind: "role"; userId: string; role: "member" | "admin" }
  | { kind: "status"; userId: string; disabled: boolean };

const ICON = { hide: EyeOff, restore: RotateCcw, dismiss: X, role: ShieldCheck, status: Ban } as const;

/** One moderation button; the action checks the admin role itself and the page re-renders after it. */
export function AdminAction({ action, label, variant = "secondary", testId }: { action: Action; label: string; variant?: "primary" | "secondary"; testId?: string }) {
  const t = useTranslations("admin");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, startTransition] = useTransition();
  const Icon = action.kind === "role" && action.role === "member" ? User : action.kind === "status" && !action.disabled ? CircleCheck : ICON[action.kind];

  const run = () =>
    startTransition(async () => {
      setError(null);
      const res =
        action.kind === "hide"
          ? await hideQuizAction({ quizId: action.quizId })
          : action.kind === "restore"
            ? await restoreQuizAction({ quizId: action.quizId })
            : action.kind === "dismiss"
              ? await dismissReportAction({ reportId: action.reportId })
              : action.kind === "role"
                ? await setRoleAction({ userId: action.userId, role: action.role })
                : await setUserStatusAction({ userId: action.userId, disabled: action.disabled });
      if (res.ok) setDone(true);
      else setError(res.code === "last_admin" ? t("lastAdmin") : t("failed"));
    });

  return (
    <div className="flex flex-col items-start gap-1">
      <button type="button" className={buttonClass(variant, "sm")} onClick={run} disabled={pending || done} data-testid={testId}>
        {done ? <Check className="size-4" aria-hidden /> : <Icon className="size-4" aria-hidden />}
        {label}
      </button>
      {error && (
        <p role="alert" className="max-w-xs text-xs font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
