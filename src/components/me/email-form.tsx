"use client";

import Mail from "lucide-react/icons/mail";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { postAuth } from "@/components/account/auth-request";
import { buttonClass } from "@/components/ui/button";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";

/**
 * Changes the account's email: Better Auth mails a link to the new address, and the email changes
 * when it is opened there. An address another account uses gets the same answer (and no mail).
 */
export function EmailForm({ current, mailConfigured }: { current: string; mailConfigured: boolean }) {
  const t = useTranslations("me.settings");
  const fieldText = useFieldErrorText();
  const id = useId();
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const newEmail = String(new FormData(form).get("newEmail") ?? "").trim().toLowerCase();
      setSentTo(null);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail)) return setError(fieldText("email_invalid"));
      if (newEmail === current.toLowerCase()) return setError(t("emailSame"));
      setError(undefined);
      const res = await postAuth("change-email", { newEmail, callbackURL: "/email-verified" });
      if (res.ok) {
        form.reset();
        return setSentTo(newEmail);
      }
      if (res.status === 429) return setError(t("rateLimited"));
      if (res.status === 400 || res.status === 422) return setError(fieldText("email_invalid"));
      setError(fieldText("invalid"));
    });

  return (
    <ClientForm onSubmit={submit}>
      <TextField id={`${id}-email`} name="newEmail" type="email" label={t("newEmail")} autoComplete="email" required error={error} />
      <button type="submit" className={buttonClass("secondary")} disabled={pending} data-testid="change-email">
        <Mail className="size-4" aria-hidden />
        {t("changeEmail")}
      </button>
      <p role="status" data-testid="email-sent" className="text-sm font-medium text-emerald-700 empty:hidden dark:text-emerald-400">
        {sentTo !== null && (mailConfigured ? t("emailSent", { email: sentTo, current }) : t("emailSentNoMail"))}
      </p>
    </ClientForm>
  );
}
