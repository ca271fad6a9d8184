import BookOpen from "lucide-react/icons/book-open";
import ChevronRight from "lucide-react/icons/chevron-right";
import Clock from "lucide-react/icons/clock";
import ListChecks from "lucide-react/icons/list-checks";
import Play from "lucide-react/icons/play";
import Star from "lucide-react/icons/star";
import Timer from "lucide-react/icons/timer";
import Zap from "lucide-react/icons/zap";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { isCard } from "@/core/question";
import { cache } from "react";
import { CategoryIcon } from "@/components/quiz/category";
import { DifficultyPill, Pill } from "@/components/quiz/quiz-meta";
import { StartPlay } from "@/components/play/start-play";
import { HostLiveButton } from "@/components/host/host-live-button";
import { ChallengeButton } from "@/components/challenge/challenge-button";
import { StudyButton } from "@/components/study/study-button";
import { Leaderboard } from "@/components/quiz/leaderboard";
import { SharePanel } from "@/components/share/share-panel";
import { SocialBar } from "@/components/social/social-bar";
import { defaultNickname } from "@/core/nickname-limits";
import { QUESTION_TYPES } from "@/core/question";
import { estimatedMinutes } from "@/core/quiz-list";
import { continuableAttempt, quizLeaderboard } from "@/server/attempts";
import { readGuest } from "@/server/guest";
import { publicUrl } from "@/server/public-url";
import { qrSvgDataUrl } from "@/server/qr";
import { canManageQuiz } from "@/server/permissions";
import { viewableQuiz } from "@/server/quizzes";
import { currentPlayer, getViewer } from "@/server/viewer";
import { OwnerTools } from "@/components/quiz/owner-tools";
import { Rich } from "@/components/ui/rich";
import { richTexts } from "@/server/rich-text";

type Props = { params: Promise<{ slug: string }> };

// Metadata and page ask for the same quiz; one query serves both within a request.
const loadQuiz = cache(viewableQuiz);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const quiz = await loadQuiz((await params).slug);
  if (!quiz) return {};
  const t = await getTranslations("quiz");
  const description = quiz.description || t("metaDescription", { count: quiz.questions.length, title: quiz.title });
  return {
    title: quiz.title,
    description,
    alternates: { canonical: `/quiz/${quiz.slug}` },
    openGraph: { title: quiz.title, description, url: `/quiz/${quiz.slug}`, type: "website", locale: quiz.language },
    twitter: { card: "summary", title: quiz.title, description },
  };
}

