import { CalendarClock, Flame, GraduationCap, Inbox, Sparkles } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Forecast, Heatmap, RetentionMeter } from "@/components/study/charts";
import { OptimizerPanel } from "@/components/study/optimizer-panel";
import { StudySettingsForm } from "@/components/study/settings-form";
import { buttonClass } from "@/components/ui/button";
import { memberStudyStats } from "@/server/study";
import { getViewer } from "@/server/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("study.dash");
  return { title: t("title"), robots: { index: false } };
}

export const dynamic = "force-dynamic";

/** A member's study dashboard: what is due, how it went, and the scheduler's settings. */
export default async function StudyDashboard() {
  const t = await getTranslations("study.dash");
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <div className="container-page max-w-2xl py-12 text-center">
        <GraduationCap className="mx-auto size-12 text-brand-600 dark:text-brand-400" aria-hidden />
        <h1 className="mt-4 text-3xl font-extrabold">{t("signInTitle")}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("signInText")}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Link href="/sign-in?next=%2Fstudy" className={buttonClass("primary", "lg")}>
            {t("signInTitle")}
          </Link>
          <Link href="/explore" className={buttonClass("secondary", "lg")}>
            {t("explore")}
          </Link>
        </div>
      </div>
    );
  }
  const stats = await memberStudyStats();
  const dueNow = stats.decks.reduce((n, d) => n + d.due, 0);
  const tiles = [
    { icon: Inbox, label: t("dueNow"), value: String(dueNow), id: "due" },
    { icon: Sparkles, label: t("newToday"), value: String(stats.today.newLeft), id: "new" },
    { icon: CalendarClock, label: t("reviewsToday"), value: String(stats.today.newStudied + stats.today.reviewsDone), id: "reviews" },
    { icon: Flame, label: t("streak"), value: t("streakDays", { count: stats.streak }), id: "streak" },
  ];
  return (
    <div className="container-page space-y-8 py-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      </header>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(({ icon: Icon, label, value, id }) => (
          <div key={id} className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid={`tile-${id}`}>
            <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              <Icon className="size-4" aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="decks-heading" className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="decks-heading" className="text-lg font-bold">
          {t("decks")}
        </h2>
        {stats.decks.length === 0 ? (
          <p className="mt-3 text-zinc-600 dark:text-zinc-400">
            {t("noDecks")}{" "}
            <Link href="/explore" className="font-semibold text-brand-700 underline dark:text-brand-300">
              {t("explore")}
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="decks">
            {stats.decks.map((d) => (
              <li key={d.slug} className="flex flex-wrap items-center gap-3 py-3">
                <Link href={`/quiz/${d.slug}`} className="min-w-0 flex-1 basis-full font-semibold hover:underline sm:basis-0">
                  {d.title}
                </Link>
                <span className="flex-1 text-sm tabular-nums sm:flex-none">
                  <span className="font-bold text-rose-700 dark:text-rose-400">{d.due}</span> {t("due")} ·{" "}
                  <span className="font-bold text-sky-700 dark:text-sky-400">{d.new}</span> {t("new")} ·{" "}
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {d.total} {t("total")}
                  </span>
                </span>
                <Link href={`/study/${d.slug}`} className={buttonClass(d.due > 0 ? "primary" : "secondary", "sm")}>
                  {t("study")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Forecast days={stats.forecast} />
        <RetentionMeter desired={stats.retention.desired} achieved={stats.retention.achieved} reviews={stats.retention.reviews} />
      </div>
      <Heatmap days={stats.heatmap} />

      <section aria-labelledby="settings-heading" className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="settings-heading" className="text-lg font-bold">
          {t("settings")}
        </h2>
        <StudySettingsForm
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
