import ArrowLeft from "lucide-react/icons/arrow-left";
import Swords from "lucide-react/icons/swords";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CreateChallengeForm } from "@/components/challenge/create-challenge-form";
import { defaultMultipliers } from "@/core/scoring";
import { challengeableQuiz } from "@/server/challenges";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("challenge");
  return { title: t("newTitle"), robots: { index: false } };
}

/** The form behind a quiz's Challenge button (members: a guest signs in and comes back here). */
export default async function NewChallengePage({ params }: Props) {
  const { slug } = await params;
  const viewer = await getViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(`/quiz/${slug}/challenge`)}`);
  // Published, with questions, and visible to this member: anything else has nothing to hand out.
  const quiz = await challengeableQuiz(slug, viewer);
  if (!quiz) notFound();
  const t = await getTranslations("challenge");
  return (
    <div className="container-page max-w-2xl py-8">
      <Link href={`/quiz/${slug}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        <ArrowLeft className="size-4" aria-hidden />
        <span lang={quiz.language}>{quiz.title}</span>
      </Link>
      <h1 className="mt-3 flex items-center gap-2 text-3xl font-extrabold tracking-tight">
        <Swords className="size-7 text-brand-600 dark:text-brand-400" aria-hidden />
        {t("newTitle")}
      </h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("newLead", { quiz: quiz.title })}</p>
      <div className="mt-6 rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <CreateChallengeForm
          slug={slug}
          scoring={{ speedBonus: quiz.speedBonus, streakBonus: quiz.streakBonus, pointsMultipliers: defaultMultipliers(quiz.questionPoints.map((points) => ({ points }))) }}
        />
      </div>
    </div>
  );
}
