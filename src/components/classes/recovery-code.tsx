"use client";

import KeyRound from "lucide-react/icons/key-round";
import { useTranslations } from "next-intl";
import Link from "@/components/ui/link";
import { formatRecoveryCode } from "@/core/classes/rules";

/** A student's recovery code, shown once after joining (or moving): write it down. */
export function RecoveryCodeNote({ code, classId }: { code: string; classId: string }) {
  const t = useTranslations("classes");
  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" role="status">
      <p className="flex items-center gap-2 font-bold">
        <KeyRound className="size-5" aria-hidden />
        {t("recoveryTitle")}
      </p>
      <p className="mt-2 font-mono text-2xl font-bold tracking-widest select-all" data-testid="recovery-code">
        {formatRecoveryCode(code)}
      </p>
      <p className="mt-2 text-sm">{t("recoveryLead")}</p>
      <Link href={`/classes/${classId}`} className="mt-3 inline-block font-semibold underline" data-testid="go-to-class">
        {t("goToClass")}
      </Link>
    </div>
  );
}
