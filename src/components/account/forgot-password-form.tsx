"use client";

import Send from "lucide-react/icons/send";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { AuthNotice } from "./auth-card";
import { postAuth } from "./auth-request";
import { ClientForm } from "@/components/ui/client-form";

/**
 * Asks for a reset link. Whatever the address, the answer is the same sentence: whether an
 * account uses it is never said (the server answers alike and mails only a real account).
 */
export function ForgotPasswordForm({ mailConfigured }: { mailConfigured: boolean }) {
  const t = useTranslations("auth");
  const fieldText = useFieldErrorText();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string; _?: string }>({});
  const [pending, startTransition] = useTransition();

  if (sentTo !== null) {
    return (
      <div className="space-y-4">
        <AuthNotice tone="ok" testId="forgot-sent">
          {t(mailConfigured ? "forgotSent" : "forgotNoMail", { email: sentTo })}
        </AuthNotice>
        <button type="button" className={buttonClass("secondary", "md", "w-full")} onClick={() => setSentTo(null)}>
          {t("forgotAgain")}
        </button>
      </div>
    );
  }

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const email = String(new FormData(form).get("email") ?? "").trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setErrors({ email: fieldText("email_invalid") });
      setErrors({});
      const res = await postAuth("request-password-reset", { email });
      if (res.ok) return setSentTo(email);
      if (res.status === 429) return setErrors({ _: t("mailRateLimited") });
      if (res.status === 400) return setErrors({ email: fieldText("email_invalid") });
      setErrors({ _: t("failed") });
    });

  return (
    <ClientForm onSubmit={submit}>
      <TextField id={`${id}-email`} name="email" type="email" label={t("email")} autoComplete="email" required error={errors.email} />
      {errors._ && <AuthNotice tone="problem">{errors._}</AuthNotice>}
      <button type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={pending} data-testid="forgot-submit">
        <Send className="size-5" aria-hidden />
        {t("forgotSubmit")}
      </button>
    </ClientForm>
  );
}
