"use client";

import { useTranslations } from "next-intl";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { CLASS_CODE_LENGTH } from "@/core/classes/rules";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import { joinClassAction } from "@/server/actions/classes";
import { RecoveryCodeNote } from "./recovery-code";
import { useActionForm } from "./use-action-form";

/**
 * Joining a class: its code (given by the link, or typed) and a roster name. A member goes to the
 * class at once; a student without an account first sees their recovery code, once.
 */
export function JoinClassForm({ code: given, defaultName, joinedClassId }: { code?: string; defaultName?: string; joinedClassId?: string }) {
  const t = useTranslations("classes");
  const router = useRouter();
  const [code, setCode] = useState(given ?? "");
  const [name, setName] = useState(defaultName ?? "");
  const [joined, setJoined] = useState<{ classId: string; recoveryCode: string } | null>(null);
  const { pending, error, fields, run } = useActionForm();
  // Joining sets a cookie, so the page renders again (as joined): the code stays on screen until the student moves on.
  if (joined) return <RecoveryCodeNote code={joined.recoveryCode} classId={joined.classId} />;
  if (joinedClassId) {
    return (
      <p>
        {t("alreadyJoined")}{" "}
        <Link href={`/classes/${joinedClassId}`} className="font-semibold text-brand-700 underline dark:text-brand-300" data-testid="go-to-class">
          {t("goToClass")}
        </Link>
      </p>
    );
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        run(
          () => joinClassAction({ code, name }),
          (v) => {
            if (v.recoveryCode) setJoined({ classId: v.classId, recoveryCode: v.recoveryCode });
            else router.push(`/classes/${v.classId}`);
          },
        );
      }}
      data-testid="join-class"
    >
      {!given && (
        <TextField
          id="join-code"
          label={t("code")}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={CLASS_CODE_LENGTH + 4}
          autoCapitalize="characters"
          autoComplete="off"
          className="font-mono tracking-widest uppercase"
          required
          error={fields.code}
        />
      )}
      <TextField id="join-name" label={t("rosterName")} value={name} onChange={(e) => setName(e.target.value)} maxLength={NICKNAME_MAX * 2} required error={fields.name} help={t("rosterNameHelp")} />
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400" data-testid="join-error">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass("primary", "md")} disabled={pending}>
        {t("join")}
      </button>
    </form>
  );
}
