"use client";

import Brain from "lucide-react/icons/brain";
import LogIn from "lucide-react/icons/log-in";
import MailCheck from "lucide-react/icons/mail-check";
import UserPlus from "lucide-react/icons/user-plus";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import type { FieldErrorCode } from "@/core/field-errors";
import type { OidcRefusal } from "@/core/oidc";
import { AuthCard, AuthNotice } from "./auth-card";
import { OidcButtons, type OidcButton } from "./oidc-buttons";
import { PasskeySignIn } from "./passkey-sign-in";
import { TwoFactorStep } from "./two-factor-step";
import { ClientForm } from "@/components/ui/client-form";

/**
 * The form's checks are the server's own rules (src/core/account.ts, built on zod, ~27 kB gz):
 * they load once the person starts on the form, not with the page, which phones on a slow network
 * open quickly this way. A submit waits for them if they are not there yet.
 */
const loadRules = () => import(/* webpackChunkName: "form-rules" */ "@/core/account");

type Mode = "sign-in" | "sign-up";
const FIELD_LABEL = { email: true, handle: true, name: true, password: true };
type Errors = Partial<Record<"email" | "handle" | "name" | "password" | "_", string>>;

// Better Auth's error codes, mapped to the field they concern and what to say there.
const BETTER_AUTH_CODES: Record<string, { field: keyof Errors; fieldCode: FieldErrorCode }> = {
  INVALID_EMAIL: { field: "email", fieldCode: "email_invalid" },
  PASSWORD_TOO_SHORT: { field: "password", fieldCode: "password_too_short" },
  PASSWORD_TOO_LONG: { field: "password", fieldCode: "password_too_long" },
};

type ErrorBody = {
  code?: string;
  error?: { code?: string; fields?: Record<string, string[]>; fieldCodes?: Record<string, string[]> };
};

/**
 * Sign-in and sign-up against Better Auth's endpoints under /api/auth; the session is an httpOnly
 * cookie. When addresses must be confirmed (QUIZDECK_REQUIRE_EMAIL_VERIFICATION), a sign-up ends
 * on "check your email" (for a new address and one already in use alike) and a sign-in before
 * confirming says a new link was sent. `mailConfigured`: else the link is in the server's log.
 */
