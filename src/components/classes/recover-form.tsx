"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { recoverClassAction } from "@/server/actions/classes";
import { RecoveryCodeNote } from "./recovery-code";
import { useActionForm } from "./use-action-form";

/** "Use my recovery code": moves a student to this browser, and shows their new recovery code. */
export function RecoverForm() {
  const t = useTranslations("classes");
  const [code, setCode] = useState("");
  const [moved, setMoved] = useState<{ classId: string; recoveryCode: string } | null>(null);
  const { pending, error, fields, run } = useActionForm();
  if (moved) return <RecoveryCodeNote code={moved.recoveryCode} classId={moved.classId} />;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => recoverClassAction({ recoveryCode: code }), setMoved);
      }}
      data-testid="recover-class"
    >
      <TextField
        id="recovery-code"
        label={t("recoveryCode")}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={20}
        autoCapitalize="characters"
        autoComplete="off"
        className="font-mono tracking-widest uppercase"
        required
        error={fields.recoveryCode}
        help={t("recoverHelp")}
      />
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass("secondary", "md")} disabled={pending}>
        {t("recover")}
      </button>
    </form>
  );
}
