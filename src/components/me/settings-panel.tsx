import User from "lucide-react/icons/user";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { mailConfigured } from "@/server/mail";
import type { Viewer } from "@/server/viewer";
import { DeleteAccount, DownloadData } from "./account-data";
import { EmailForm } from "./email-form";
import { Panel, pill } from "./panel";
import { PasswordForm } from "./password-form";
import { SettingsForm } from "./settings-form";
import { ResendConfirmation } from "./resend-confirmation";

function Card({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="max-w-xl rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-label={title}>
      <h3 className="text-lg font-bold">{title}</h3>
      {lead && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Profile (name, language), email (confirmed or not, and changing it) and password. */
export async function SettingsPanel({ viewer }: { viewer: Viewer }) {
  const t = await getTranslations("me.settings");
  return (
    <Panel icon={User} title={t("title")}>
      <div className="space-y-6">
        <Card title={t("profileTitle")}>
          <dl className="mb-5 text-sm">
            <dt className="font-semibold">{t("handle")}</dt>
            <dd className="text-zinc-600 dark:text-zinc-400">@{viewer.handle}</dd>
          </dl>
          <SettingsForm name={viewer.name} locale={viewer.locale} />
        </Card>
        <Card title={t("emailTitle")} lead={t("emailLead")}>
          <dl className="mb-5 text-sm">
            <dt className="font-semibold">{t("email")}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-zinc-600 dark:text-zinc-400">
              <span className="min-w-0 break-all" data-testid="current-email">
                {viewer.email}
              </span>
              <span
                data-testid="email-status"
                className={
                  viewer.emailVerified
                    ? `${pill} bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200`
                    : `${pill} bg-amber-50 text-amber-900 ring-amber-600/20 dark:bg-amber-950 dark:text-amber-200`
                }
              >
                {viewer.emailVerified ? t("emailVerified") : t("emailUnverified")}
              </span>
            </dd>
          </dl>
          {!viewer.emailVerified && <ResendConfirmation email={viewer.email} mailConfigured={mailConfigured()} />}
          <EmailForm current={viewer.email} mailConfigured={mailConfigured()} />
        </Card>
        <Card title={t("passwordTitle")} lead={t("passwordLead")}>
          <PasswordForm />
        </Card>
        <Card title={t("dataTitle")} lead={t("dataLead")}>
          <DownloadData />
        </Card>
        <Card title={t("deleteTitle")} lead={t("deleteLead")}>
          <DeleteAccount handle={viewer.handle} />
        </Card>
      </div>
    </Panel>
  );
}
