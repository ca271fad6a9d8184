"use client";

import { Brain, LogIn, UserPlus } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/**
 * The form's checks are the server's own rules (src/core/account.ts, built on zod, ~27 kB gz):
 * they load once the person starts on the form, not with the page, which phones on a slow network
 * open quickly this way. A submit waits for them if they are not there yet.
 */
const loadRules = () => import("@/core/account");

type Mode = "sign-in" | "sign-up";
const FIELD_LABEL = { email: true, handle: true, name: true, password: true };
type Errors = Partial<Record<"email" | "handle" | "name" | "password" | "_", string>>;

// Better Auth's error codes, mapped to the field they concern.
const FIELD_OF_CODE: Record<string, keyof Errors> = {
  USER_ALREADY_EXISTS: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
  INVALID_EMAIL: "email",
  handle_taken: "handle",
  weak_password: "password",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  INVALID_EMAIL_OR_PASSWORD: "_",
};

/** Sign-in and sign-up against Better Auth's endpoints under /api/auth; the session is an httpOnly cookie. */
export function AuthForm({ mode, next, defaultName }: { mode: Mode; next: string; defaultName?: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();
  const signUp = mode === "sign-up";
  // The rules' own messages are English (src/core/account.ts); the ones a person meets most are translated.
  const localized = (message: string) => (message.startsWith("That handle is reserved") ? t("handleReserved") : message);

  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
      const { signInInput, signUpInput } = await loadRules();
      const parsed = (mode === "sign-up" ? signUpInput : signInInput).safeParse(data);
      if (!parsed.success) {
        const next: Errors = {};
        for (const issue of parsed.error.issues) {
          const field = (issue.path[0] as keyof Errors) ?? "_";
          next[field] ??= field === "password" && issue.code === "too_small" && signUp ? t("passwordTooShort") : localized(issue.message);
        }
        setErrors(next);
        return;
      }
      setErrors({});
      const res = await fetch(`/api/auth/${mode}/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (res.ok) {
        router.replace(next);
        router.refresh();
        return;
      }
      const body = (await res.json().catch(() => ({}))) as {
        code?: string;
        message?: string;
        error?: { code?: string; message?: string; fields?: Record<string, string[]> };
      };
      const code = body.error?.code ?? body.code ?? "";
      const fields = body.error?.fields;
      if (code === "validation_failed" && fields) {
        const next: Errors = {};
        for (const [field, messages] of Object.entries(fields)) next[(field in FIELD_LABEL ? field : "_") as keyof Errors] ??= localized(messages[0] ?? "");
        setErrors(next);
        return;
      }
      const message =
        code === "rate_limited" || res.status === 429
          ? (body.error?.message ?? t("rateLimited"))
          : code === "INVALID_EMAIL_OR_PASSWORD"
            ? t("wrongPassword")
            : code === "handle_taken"
              ? t("handleTaken")
              : code === "weak_password"
                ? fields?.password?.[0]?.startsWith("Use at least") ? t("passwordTooShort") : t("passwordCommon")
            : code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
              ? t("emailTaken")
              : (body.message ?? body.error?.message ?? t("failed"));
      setErrors({ [FIELD_OF_CODE[code] ?? "_"]: message });
    });

  return (
    <div className="mx-auto w-full max-w-md rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mb-6 flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-brand-600 text-white dark:bg-brand-500">
          <Brain className="size-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">{signUp ? t("signUpTitle") : t("signInTitle")}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{signUp ? t("signUpLead") : t("signInLead")}</p>
        </div>
      </div>
      <form
        noValidate
        className="space-y-4"
        onFocus={() => void loadRules()}
        onSubmit={(e) => {
          e.preventDefault();
          submit(e.currentTarget);
        }}
      >
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
      </form>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {signUp ? t("haveAccount") : t("noAccount")}{" "}
        <Link
          href={`${signUp ? "/sign-in" : "/sign-up"}${next !== "/me" ? `?next=${encodeURIComponent(next)}` : ""}`}
          className="font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {signUp ? t("signIn") : t("signUp")}
        </Link>
      </p>
    </div>
  );
}
