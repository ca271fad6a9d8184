"use client";

import { useChromeLocale } from "@/components/i18n/chrome-messages";
import { useRouter } from "next/navigation";
import { useTransition, type ReactNode } from "react";
import { LOCALES } from "@/core/locale";
import { setLocale } from "@/server/actions/preferences";

const NAMES: Record<(typeof LOCALES)[number], string> = { en: "English", es: "Español" };

/** The interface language; its label and globe icon come from the server (site-header.tsx). */
export function LanguageSwitcher({ label, icon }: { label: string; icon: ReactNode }) {
  const locale = useChromeLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="relative inline-flex h-9 items-center rounded-xl text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
      {icon}
      <span className="sr-only">{label}</span>
      <select
        className="h-9 cursor-pointer appearance-none rounded-xl bg-transparent py-0 pr-2 pl-9 text-sm font-medium disabled:opacity-60"
        value={locale}
        disabled={pending}
        data-testid="language-switcher"
        onChange={(e) => {
          const next = e.target.value;
          startTransition(async () => {
            await setLocale(next);
            router.refresh();
          });
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