export default async function QuizPage({ params }: Props) {
  const quiz = await loadQuiz((await params).slug);
  if (!quiz) notFound();
  const t = await getTranslations("quiz");
  const tc = await getTranslations("categories");
  const tl = await getTranslations("languages");
  const ts = await getTranslations("study");
  const notStudied = quiz.questions.filter((q) => !isCard(q.type)).length;
  const format = await getFormatter();
  const viewer = await getViewer();
  // Absolute: the QR code, copy link and Web Share all carry the origin links are built from.
  const shareUrl = `${await publicUrl()}/quiz/${quiz.slug}`;
  const player = currentPlayer();
  const [board, guest, qr, open] = await Promise.all([
    player.then((who) => quizLeaderboard(quiz.id, who)),
    readGuest(),
    qrSvgDataUrl(shareUrl),
    // An attempt of this browser's guest or this member still being played: offered as "Continue".
    player.then((who) => (who ? continuableAttempt(quiz.id, who) : null)),
  ]);
  const minutes = estimatedMinutes(quiz.questions.map((q) => q.timeLimit));
  const typeCounts = QUESTION_TYPES.map((type) => [type, quiz.questions.filter((q) => q.type === type).length] as const).filter(
    ([, n]) => n > 0,
  );

  const stats = [
    { icon: ListChecks, label: t("stats.questions"), value: format.number(quiz.questions.length) },
    { icon: Clock, label: t("stats.time"), value: t("minutes", { count: minutes }) },
    { icon: Play, label: t("stats.plays"), value: format.number(quiz.playCount) },
    {
      icon: Star,
      label: t("stats.rating"),
      value: quiz.rating.count > 0 ? `${format.number(quiz.rating.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} (${format.number(quiz.rating.count)})` : t("noRatingsShort"),
    },
  ];

  return (
    <div className="container-page py-8">
      <nav aria-label={t("breadcrumb")} className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/explore" className="hover:underline">
              {t("library")}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li>
            <Link href={`/explore?category=${quiz.category}`} className="hover:underline">
              {tc(quiz.category)}
            </Link>
          </li>
        </ol>
      </nav>

      {/*
        On a phone the play card follows the title and description, above the fold; from lg up it
        is the right column beside both parts of the article.
      */}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <header lang={quiz.language} className="lg:col-start-1 lg:row-start-1">
          <div className="flex items-start gap-4">
            <CategoryIcon category={quiz.category} className="size-14 shrink-0 sm:size-16" />
            <div className="min-w-0">
              <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{quiz.title}</h1>
              <p className="mt-1 text-zinc-600 dark:text-zinc-400" lang="">
                {t.rich("by", {
                  name: quiz.author.name,
                  author: (chunks) => (
                    <Link href={`/u/${quiz.author.handle}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300" data-testid="quiz-author">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            </div>
          </div>
          {quiz.description && (
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-zinc-700 dark:text-zinc-300" data-testid="quiz-description">
              <Rich text={quiz.description} html={richTexts([quiz.description])} />
            </p>
          )}
        </header>
        <aside className="min-w-0 space-y-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start" lang="">
          <div className="rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="text-lg font-bold">{t("howItPlays")}</h2>
            <ul className="mt-3 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
              <li className="flex items-center gap-2">
                <Timer className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
                {t("timePerQuestion", { seconds: quiz.timeLimit })}
              </li>
              <li className="flex items-center gap-2">
                <Zap className="size-4 text-amber-500" aria-hidden />
                {quiz.speedBonus ? t("speedOn") : t("speedOff")}
              </li>
              <li className="flex items-center gap-2">
                <Zap className="size-4 text-orange-500" aria-hidden />
                {quiz.streakBonus ? t("streakOn") : t("streakOff")}
              </li>
            </ul>
            <div className="mt-5">
              <StartPlay slug={quiz.slug} nickname={viewer ? defaultNickname(viewer.name) : (guest?.nickname ?? null)} open={open} />
              {quiz.questions.length > 0 && <StudyButton slug={quiz.slug} />}
              {notStudied > 0 && (
                <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="not-studied">
                  {ts("notStudied", { count: notStudied })}
                </p>
              )}
              {quiz.status === "published" && quiz.questions.length > 0 && (
                <>
                  <HostLiveButton slug={quiz.slug} />
                  <ChallengeButton slug={quiz.slug} />
                </>
              )}
              {canManageQuiz(viewer, quiz) && <OwnerTools slug={quiz.slug} status={quiz.status} visibility={quiz.visibility} />}
            </div>
          </div>
          <Leaderboard {...board} />
          <div className="rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="mb-3 text-lg font-bold">{t("shareTitle")}</h2>
            <SharePanel path={shareUrl} title={quiz.title} text={quiz.description} qr={qr} />
          </div>
          {(quiz.source || quiz.licence) && (
            <p className="px-2 text-xs text-zinc-500 dark:text-zinc-400">
              {quiz.source && t("source", { source: quiz.source })} {quiz.licence && t("licence", { licence: quiz.licence })}
            </p>
          )}
        </aside>
        <article lang={quiz.language} className="lg:col-start-1 lg:row-start-2">
          <div className="flex flex-wrap gap-2" lang="">
            <DifficultyPill difficulty={quiz.difficulty} label={t(`difficulty.${quiz.difficulty}`)} />
            <Pill>{tl(quiz.language)}</Pill>
            {quiz.tags.map((tag) => (
              <Pill key={tag} className="bg-white text-zinc-600 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700">
                #{tag}
              </Pill>
            ))}
          </div>
          <SocialBar quiz={quiz} />

          <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4" lang="">
            {stats.map(({ icon: Icon, label, value }) => (
              <div key={label} className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                  <Icon className="size-4" aria-hidden />
                  {label}
                </dt>
                <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>

          <section className="mt-10" lang="" aria-labelledby="inside-heading">
            <h2 id="inside-heading" className="flex items-center gap-2 text-xl font-bold">
              <BookOpen className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
              {t("inside")}
            </h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="question-types">
              {typeCounts.map(([type, n]) => (
                <li key={type} className="flex items-center justify-between rounded-xl bg-zinc-100 px-4 py-3 dark:bg-zinc-900">
                  <span className="font-medium">{t(`types.${type}`)}</span>
                  <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t("questionCount", { count: n })}</span>
                </li>
              ))}
            </ul>
          </section>
        </article>

      </div>
    </div>
  );
}
