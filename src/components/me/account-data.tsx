"use client";

import Download from "lucide-react/icons/download";
import Trash2 from "lucide-react/icons/trash";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { deleteAccountAction, exportAccountAction } from "@/server/actions/account";
import { ClientForm } from "@/components/ui/client-form";

/** "Download my data": the account's data as a JSON file, made by the server and saved by the browser. */
export function DownloadData() {
  const t = useTranslations("me.settings");
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const download = () =>
    startTransition(async () => {
      const res = await exportAccountAction();
      setFailed(!res.ok);
      if (!res.ok) return;
      const url = URL.createObjectURL(new Blob([JSON.stringify(res.value.data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = res.value.fileName;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
  return (
    <div className="space-y-2">
      <button type="button" className={buttonClass("secondary")} onClick={download} disabled={pending} data-testid="download-data">
        <Download className="size-4" aria-hidden />
        {t("downloadData")}
      </button>
      {failed && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {t("accountActionFailed")}
        </p>
      )}
    </div>
  );
}

/** "Delete my account": what becomes of the quizzes, and the handle typed again; then the account is gone and this browser signed out. */
export function DeleteAccount({ handle }: { handle: string }) {
  const t = useTranslations("me.settings");
  const id = useId();
  const [error, setError] = useState<{ confirm?: string; _?: string }>({});
  const [pending, startTransition] = useTransition();
  const submit = (form: HTMLFormElement) =>
    startTransition(async () => {
      const data = new FormData(form);
      const res = await deleteAccountAction({ quizzes: data.get("quizzes"), confirm: String(data.get("confirm") ?? "") });
      if (res.ok) {
        // A full load on purpose: the session is gone, and no client state of the account may stay.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/?deleted=1");
        return;
      }
      setError(res.fieldCodes?.confirm ? { confirm: t("deleteConfirmWrong", { handle }) } : { _: t("accountActionFailed") });
    });
  return (
    <ClientForm onSubmit={submit}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
        <li>{t("deleteWhatAttempts")}</li>
        <li>{t("deleteWhatGone")}</li>
      </ul>
      <fieldset className="space-y-2 text-sm">
        <legend className="mb-1 font-semibold">{t("deleteQuizzesLegend")}</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="quizzes" value="keep" defaultChecked className="mt-1" />
          <span>{t("deleteQuizzesKeep")}</span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="quizzes" value="remove" className="mt-1" />
          <span>{t("deleteQuizzesRemove")}</span>
        </label>
      </fieldset>
      <TextField
        id={`${id}-confirm`}
        name="confirm"
        label={t("deleteConfirm", { handle })}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={30}
        required
        error={error.confirm}
      />
      {error._ && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {error._}
        </p>
      )}
      <button type="submit" className={buttonClass("secondary", "md", "text-rose-700 dark:text-rose-300")} disabled={pending} data-testid="delete-account">
        <Trash2 className="size-4" aria-hidden />
        {t("deleteAccount")}
      </button>
    </ClientForm>
  );
}
