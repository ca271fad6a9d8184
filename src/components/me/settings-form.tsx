"use client";

import Check from "lucide-react/icons/check";
import Save from "lucide-react/icons/save";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { SelectField, TextField } from "@/components/ui/field";
import { LOCALES } from "@/core/locale";
import { updateSettingsAction } from "@/server/actions/me";
import { ClientForm } from "@/components/ui/client-form";

/** The form's check is the server's rule (src/core/account.ts, built on zod): it loads when the form is first used. */
const loadRules = () => import(/* webpackChunkName: "form-rules" */ "@/core/account");

const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = { en: "English", es: "Español" };

/** Display name and interface language; saving a new language re-renders the page in it. */
export function SettingsForm({ name: savedName, locale: savedLocale }: { name: string; locale: string }) {
  const t = useTranslations("me.settings");
  const tm = useTranslations("me");
  const fieldText = useFieldErrorText();
  const router = useRouter();
  const id = useId();
  const [errors, setErrors] = useState<{ name?: string; locale?: string; _?: string }>({});
  const [saved, setSaved] = useState(false);
  const [pending, startTransition] = useTransition();

  const submit = (form: HTMLFormElement) => {
    const data = Object.fromEntries(new FormData(form));
    setSaved(false);
    startTransition(async () => {
      const { settingsInput } = await loadRules();
      const parsed = settingsInput.safeParse(data);
      if (!parsed.success) {
        const next: typeof errors = {};
        for (const issue of parsed.error.issues) next[issue.path[0] === "locale" ? "locale" : "name"] ??= fieldText(issue.message);
        setErrors(next);
        return;
      }
      setErrors({});
      const res = await updateSettingsAction(parsed.data);
      if (res.ok) {
        setSaved(true);
        router.refresh();
      } else {
        const codes = res.fieldCodes;
        setErrors({ name: codes?.name && fieldText(codes.name[0]), locale: codes?.locale && fieldText(codes.locale[0]), _: codes ? undefined : tm("failed") });
      }
    });
  };

  return (
    <ClientForm onFocus={() => void loadRules()} onSubmit={submit}>
      <TextField
        id={`${id}-name`}
        name="name"
        label={t("name")}
        help={t("nameHelp")}
        defaultValue={savedName}
        maxLength={50}
        autoComplete="nickname"
        required
        error={errors.name}
      />
      <SelectField id={`${id}-locale`} name="locale" label={t("locale")} defaultValue={LOCALES.find((l) => l === savedLocale) ?? "en"} error={errors.locale}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </SelectField>
      {errors._ && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {errors._}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClass("primary")} disabled={pending} data-testid="save-settings">
          <Save className="size-4" aria-hidden />
          {t("save")}
        </button>
        <p role="status" className="flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {saved && (
            <>
              <Check className="size-4" aria-hidden />
              {t("saved")}
            </>
          )}
        </p>
      </div>
    </ClientForm>
  );
}
