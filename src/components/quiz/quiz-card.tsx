import GraduationCap from "lucide-react/icons/graduation-cap";
import ListChecks from "lucide-react/icons/list-checks";
import Play from "lucide-react/icons/play";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { QuizSummary } from "@/server/quizzes";
import { CategoryIcon } from "./category";
import { DifficultyPill, Pill, RatingStars } from "./quiz-meta";

/** `study`: a Study link on the card (a member's favorites), above the card's own link. */
export async function QuizCard({ quiz, study }: { quiz: QuizSummary; study?: boolean }) {
  const t = await getTranslations("quiz");
  const ts = await getTranslations("study");
  const tc = await getTranslations("categories");
  const format = await getFormatter();
  return (
    <article className="group relative flex h-full min-w-0 flex-col rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm transition outline-brand-500 outline-offset-2 hover:-translate-y-0.5 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-solid motion-reduce:transition-none motion-reduce:hover:translate-y-0 hover:border-brand-300 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-700">
      <div className="flex items-start gap-3">
        <CategoryIcon category={quiz.category} className="size-11 shrink-0" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{tc(quiz.category)}</p>
          <h3 className="mt-0.5 text-base leading-snug font-bold [overflow-wrap:anywhere]" lang={quiz.language}>
            <Link href={`/quiz/${quiz.slug}`} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-hidden">
              {quiz.title}
            </Link>
          </h3>
        </div>
      </div>
      <p className="mt-3 line-clamp-2 text-sm [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400" lang={quiz.language}>
        {quiz.description}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4 text-sm text-zinc-600 dark:text-zinc-400">
        <DifficultyPill difficulty={quiz.difficulty} label={t(`difficulty.${quiz.difficulty}`)} />
        {quiz.language !== "en" && <Pill>{quiz.language.toUpperCase()}</Pill>}
        <span className="inline-flex items-center gap-1">
          <ListChecks className="size-4" aria-hidden />
          {t("questionCount", { count: quiz.questionCount })}
        </span>
        <span className="ml-auto inline-flex items-center gap-3">
          <span className="inline-flex items-center gap-1" title={t("plays", { count: quiz.playCount })}>
            <Play className="size-3.5" aria-hidden />
            <span className="sr-only">{t("plays", { count: quiz.playCount })}</span>
            <span aria-hidden className="tabular-nums">
              {format.number(quiz.playCount)}
            </span>
          </span>
          <RatingStars
            shown={format.number(quiz.rating.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            count={quiz.rating.count}
            label={
              quiz.rating.count > 0 ? t("ratingLabel", { average: quiz.rating.average, count: quiz.rating.count }) : t("noRatings")
            }
          />
        </span>
      </div>
      {study && (
        <Link
          href={`/study/${quiz.slug}`}
          className="relative z-10 mt-3 inline-flex items-center gap-1.5 self-start rounded-lg px-1 py-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
          aria-label={ts("studyQuiz", { title: quiz.title })}
          data-testid="study-link"
        >
          <GraduationCap className="size-4" aria-hidden />
          {ts("studyButton")}
        </Link>
      )}
    </article>
  );
}

export function QuizGrid({ quizzes, testId, narrow, study }: { quizzes: QuizSummary[]; testId?: string; narrow?: boolean; study?: boolean }) {
  return (
    <ul className={narrow ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" : "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"} data-testid={testId}>
      {quizzes.map((quiz) => (
        <li key={quiz.slug}>
          <QuizCard quiz={quiz} study={study} />
        </li>
      ))}
    </ul>
  );
}
