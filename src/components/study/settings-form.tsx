"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { MAX_RETENTION, MIN_RETENTION, timeZoneChoices } from "@/core/study/settings";
import type { StudySettingsInput } from "@/core/study/settings-schema";
import { studySettingsAction } from "@/server/actions/study";

const field =
  "h-11 w-full rounded-xl border border-zinc-300 bg-white px-3 tabular-nums focus:border-brand-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-950";

export function StudySettingsForm({ initial }: { initial: StudySettingsInput }) {
  const t = useTranslations("study.dash");
  const errorText = useErrorText();
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The zone list and this device's zone are the browser's: known only once mounted. The field
  // shows the saved zone; this device's is offered with a button, never filled in unasked.
  const [zones, setZones] = useState<string[]>([]);
  const [deviceZone, setDeviceZone] = useState<string | null>(null);
  useEffect(() => {
    setZones(timeZoneChoices());
    setDeviceZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
  }, []);
  return (
    <form
      className="mt-4 grid gap-4 sm:grid-cols-2"
      data-testid="study-settings"
      onSubmit={(e) => {
        e.preventDefault();
        setPending(true);
        void studySettingsAction(values).then((res) => {
          setPending(false);
          const zoneCode = res.ok ? undefined : res.fieldCodes?.timeZone?.[0];
          // The one field that can be wrong here; its message lives with the form's (no fieldErrors on study pages).
          setZoneError(zoneCode ? t("timeZoneUnknown") : null);
          // The zone's own message is under the field: the status line does not say it twice.
          setStatus(res.ok ? { ok: true, message: t("saved") } : { ok: false, message: zoneCode ? t("notSaved") : errorText(res.code) });
          if (res.ok) {
            setValues((v) => ({ ...v, timeZone: res.value.timeZone }));
            router.refresh();
          }
        });
      }}
    >
      <div className="sm:col-span-2">
        <label htmlFor="retention" className="block text-sm font-semibold">
          {t("desiredRetention")}: <output className="tabular-nums">{Math.round(values.desiredRetention * 100)}%</output>
        </label>
        <input
          id="retention"
          type="range"
          min={MIN_RETENTION * 100}
          max={MAX_RETENTION * 100}
          step={1}
          value={Math.round(values.desiredRetention * 100)}
          onChange={(e) => setValues({ ...values, desiredRetention: Number(e.target.value) / 100 })}
          aria-describedby="retention-help"
          className="mt-2 w-full accent-brand-600"
        />
        <p id="retention-help" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t("desiredRetentionHelp")}
        </p>
      </div>
      <div>
        <label htmlFor="new-per-day" className="block text-sm font-semibold">
          {t("newPerDay")}
        </label>
        <input
          id="new-per-day"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          value={values.newPerDay}
          onChange={(e) => setValues({ ...values, newPerDay: Number(e.target.value) })}
          className={`mt-1 ${field}`}
        />
      </div>
      <div>
        <label htmlFor="max-reviews" className="block text-sm font-semibold">
          {t("maxReviewsPerDay")}
        </label>
        <input
          id="max-reviews"
          type="number"
          inputMode="numeric"
          min={0}
          max={10000}
          value={values.maxReviewsPerDay}
          onChange={(e) => setValues({ ...values, maxReviewsPerDay: Number(e.target.value) })}
          className={`mt-1 ${field}`}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="time-zone" className="block text-sm font-semibold">
          {t("timeZone")}
        </label>
        <input
          id="time-zone"
          list="time-zones"
          autoComplete="off"
          spellCheck={false}
          value={values.timeZone}
          onChange={(e) => setValues({ ...values, timeZone: e.target.value })}
          className={`mt-1 ${field}`}
          maxLength={64}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={zoneError ? "time-zone-help time-zone-error" : "time-zone-help"}
        />
        <datalist id="time-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p id="time-zone-help" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          {t("timeZoneHelp")}
        </p>
        {zoneError && (
          <p id="time-zone-error" className="mt-1 text-sm text-rose-700 dark:text-rose-400">
            {zoneError}
          </p>
        )}
        {deviceZone && deviceZone !== values.timeZone && (
          <button
            type="button"
            // Grows to two lines where "Use this device's zone (America/Argentina/Buenos_Aires)" does not fit on one.
            className={buttonClass("secondary", "sm", "mt-2 h-auto! min-h-9 py-1.5 text-left whitespace-normal")}
            onClick={() => setValues({ ...values, timeZone: deviceZone })}
          >
            {t("useDeviceZone", { zone: deviceZone })}
          </button>
        )}
      </div>
      <div className="flex items-center gap-3 sm:col-span-2">
        <button type="submit" disabled={pending} className={buttonClass("primary", "md")}>
          {t("save")}
        </button>
        {status && (
          <p role="status" className={status.ok ? "text-sm text-emerald-700 dark:text-emerald-400" : "text-sm text-rose-700 dark:text-rose-400"}>
            {status.message}
          </p>
        )}
      </div>
    </form>
  );
}
