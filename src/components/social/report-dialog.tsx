"use client";

import Flag from "lucide-react/icons/flag";
import Send from "lucide-react/icons/send";
import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { describedBy, Field, inputClass } from "@/components/ui/field";
import { REPORT_DETAILS_MAX, REPORT_REASONS, reportProblems, type ReportReason } from "@/core/report";
import { reportQuizAction } from "@/server/actions/social";

type Status = { text: string; error?: boolean } | null;
type Errors = { reason?: string; details?: string; _?: string };

/** The Report button and its modal dialog (native <dialog>: focus stays inside, Escape closes it). */
export function ReportDialog({
  slug,
  title,
  reported: reportedBefore,
  onGuest,
  onStatus,
}: {
  slug: string;
  title: string;
  reported: boolean;
  onGuest: (() => void) | null;
  onStatus: (s: Status) => void;
}) {
  const t = useTranslations("social");
  const errorText = useErrorText();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reported, setReported] = useState(reportedBefore);
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();

  const open = () => {
    if (onGuest) {
      onGuest();
      return;
    }
    setErrors({});
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const submit = () => {
    const problems = reportProblems(reason, details);
    if (problems.reason || problems.details) {
      setErrors({
        reason: problems.reason && t("needReason"),
        details: problems.details && (problems.details === "too_long" ? t("tooLong") : t("needDetails")),
      });
      return;
    }
    setErrors({});
    startTransition(async () => {
      const res = await reportQuizAction({ slug, reason, details });
      if (res.ok) {
        close();
        setReported(true);
        onStatus({ text: res.value.created ? t("thanks") : t("updated") });
      } else if (res.fields) {
        // The server checked the same rules as reportProblems: say them the same way.
        setErrors({ reason: res.fields.reason && t("needReason"), details: res.fields.details && t("needDetails") });
      } else {
        setErrors({ _: res.code === "unauthorized" ? t("signInPrompt") : errorText(res.code) });
      }
    });
  };

  const left = REPORT_DETAILS_MAX - details.length;
  return (
    <>
      <button type="button" className={buttonClass("ghost", "md", "text-zinc-600 dark:text-zinc-400")} onClick={open} data-testid="report">
        <Flag className="size-4" aria-hidden />
        {reported ? t("reported") : t("report")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-3xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        data-testid="report-dialog"
      >
        <form
          noValidate
          className="space-y-4 p-5 sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
                <Flag className="size-5 text-rose-600 dark:text-rose-400" aria-hidden />
                {t("reportTitle")}
              </h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("reportLead", { title })}</p>
            </div>
            <button type="button" className={buttonClass("ghost", "icon")} onClick={close} aria-label={t("close")}>
              <X className="size-5" aria-hidden />
            </button>
          </div>
          {reported && <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t("alreadyReported")}</p>}
          <fieldset aria-describedby={errors.reason ? `${id}-reason-msg` : undefined}>
            <legend className="mb-2 text-sm font-semibold">{t("reason")}</legend>
            <div className="grid gap-2">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className="flex cursor-pointer items-center gap-3 rounded-xl border border-zinc-200 px-3 py-2.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50 dark:border-zinc-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="size-4 accent-brand-600"
                  />
                  {t(`reasons.${r}`)}
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id={`${id}-reason-msg`} className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
                {errors.reason}
              </p>
            )}
          </fieldset>
          <Field
            id={`${id}-details`}
            label={reason === "other" ? t("detailsRequired") : t("detailsOptional")}
            error={errors.details}
            help={t("charsLeft", { count: Math.max(0, left) })}
          >
            <textarea
              id={`${id}-details`}
              name="details"
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={REPORT_DETAILS_MAX}
              rows={4}
              className={`${inputClass} min-h-24 py-2`}
              {...describedBy(`${id}-details`, errors.details, true)}
            />
          </Field>
          {errors._ && (
            <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
              {errors._}
            </p>
          )}
          <p aria-live="polite" className="sr-only">
            {[errors.reason, errors.details, errors._].filter(Boolean).join(". ")}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass("secondary")} onClick={close}>
              {t("cancel")}
            </button>
            <button type="submit" className={buttonClass("primary")} disabled={pending} data-testid="report-send">
              <Send className="size-4" aria-hidden />
              {t("send")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
