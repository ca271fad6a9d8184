"use client";

import Fingerprint from "lucide-react/icons/fingerprint-pattern";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { postAuth } from "@/components/account/auth-request";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { TextField } from "@/components/ui/field";
import { passkeyName, PASSKEY_NAME_MAX, type PasskeySummary } from "@/core/second-factor";
import { Alert } from "./alert";

/** What went wrong with the browser's part of a passkey ceremony: cancelled, or not possible here. */
export const ceremonyProblem = (err: unknown) => ((err as { name?: string } | null)?.name === "NotAllowedError" ? "cancelled" : "browser");

/** The member's passkeys: add one (with a name), rename, remove (Better Auth's passkey endpoints). */
export function PasskeysCard({ passkeys, unavailable }: { passkeys: PasskeySummary[]; unavailable: "ip_address" | "not_secure" | null }) {
  const t = useTranslations("me.security");
  const errorText = useErrorText();
  const format = useFormatter();
  const router = useRouter();
  const id = useId();
  const [error, setError] = useState<{ field?: string; _?: string }>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const add = (form: HTMLFormElement) =>
    startTransition(async () => {
      const name = passkeyName(String(new FormData(form).get("name") ?? ""));
      if (!name) return setError({ field: t("passkeyNameInvalid", { max: PASSKEY_NAME_MAX }) });
      setError({});
      const res = await fetch(`/api/auth/passkey/generate-register-options?name=${encodeURIComponent(name)}`);
      const options = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { code?: string }; code?: string };
      if (!res.ok) return setError({ _: errorText(options.error?.code ?? options.code) });
      let response: unknown;
      try {
        const { startRegistration } = await import("@simplewebauthn/browser");
        response = await startRegistration({ optionsJSON: options as never });
      } catch (err) {
        return setError({ _: t(ceremonyProblem(err) === "cancelled" ? "passkeyCancelled" : "passkeyBrowser") });
      }
      const saved = await postAuth("passkey/verify-registration", { response, name });
      if (!saved.ok) return setError({ _: errorText(saved.code) });
      form.reset();
      router.refresh();
    });

  const rename = (passkeyId: string, form: HTMLFormElement) =>
    startTransition(async () => {
      const name = passkeyName(String(new FormData(form).get("name") ?? ""));
      if (!name) return setError({ _: t("passkeyNameInvalid", { max: PASSKEY_NAME_MAX }) });
      const res = await postAuth("passkey/update-passkey", { id: passkeyId, name });
      if (!res.ok) return setError({ _: errorText(res.code) });
      setError({});
      setEditing(null);
      router.refresh();
    });

  const remove = (passkeyId: string) =>
    startTransition(async () => {
      const res = await postAuth("passkey/delete-passkey", { id: passkeyId });
      if (!res.ok) return setError({ _: errorText(res.code) });
      setError({});
      router.refresh();
    });

  return (
    <div className="space-y-4">
      {passkeys.length > 0 && (
        <ul className="space-y-2" data-testid="passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800" data-testid="passkey">
              {editing === p.id ? (
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    rename(p.id, e.currentTarget);
                  }}
                >
                  <TextField id={`${id}-${p.id}`} name="name" label={t("passkeyName")} defaultValue={p.name ?? ""} maxLength={PASSKEY_NAME_MAX} fieldClassName="min-w-0 flex-1" />
                  <button type="submit" className={buttonClass("primary", "sm")} disabled={pending} data-testid="passkey-save">
                    {t("save")}
                  </button>
                  <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setEditing(null)}>
                    {t("cancel")}
                  </button>
                </form>
              ) : (
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <Fingerprint className="size-5 shrink-0 text-zinc-400" aria-hidden />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate font-semibold" data-testid="passkey-name">
                      {p.name ?? t("passkeyUnnamed")}
                    </p>
                    {p.createdAt && <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("addedOn", { date: format.dateTime(new Date(p.createdAt), { dateStyle: "medium" }) })}</p>}
                  </div>
                  <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setEditing(p.id)} aria-label={`${t("rename")}: ${p.name ?? ""}`}>
                    <Pencil className="size-4" aria-hidden />
                    {t("rename")}
                  </button>
                  <button type="button" className={buttonClass("secondary", "sm")} disabled={pending} onClick={() => remove(p.id)} aria-label={`${t("remove")}: ${p.name ?? ""}`} data-testid="passkey-remove">
                    <Trash2 className="size-4" aria-hidden />
                    {t("remove")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {passkeys.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noPasskeys")}</p>}
      {unavailable ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="passkeys-unavailable">
          {t(unavailable === "ip_address" ? "passkeysIp" : "passkeysInsecure")}
        </p>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(e) => {
            e.preventDefault();
            add(e.currentTarget);
          }}
        >
          <TextField id={`${id}-name`} name="name" label={t("passkeyName")} help={t("passkeyNameHelp")} maxLength={PASSKEY_NAME_MAX} required error={error.field} fieldClassName="min-w-0 flex-1" />
          <button type="submit" className={buttonClass("primary", "md", "sm:mt-6")} disabled={pending} data-testid="add-passkey">
            <Plus className="size-4" aria-hidden />
            {t("addPasskey")}
          </button>
        </form>
      )}
      <Alert>{error._}</Alert>
    </div>
  );
}
