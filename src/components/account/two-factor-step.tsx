"use client";

import ShieldCheck from "lucide-react/icons/shield-check";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { readSecondFactorCode } from "@/core/second-factor";
import { AuthCard } from "./auth-card";
import { postAuth } from "./auth-request";
import { ClientForm } from "@/components/ui/client-form";

/**
 * The second step of signing in when two-factor is on: a code from the authenticator app, or one
 * of the backup codes (each works once). The password step left a short-lived cookie that says
 * whose code this is (Better Auth's two-factor plugin).
 */
export function TwoFactorStep({ next, onBack }: { next: string; onBack: () => void }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const code = readSecondFactorCode(String(new FormData(form).get("code") ?? ""));
      if (!code) return setError(t("codeFormat"));
      const res = await postAuth(code.kind === "totp" ? "two-factor/verify-totp" : "two-factor/verify-backup-code", { code: code.code });
      if (!res.ok) return setError(res.status === 429 && res.code === "rate_limited" ? t("rateLimited") : errorText(res.code));
      router.replace(next);
      router.refresh();
    });

  return (
    <AuthCard icon={ShieldCheck} title={t("twoFactorTitle")} lead={t("twoFactorLead")}>
      <ClientForm onSubmit={submit}>
        <TextField
          id={`${id}-code`}
          name="code"
          label={t("twoFactorCode")}
          help={t("twoFactorCodeHelp")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          maxLength={24}
          error={error ?? undefined}
        />
        <button type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={pending} data-testid="two-factor-submit">
          <ShieldCheck className="size-5" aria-hidden />
          {t("twoFactorSubmit")}
        </button>
      </ClientForm>
      <p className="mt-6 text-center text-sm">
        <button type="button" className="font-semibold text-brand-700 underline dark:text-brand-300" onClick={onBack}>
          {t("backToSignIn")}
        </button>
      </p>
    </AuthCard>
  );
}
