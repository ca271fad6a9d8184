import ExternalLink from "lucide-react/icons/external-link";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { unauthorized } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { FavoritesPanel } from "@/components/me/favorites-panel";
import { HistoryPanel } from "@/components/me/history-panel";
import { MeTabs, ME_TABS, type MeTab } from "@/components/me/me-tabs";
import { HostedGames } from "@/components/host/hosted-games";
import { QuizzesPanel } from "@/components/me/quizzes-panel";
import { ChallengesPanel } from "@/components/me/challenges-panel";
import { SecurityPanel } from "@/components/me/security-panel";
import { SettingsPanel } from "@/components/me/settings-panel";
import { TokensPanel } from "@/components/me/tokens-panel";
import { Avatar } from "@/components/social/avatar";
import { getViewer } from "@/server/viewer";

type Props = { searchParams: Promise<{ tab?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("me");
  return { title: t("title"), robots: { index: false } };
}

/** The signed-in member's own page: one section at a time, chosen in the URL (?tab=…). */
export default async function MePage({ searchParams }: Props) {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  const t = await getTranslations("me");
  const raw = (await searchParams).tab;
  const asked = Array.isArray(raw) ? raw[0] : raw;
  const tab: MeTab = ME_TABS.find((k) => k === asked) ?? "history";

  return (
    <div className="container-page py-8">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={viewer.name} className="size-14 text-2xl" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">{t("title")}</p>
          <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{viewer.name}</h1>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-600 dark:text-zinc-400">
            <span>@{viewer.handle}</span>
            <span aria-hidden>·</span>
            <Link href={`/u/${viewer.handle}`} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline dark:text-brand-300">
              {t("publicProfile")}
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          </p>
        </div>
      </header>
      <div className="mt-6 grid gap-6 lg:grid-cols-[13rem_1fr] lg:gap-8">
        <MeTabs active={tab} />
        <div className="min-w-0" id="me-panel">
          {tab === "history" && (
            <div className="space-y-10">
              <HistoryPanel userId={viewer.id} />
              <HostedGames userId={viewer.id} />
            </div>
          )}
          {tab === "favorites" && <FavoritesPanel userId={viewer.id} />}
          {tab === "quizzes" && <QuizzesPanel userId={viewer.id} />}
          {tab === "challenges" && <ChallengesPanel userId={viewer.id} />}
          {tab === "tokens" && <TokensPanel userId={viewer.id} />}
          {tab === "settings" && <SettingsPanel viewer={viewer} />}
          {tab === "security" && <SecurityPanel viewer={viewer} />}
        </div>
      </div>
    </div>
  );
}