export function AuthForm({
  mode,
  next,
  defaultName,
  mailConfigured,
  oidc,
}: {
  mode: Mode;
  next: string;
  defaultName?: string;
  mailConfigured: boolean;
  /** OpenID Connect providers' buttons, and why the last round trip through one was refused. */
  oidc?: { providers: OidcButton[]; refusal: OidcRefusal | null };
}) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  const [pending, startTransition] = useTransition();
  const signUp = mode === "sign-up";
  const fieldOf = (key: string | undefined) => (key && key in FIELD_LABEL ? key : "_") as keyof Errors;

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
      const { signInInput, signUpInput } = await loadRules();
      const parsed = (mode === "sign-up" ? signUpInput : signInInput).safeParse(data);
      if (!parsed.success) {
        // The rules' issues carry field error codes (src/core/field-errors.ts): said from the catalogue.
        const next: Errors = {};
        for (const issue of parsed.error.issues) next[fieldOf(String(issue.path[0]))] ??= fieldText(issue.message);
        setErrors(next);
        return;
      }
      setErrors({});
      const res = await fetch(`/api/auth/${mode}/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body = (await res.json().catch(() => ({}))) as ErrorBody & { token?: string | null; twoFactorRedirect?: boolean };
      if (res.ok) {
        // Two-factor is on: the password was right, a code comes next.
        if (!signUp && body.twoFactorRedirect) return setSecondStep(true);
        // Signed up without a session: the address must be confirmed first.
        if (signUp && !body.token) return setCheckEmail(parsed.data.email);
        router.replace(next);
        router.refresh();
        return;
      }
      const code = body.error?.code ?? body.code ?? "";
      const fieldCodes = body.error?.fieldCodes ?? Object.fromEntries(Object.keys(body.error?.fields ?? {}).map((f) => [f, ["invalid"]]));
      if ((code === "validation_failed" || code === "weak_password") && Object.keys(fieldCodes).length) {
        const next: Errors = {};
        for (const [field, codes] of Object.entries(fieldCodes)) next[fieldOf(field)] ??= fieldText(codes[0]);
        setErrors(next);
        return;
      }
      const known = BETTER_AUTH_CODES[code];
      if (known) return setErrors({ [known.field]: fieldText(known.fieldCode) });
      if (code === "rate_limited" || res.status === 429) return setErrors({ _: t("rateLimited") });
      if (code === "INVALID_EMAIL_OR_PASSWORD") return setErrors({ _: t("wrongPassword") });
      if (code === "account_disabled") return setErrors({ _: errorText(code) });
      if (code === "EMAIL_NOT_VERIFIED") return setErrors({ _: t(mailConfigured ? "notVerified" : "notVerifiedNoMail") });
      if (code === "handle_taken") return setErrors({ handle: t("handleTaken") });
      if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return setErrors({ email: t("emailTaken") });
      setErrors({ _: t("failed") });
    });

  if (secondStep) return <TwoFactorStep next={next} onBack={() => setSecondStep(false)} />;

  if (checkEmail !== null) {
    return (
      <AuthCard icon={MailCheck} title={t("checkEmailTitle")}>
        <AuthNotice tone="ok" testId="check-email">
          {t(mailConfigured ? "checkEmailLead" : "checkEmailNoMail", { email: checkEmail })}
        </AuthNotice>
        <p className="mt-6 text-center text-sm">
          <Link href="/sign-in" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("signIn")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={Brain} title={signUp ? t("signUpTitle") : t("signInTitle")} lead={signUp ? t("signUpLead") : t("signInLead")}>
      {oidc && (
        <OidcButtons
          providers={oidc.providers}
          next={next}
          back={`/${mode}${next !== "/me" ? `?next=${encodeURIComponent(next)}` : ""}`}
          refusal={oidc.refusal}
        />
      )}
      <ClientForm onFocus={() => void loadRules()} onSubmit={submit}>
        <TextField id={`${id}-email`} name="email" type="email" label={t("email")} autoComplete="email" required error={errors.email} />
        {signUp && (
          <>
            <TextField
              id={`${id}-handle`}
              name="handle"
              label={t("handle")}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={30}
              error={errors.handle}
              help={t("handleHelp")}
            />
            <TextField
              id={`${id}-name`}
              name="name"
              label={t("name")}
              autoComplete="nickname"
              required
              maxLength={50}
              defaultValue={defaultName}
              error={errors.name}
            />
          </>
        )}
        <TextField
          id={`${id}-password`}
          name="password"
          type="password"
          label={t("password")}
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          maxLength={128}
          error={errors.password}
          help={signUp ? t("passwordHelp") : undefined}
        />
        {!signUp && (
          <p className="-mt-2 text-right text-sm">
            <Link href="/forgot-password" className="font-semibold text-brand-700 underline dark:text-brand-300">
              {t("forgotLink")}
            </Link>
          </p>
        )}
        {errors._ && (
          <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
            {errors._}
          </p>
        )}
        <p aria-live="polite" className="sr-only">
          {Object.values(errors).filter(Boolean).join(". ")}
        </p>
        <button type="submit" className={buttonClass("primary", "lg", "w-full")} disabled={pending} data-testid="auth-submit">
          {signUp ? <UserPlus className="size-5" aria-hidden /> : <LogIn className="size-5" aria-hidden />}
          {signUp ? t("signUp") : t("signIn")}
        </button>
      </ClientForm>
      {!signUp && <PasskeySignIn next={next} />}
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {signUp ? t("haveAccount") : t("noAccount")}{" "}
        <Link
          href={`${signUp ? "/sign-in" : "/sign-up"}${next !== "/me" ? `?next=${encodeURIComponent(next)}` : ""}`}
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {signUp ? t("signIn") : t("signUp")}
        </Link>
      </p>
    </AuthCard>
  );
}
