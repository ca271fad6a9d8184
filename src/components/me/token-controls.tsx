"use client";

import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import KeyRound from "lucide-react/icons/key-round";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, useTransition } from "react";
import { copyText } from "@/components/browser/copy-text";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { createTokenAction, revokeTokenAction } from "@/server/actions/me";

/** The name's check is the server's rule (src/core/account.ts, built on zod): it loads when the form is first used. */
const loadRules = () => import(/* webpackChunkName: "form-rules" */ "@/core/account");

/** Creates a token and shows it once, with a copy button; the page's list refreshes behind it. */
export function CreateTokenForm() {
  const t = useTranslations("me.tokens");
  const tm = useTranslations("me");
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "manual">("idle");
  const tokenText = useRef<HTMLElement>(null);
  const [pending, startTransition] = useTransition();

  const submit = () =>
    startTransition(async () => {
      const { apiTokenInput } = await loadRules();
      const parsed = apiTokenInput.safeParse({ name });
      if (!parsed.success) {
        setError(fieldText(parsed.error.issues[0]?.message));
        return;
      }
      setError(undefined);
      const res = await createTokenAction(parsed.data);
      if (res.ok) {
        setCreated({ name: res.value.name, token: res.value.token });
        setCopy("idle");
        setName("");
      } else setError(res.fieldCodes?.name?.[0] ? fieldText(res.fieldCodes.name[0]) : res.code === "internal_error" ? tm("failed") : errorText(res.code));
    });

  return (
    <div className="space-y-4">
      {created && (
        <div className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950" role="status" data-testid="new-token">
          <p className="flex items-center gap-2 font-semibold text-emerald-900 dark:text-emerald-100">
            <KeyRound className="size-4" aria-hidden />
            {t("created")}: {created.name}
          </p>
          <p className="mt-1 text-sm text-emerald-900 dark:text-emerald-200">{t("createdHelp")}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              ref={tokenText}
              className="min-w-0 flex-1 rounded-xl bg-white px-3 py-2 font-mono text-sm break-all text-zinc-900 ring-1 ring-emerald-200 select-all dark:bg-zinc-950 dark:text-zinc-100 dark:ring-emerald-900"
              data-testid="new-token-value"
            >
              {created.token}
            </code>
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonClass("primary", "md")}
                onClick={async () => {
                  const outcome = await copyText(created.token);
                  setCopy(outcome);
                  if (outcome === "manual" && tokenText.current) window.getSelection()?.selectAllChildren(tokenText.current);
                }}
              >
                {copy === "copied" ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
                {copy === "copied" ? t("copied") : t("copy")}
              </button>
              <button type="button" className={buttonClass("secondary", "md")} onClick={() => setCreated(null)}>
                {t("done")}
              </button>
            </div>
          </div>
          {copy === "manual" && <p className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-400">{t("copyFailed")}</p>}
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:flex-row sm:items-start dark:border-zinc-800 dark:bg-zinc-900"
        onFocus={() => void loadRules()}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          id={`${id}-name`}
          name="name"
          label={t("name")}
          help={t("nameHelp")}
          error={error}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          autoComplete="off"
          fieldClassName="flex-1"
        />
        <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")} disabled={pending} data-testid="create-token">
          <Plus className="size-4" aria-hidden />
          {t("create")}
        </button>
      </form>
    </div>
  );
}

/** Revoke, then confirm in place: a token in use by a script should not go on a stray click. */
export function RevokeTokenButton({ id, name }: { id: string; name: string }) {
  const t = useTranslations("me.tokens");
  const tm = useTranslations("me");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (!confirming) {
    return (
      <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirming(true)} aria-label={`${t("revoke")}: ${name}`}>
        <Trash2 className="size-4" aria-hidden />
        {t("revoke")}
      </button>
    );
  }
  return (
    <div className="w-full rounded-xl bg-rose-50 p-3 text-sm text-rose-900 sm:w-auto sm:max-w-sm dark:bg-rose-950 dark:text-rose-100" role="alertdialog" aria-label={t("revoke")}>
      <p>{t("revokeConfirm", { name })}</p>
      {error && <p className="mt-1 font-medium">{error}</p>}
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonClass("primary", "sm", "bg-rose-600 hover:bg-rose-700 dark:bg-rose-500 dark:hover:bg-rose-400")}
          disabled={pending}
          autoFocus
          onClick={() =>
            startTransition(async () => {
              const res = await revokeTokenAction({ tokenId: id });
              if (!res.ok) setError(tm("failed"));
            })
          }
          data-testid="revoke-confirm"
        >
          <Trash2 className="size-4" aria-hidden />
          {t("revokeYes")}
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirming(false)}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}
