"use client";

import ShieldCheck from "lucide-react/icons/shield-check";
import ShieldOff from "lucide-react/icons/shield-off";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { postAuth } from "@/components/account/auth-request";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { readSecondFactorCode } from "@/core/second-factor";
import { startTwoFactorAction } from "@/server/actions/security";
import { Alert } from "./alert";

type Setup = { qr: string; secret: string; backupCodes: string[] };

/**
 * Two-factor sign-in (TOTP): the password starts it, the QR code (and the secret as text) go into
 * an authenticator app, the backup codes are shown this once, and a first code turns it on.
 * Turning it off asks for the password again.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const t = useTranslations("me.security");
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const wrongPassword = (code: string) => (code === "wrong_password" || code === "INVALID_PASSWORD" ? t("wrongPassword") : errorText(code));

  const start = (form: HTMLFormElement) =>
    startTransition(async () => {
      const password = String(new FormData(form).get("password") ?? "");
      if (!password) return setError(t("passwordNeeded"));
      const res = await startTwoFactorAction({ password });
      if (!res.ok) return setError(wrongPassword(res.code));
      setError(null);
      setSetup(res.value);
    });

  const verify = (form: HTMLFormElement) =>
    startTransition(async () => {
      const code = readSecondFactorCode(String(new FormData(form).get("code") ?? ""));
      if (code?.kind !== "totp") return setError(t("codeFormat"));
      const res = await postAuth("two-factor/verify-totp", { code: code.code });
      // Turning it on takes the app's code only: the sign-in message's "or a backup code" does not apply.
      if (!res.ok) return setError(res.code === "invalid_code" ? t("setupCodeWrong") : errorText(res.code));
      setError(null);
      setSetup(null);
      router.refresh();
    });

  const disable = (form: HTMLFormElement) =>
    startTransition(async () => {
      const password = String(new FormData(form).get("password") ?? "");
      if (!password) return setError(t("passwordNeeded"));
      const res = await postAuth("two-factor/disable", { password });
      if (!res.ok) return setError(wrongPassword(res.code));
      setError(null);
      form.reset();
      router.refresh();
    });

  const submit = (run: (form: HTMLFormElement) => void) => (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    run(e.currentTarget);
  };

  if (enabled) {
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400" data-testid="two-factor-on">
          <ShieldCheck className="size-5" aria-hidden />
          {t("twoFactorOn")}
        </p>
        <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit(disable)}>
          <TextField id={`${id}-off`} name="password" type="password" label={t("password")} autoComplete="current-password" maxLength={128} fieldClassName="min-w-0 flex-1" />
          <button type="submit" className={buttonClass("secondary", "md", "sm:mt-6")} disabled={pending} data-testid="two-factor-disable">
            <ShieldOff className="size-4" aria-hidden />
            {t("turnOff")}
          </button>
        </form>
        <Alert>{error}</Alert>
      </div>
    );
  }

  if (setup) {
    return (
      <div className="space-y-4" data-testid="two-factor-setup">
        <ol className="list-decimal space-y-4 pl-5 text-sm">
          <li>
            <p>{t("scan")}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn on the server */}
            <img src={setup.qr} alt={t("qrAlt")} width={176} height={176} className="mt-2 size-44 rounded-lg bg-white p-1 ring-1 ring-zinc-200" />
            <p className="mt-2">{t("orType")}</p>
            <code className="mt-1 block font-mono text-sm break-all select-all" data-testid="two-factor-secret">
              {setup.secret}
            </code>
          </li>
          <li>
            <p className="font-semibold">{t("backupTitle")}</p>
            <p>{t("backupLead")}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:max-w-xs" data-testid="backup-codes">
              {setup.backupCodes.map((c) => (
                <li key={c} data-testid="backup-code">
                  {c}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit(verify)}>
              <TextField
                id={`${id}-code`}
                name="code"
                label={t("firstCode")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                fieldClassName="min-w-0 flex-1"
              />
              <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")} disabled={pending} data-testid="two-factor-verify">
                <ShieldCheck className="size-4" aria-hidden />
                {t("turnOn")}
              </button>
            </form>
          </li>
        </ol>
        <Alert>{error}</Alert>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("twoFactorOff")}</p>
      <form noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit(start)}>
        <TextField id={`${id}-on`} name="password" type="password" label={t("password")} autoComplete="current-password" maxLength={128} fieldClassName="min-w-0 flex-1" />
        <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")} disabled={pending} data-testid="two-factor-start">
          <ShieldCheck className="size-4" aria-hidden />
          {t("setUp")}
        </button>
      </form>
      <Alert>{error}</Alert>
    </div>
  );
}
