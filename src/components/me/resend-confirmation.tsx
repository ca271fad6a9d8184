"use client";

import MailCheck from "lucide-react/icons/mail-check";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { postAuth } from "@/components/account/auth-request";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";

/**
 * An address not confirmed yet: a new confirmation link (Better Auth's send-verification-email,
 * rate limited like every mail) where the server sends mail; where it does not, who has the link.
 */
export function ResendConfirmation({ email, mailConfigured }: { email: string; mailConfigured: boolean }) {
  const t = useTranslations("me.settings");
  const errorText = useErrorText();
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  if (!mailConfigured) return <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">{t("confirmNoMail")}</p>;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={pending}
        data-testid="resend-confirmation"
        onClick={() =>
          startTransition(async () => {
            const res = await postAuth("send-verification-email", { email, callbackURL: "/me?tab=settings" });
            setSaid(res.ok ? { ok: true, text: t("confirmSent", { email }) } : { ok: false, text: errorText(res.code) });
          })
        }
      >
        <MailCheck className="size-4" aria-hidden />
        {t("confirmAgain")}
      </button>
      {said && (
        <p role="status" className={said.ok ? "text-sm text-emerald-700 dark:text-emerald-400" : "text-sm text-rose-700 dark:text-rose-400"}>
          {said.text}
        </p>
      )}
    </div>
  );
}
