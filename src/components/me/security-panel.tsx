import Shield from "lucide-react/icons/shield";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { securityOverview } from "@/server/security";
import type { Viewer } from "@/server/viewer";
import { Panel } from "./panel";
import { PasskeysCard } from "./security/passkeys-card";
import { SessionsCard } from "./security/sessions-card";
import { TwoFactorCard } from "./security/two-factor-card";

function Card({ title, lead, testId, children }: { title: string; lead: string; testId: string; children: ReactNode }) {
  return (
    <section className="max-w-2xl rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-label={title} data-testid={testId}>
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{lead}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Passkeys, two-factor sign-in and the account's sessions (docs/security.md). */
export async function SecurityPanel({ viewer }: { viewer: Viewer }) {
  const [t, overview] = await Promise.all([getTranslations("me.security"), securityOverview(viewer)]);
  return (
    <Panel icon={Shield} title={t("title")}>
      <div className="space-y-6">
        <Card title={t("passkeysTitle")} lead={t("passkeysLead")} testId="passkeys-card">
          <PasskeysCard passkeys={overview.passkeys} unavailable={overview.passkeysUnavailable} />
        </Card>
        <Card title={t("twoFactorTitle")} lead={t("twoFactorLead")} testId="two-factor-card">
          <TwoFactorCard enabled={overview.twoFactorEnabled} />
        </Card>
        <Card title={t("sessionsTitle")} lead={t("sessionsLead")} testId="sessions-card">
          <SessionsCard sessions={overview.sessions} />
        </Card>
      </div>
    </Panel>
  );
}
