import { User } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { Viewer } from "@/server/viewer";
import { Panel } from "./panel";
import { SettingsForm } from "./settings-form";

export async function SettingsPanel({ viewer }: { viewer: Viewer }) {
  const t = await getTranslations("me.settings");
  return (
    <Panel icon={User} title={t("title")}>
      <div className="max-w-xl rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
        <dl className="mb-5 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold">{t("email")}</dt>
            <dd className="truncate text-zinc-600 dark:text-zinc-400">{viewer.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("handle")}</dt>
            <dd className="text-zinc-600 dark:text-zinc-400">@{viewer.handle}</dd>
          </div>
        </dl>
        <SettingsForm name={viewer.name} locale={viewer.locale} />
      </div>
    </Panel>
  );
}
