import Brain from "lucide-react/icons/brain";
import Compass from "lucide-react/icons/compass";
import Smartphone from "lucide-react/icons/smartphone";
import Trophy from "lucide-react/icons/trophy";
import { cookies } from "next/headers";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { JoinPinForm } from "@/components/home/join-pin-form";
import { CategoryIcon } from "@/components/quiz/category";
import { QuizGrid } from "@/components/quiz/quiz-card";
import { GuestStudyView } from "@/components/study/guest-study-view";
import { StudyStripSection, StudyStripSkeleton } from "@/components/study/study-strip";
import { buttonClass } from "@/components/ui/button";
import { SectionHeading } from "@/components/ui/section-heading";
import { GUEST_STUDY_COOKIE } from "@/core/study/guest-cookie";
import { quizCategories, searchQuizzes } from "@/server/quizzes";
import { memberStudyStrip } from "@/server/study";
import { guestStudyStripView } from "./study/guest-views";

export default async function HomePage() {
  const t = await getTranslations("home");
  const tc = await getTranslations("categories");
  const [popular, newest, categories, study, jar] = await Promise.all([
    searchQuizzes({ sort: "popular", page: 1, limit: 6 }),
    searchQuizzes({ sort: "new", page: 1, limit: 6 }),
    quizCategories(),
    // A member's strip comes with the page; a guest's cards are in their browser (below).
    memberStudyStrip(),
    cookies(),
  ]);
  // Below the hero, so the join box and the title never move. A member's strip is in the HTML; a
  // guest's is drawn once their browser has read its cards, in a place kept for it, and only in a
  // browser that keeps some (the cookie): everyone else gets neither the room nor the work.
  let strip = null;
  if (study) strip = study.strip && <StudyStripSection strip={study.strip} now={study.now} />;
  else if (jar.has(GUEST_STUDY_COOKIE)) strip = <GuestStudyView render={guestStudyStripView} fallback={<StudyStripSkeleton />} />;

  return (
    <div className="container-page space-y-14 py-8 sm:py-12">
      <section className="grid items-center gap-8 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-950 dark:text-brand-300">
            <Brain className="size-4" aria-hidden />
            {t("eyebrow")}
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t("title")}</h1>
          <p className="mt-4 max-w-xl text-lg text-zinc-600 dark:text-zinc-400">{t("lead")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link href="/explore" className={buttonClass("primary", "lg")}>
              <Compass className="size-5" aria-hidden />
              {t("explore")}
            </Link>
          </div>
          <ul className="mt-8 grid max-w-xl gap-3 text-sm text-zinc-600 sm:grid-cols-3 dark:text-zinc-400">
            <li className="flex items-center gap-2">
              <Trophy className="size-4 text-amber-500" aria-hidden />
              {t("pointPlay")}
            </li>
            <li className="flex items-center gap-2">
              <Brain className="size-4 text-brand-500" aria-hidden />
              {t("pointStudy")}
            </li>
            <li className="flex items-center gap-2">
              <Smartphone className="size-4 text-emerald-500" aria-hidden />
              {t("pointLive")}
            </li>
          </ul>
        </div>
        <div className="rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <Smartphone className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
            {t("joinTitle")}
          </h2>
          <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t("joinText")}</p>
          <JoinPinForm />
        </div>
      </section>

      {strip}

      <section aria-labelledby="popular-heading">
        <SectionHeading id="popular-heading" title={t("popular")} href="/explore?sort=popular" more={t("seeAll")} />
        <QuizGrid quizzes={popular.items} testId="popular-quizzes" />
      </section>

      <section aria-labelledby="categories-heading">
        <SectionHeading id="categories-heading" title={t("categories")} />
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {categories.map((c) => (
            <li key={c.category}>
              <Link
                href={`/explore?category=${c.category}`}
                className="flex h-full items-center gap-2 rounded-2xl border border-zinc-200 bg-white p-2.5 transition sm:gap-3 sm:p-3 hover:border-brand-300 hover:shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-700"
              >
                <CategoryIcon category={c.category} className="size-8 shrink-0 sm:size-10" />
                <span className="min-w-0">
                  {/* Whole names, smaller on a phone, rather than "Programa…" (long in Spanish). */}
                  <span className="block text-sm leading-tight font-semibold [overflow-wrap:anywhere] sm:text-base">{tc(c.category)}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t("quizCount", { count: c.count })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="new-heading">
        <SectionHeading id="new-heading" title={t("newest")} href="/explore?sort=new" more={t("seeAll")} />
        <QuizGrid quizzes={newest.items} testId="new-quizzes" />
      </section>
    </div>
  );
}
