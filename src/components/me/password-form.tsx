"use client";

import KeyRound from "lucide-react/icons/key-round";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { postAuth } from "@/components/account/auth-request";
import { buttonClass } from "@/components/ui/button";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { ClientForm } from "@/components/ui/client-form";

type Errors = { currentPassword?: string; newPassword?: string; _?: string };

/** Changes the password: asks the current one, and signs out every other session of the account. */
export function PasswordForm() {
  const t = useTranslations("me.settings");
  const fieldText = useFieldErrorText();
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const data = new FormData(form);
      const currentPassword = String(data.get("currentPassword") ?? "");
      const newPassword = String(data.get("newPassword") ?? "");
      setDone(false);
      if (!currentPassword) return setErrors({ currentPassword: fieldText("invalid") });
      setErrors({});
      const res = await postAuth("change-password", { currentPassword, newPassword, revokeOtherSessions: true });
      if (res.ok) {
        form.reset();
        return setDone(true);
      }
      const code = res.fieldCodes.newPassword?.[0];
      if (code) return setErrors({ newPassword: fieldText(code) });
      if (res.code === "PASSWORD_TOO_SHORT") return setErrors({ newPassword: fieldText("password_too_short") });
      if (res.code === "PASSWORD_TOO_LONG") return setErrors({ newPassword: fieldText("password_too_long") });
      if (res.code === "INVALID_PASSWORD") return setErrors({ currentPassword: t("wrongPassword") });
      setErrors({ _: res.status === 429 ? t("rateLimited") : fieldText("invalid") });
    });

  return (
    <ClientForm onSubmit={submit}>
      <TextField
        id={`${id}-current`}
        name="currentPassword"
        type="password"
        label={t("currentPassword")}
        autoComplete="current-password"
        required
        maxLength={128}
        error={errors.currentPassword}
      />
      <TextField id={`${id}-new`} name="newPassword" type="password" label={t("newPassword")} autoComplete="new-password" required maxLength={128} error={errors.newPassword} />
      {errors._ && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {errors._}
        </p>
      )}
      <button type="submit" className={buttonClass("secondary")} disabled={pending} data-testid="change-password">
        <KeyRound className="size-4" aria-hidden />
        {t("changePassword")}
      </button>
      <p role="status" data-testid="password-changed" className="text-sm font-medium text-emerald-700 empty:hidden dark:text-emerald-400">
        {done && t("passwordChanged")}
      </p>
    </ClientForm>
  );
}
