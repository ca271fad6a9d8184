import GraduationCap from "lucide-react/icons/graduation-cap";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { Forecast, Heatmap, RetentionMeter } from "@/components/study/charts";
import { DeckList, StudyTiles } from "@/components/study/dashboard-parts";
import { GuestStudyView } from "@/components/study/guest-study-view";
import { OptimizerPanel } from "@/components/study/optimizer-panel";
import { StudySettingsForm } from "@/components/study/settings-form";
import { buttonClass } from "@/components/ui/button";
import { memberStudyStats } from "@/server/study";
import { getViewer } from "@/server/viewer";
import { guestStudyDashboardView } from "./guest-views";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("study.dash");
  return { title: t("title"), robots: { index: false } };
}

export const dynamic = "force-dynamic";

/**
 * The study dashboard: what is due, how it went, and the scheduler's settings. A guest's cards are
 * in their browser: they get their decks from there (drawn by the server, guest-views.tsx) and an
 * invitation to keep them in an account.
 */
export default async function StudyDashboard() {
  const t = await getTranslations("study.dash");
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <div className="container-page space-y-8 py-8">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
        </header>
        <section
          aria-labelledby="guest-heading"
          className="flex flex-wrap items-center gap-4 rounded-3xl border border-brand-200 bg-brand-50 p-5 sm:p-6 dark:border-brand-900 dark:bg-brand-950/40"
          data-testid="guest-invitation"
        >
          <GraduationCap className="hidden size-10 shrink-0 text-brand-600 sm:block dark:text-brand-400" aria-hidden />
          <div className="min-w-0 flex-1 basis-64">
            <h2 id="guest-heading" className="text-lg font-bold">
              {t("guestTitle")}
            </h2>
            <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t("guestText")}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link href="/sign-up?next=%2Fstudy" className={buttonClass("primary", "md")}>
              {t("signUp")}
            </Link>
            <Link href="/sign-in?next=%2Fstudy" className={buttonClass("secondary", "md")}>
              {t("signIn")}
            </Link>
          </div>
        </section>
        <GuestStudyView render={guestStudyDashboardView} fallback={<DashboardSkeleton />} empty={<DeckList decks={[]} />} />
      </div>
    );
  }
  const stats = await memberStudyStats();
  return (
    <div className="container-page space-y-8 py-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </header>

      <StudyTiles decks={stats.decks} today={stats.today} streak={stats.streak} />
      <DeckList decks={stats.decks} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Forecast days={stats.forecast} />
        <RetentionMeter desired={stats.retention.desired} achieved={stats.retention.achieved} reviews={stats.retention.reviews} />
      </div>
      <Heatmap days={stats.heatmap} />

      <section aria-labelledby="settings-heading" className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="settings-heading" className="text-lg font-bold">
          {t("settings")}
        </h2>
        {/* Keyed by the saved zone: a zone adopted from the device (layout.tsx) shows once the page refreshes. */}
        <StudySettingsForm
          key={stats.settings.timeZone}
          initial={{
            desiredRetention: stats.settings.desiredRetention,
            newPerDay: stats.settings.newPerDay,
            maxReviewsPerDay: stats.settings.maxReviewsPerDay,
            timeZone: stats.settings.timeZone,
          }}
        />
        <OptimizerPanel reviews={stats.totalReviews} custom={stats.settings.weights !== null} />
      </section>
    </div>
  );
}

/** The tiles' and the deck list's places while a guest's browser reads its cards. */
function DashboardSkeleton() {
  const block = "animate-pulse rounded-2xl bg-zinc-100 motion-reduce:animate-none dark:bg-zinc-800/60";
  return (
    <div className="space-y-8" aria-busy="true" data-testid="guest-study-loading">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className={`h-[5.5rem] ${block}`} />
        ))}
      </div>
      <div className={`h-40 ${block}`} />
    </div>
  );
}
