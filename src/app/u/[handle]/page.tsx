import BookOpen from "lucide-react/icons/book-open";
import CalendarDays from "lucide-react/icons/calendar-days";
import Flame from "lucide-react/icons/flame";
import Pencil from "lucide-react/icons/pencil";
import Play from "lucide-react/icons/play";
import Target from "lucide-react/icons/target";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { cache } from "react";
import { QuizGrid } from "@/components/quiz/quiz-card";
import { Avatar } from "@/components/social/avatar";
import { StatTiles } from "@/components/social/stat-tiles";
import { buttonClass } from "@/components/ui/button";
import { memberProfile, publicQuizzesOf } from "@/server/profile";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ handle: string }> };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a malformed escape is simply no such member
  }
}

const load = cache(async (segment: string) => {
  const handle = decode(segment);
  return handle ? memberProfile(handle) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const profile = await load((await params).handle);
  if (!profile) return {};
  const t = await getTranslations("profile");
  const title = t("metaTitle", { name: profile.name, handle: profile.handle });
  return { title, description: t("metaDescription", { name: profile.name }), alternates: { canonical: `/u/${profile.handle}` } };
}

export default async function ProfilePage({ params }: Props) {
  const profile = await load((await params).handle);
  if (!profile) notFound();
  const [t, format, quizzes, viewer] = await Promise.all([
    getTranslations("profile"),
    getFormatter(),
    publicQuizzesOf(profile.id),
    getViewer(),
  ]);
  const { stats } = profile;
  return (
    <div className="container-page space-y-8 py-8">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={profile.name} className="size-16 text-3xl sm:size-20" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight break-words">{profile.name}</h1>
          <p className="text-zinc-600 dark:text-zinc-400">@{profile.handle}</p>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {t("memberSince", { date: format.dateTime(profile.memberSince, { month: "long", year: "numeric" }) })}
          </p>
        </div>
        {viewer?.id === profile.id && (
          // Its own row on a phone, so the name keeps the width it needs.
          <div className="w-full sm:w-auto">
            <Link href="/me?tab=settings" className={buttonClass("secondary", "sm")}>
              <Pencil className="size-4" aria-hidden />
              {t("editProfile")}
            </Link>
          </div>
        )}
      </header>

      <StatTiles
        testId="profile-stats"
        stats={[
          { icon: BookOpen, tone: "text-brand-600 dark:text-brand-400", label: t("stats.quizzes"), value: format.number(stats.quizzes), testId: "stat-quizzes" },
          { icon: Play, tone: "text-emerald-600 dark:text-emerald-400", label: t("stats.plays"), value: format.number(stats.plays), testId: "stat-plays" },
          {
            icon: Target,
            tone: "text-sky-600 dark:text-sky-400",
            label: t("stats.accuracy"),
            value: stats.accuracy === null ? t("noAccuracy") : format.number(stats.accuracy, { style: "percent", maximumFractionDigits: 0 }),
            testId: "stat-accuracy",
          },
          { icon: Flame, tone: "text-orange-500", label: t("stats.bestStreak"), value: format.number(stats.bestStreak), testId: "stat-streak" },
        ]}
      />

      <section aria-labelledby="profile-quizzes">
        <h2 id="profile-quizzes" className="mb-4 flex items-center gap-2 text-xl font-bold">
          <BookOpen className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
          {t("quizzes", { name: profile.name })}
        </h2>
        {quizzes.length > 0 ? (
          <QuizGrid quizzes={quizzes} testId="profile-quizzes" />
        ) : (
          <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {t("noQuizzes", { name: profile.name })}
          </p>
        )}
      </section>
    </div>
  );
}
