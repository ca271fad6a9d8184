"use client";

import KeyRound from "lucide-react/icons/key-round";
import LogIn from "lucide-react/icons/log-in";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { AuthNotice } from "./auth-card";
import { postAuth } from "./auth-request";
import { ClientForm } from "@/components/ui/client-form";

/** Sets a new password with the token of a reset link; the server signs out every session. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const fieldText = useFieldErrorText();
  const id = useId();
  const [state, setState] = useState<"form" | "done" | "invalid">("form");
  const [errors, setErrors] = useState<{ newPassword?: string; _?: string }>({});
  const [pending, startTransition] = useTransition();

  if (state === "done") {
    return (
      <div className="space-y-4">
        <AuthNotice tone="ok" testId="reset-done">
          {t("resetDone")}
        </AuthNotice>
        <Link href="/sign-in" className={buttonClass("primary", "lg", "w-full")}>
          <LogIn className="size-5" aria-hidden />
          {t("signIn")}
        </Link>
      </div>
    );
  }
  if (state === "invalid") return <ResetLinkInvalid />;

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const newPassword = String(new FormData(form).get("newPassword") ?? "");
      setErrors({});
      const res = await postAuth("reset-password", { newPassword, token });
      if (res.ok) return setState("done");
      const code = res.fieldCodes.newPassword?.[0];
      if (code) return setErrors({ newPassword: fieldText(code) });
      if (res.code === "PASSWORD_TOO_SHORT") return setErrors({ newPassword: fieldText("password_too_short") });
      if (res.code === "PASSWORD_TOO_LONG") return setErrors({ newPassword: fieldText("password_too_long") });
      if (res.code === "INVALID_TOKEN" || res.code === "USER_NOT_FOUND") return setState("invalid");
      setErrors({ _: res.status === 429 ? t("rateLimited") : t("failed") });
    });

  return (
    <ClientForm onSubmit={submit}>
      <TextField
        id={`${id}-password`}
        name="newPassword"
        type="password"
        label={t("newPassword")}
        autoComplete="new-password"
        required
        maxLength={128}
        error={errors.newPassword}
        help={t("passwordHelp")}
      />
      {errors._ && <AuthNotice tone="problem">{errors._}</AuthNotice>}
      <button type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={pending} data-testid="reset-submit">
        <KeyRound className="size-5" aria-hidden />
        {t("resetSubmit")}
      </button>
    </ClientForm>
  );
}

/** An expired or used link: say so, and offer a new one. */
export function ResetLinkInvalid() {
  const t = useTranslations("auth");
  return (
    <div className="space-y-4">
      <AuthNotice tone="problem" testId="reset-invalid">
        {t("resetInvalid")}
      </AuthNotice>
      <Link href="/forgot-password" className={buttonClass("primary", "lg", "w-full")}>
        {t("forgotAgain")}
      </Link>
    </div>
  );
}
