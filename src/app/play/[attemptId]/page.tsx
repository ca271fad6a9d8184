import { isUuid } from "@/core/ids";
import Hourglass from "lucide-react/icons/hourglass";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { forbidden, notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlayScreen } from "@/components/play/play-screen";
import { buttonClass } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";
import { AppError } from "@/server/errors";
import { playState } from "@/server/play";

type Props = { params: Promise<{ attemptId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("play");
  return { title: t("title"), robots: { index: false } };
}

export default async function PlayPage({ params }: Props) {
  const { attemptId } = await params;
  if (!isUuid(attemptId)) notFound();
  let view;
  try {
    // Shows the current question and starts its clock; a reload resumes the same question.
    view = await playState(attemptId, true);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    if (err instanceof AppError && err.code === "forbidden") forbidden();
    throw err;
  }
  if (view.status === "abandoned") {
    const t = await getTranslations("play");
    return (
      <StatusScreen icon={Hourglass} title={t("abandonedTitle")} actions={<Link href={`/quiz/${view.quiz.slug}`} className={buttonClass("primary")}>{t("abandonedAction")}</Link>}>
        {t("abandonedText")}
      </StatusScreen>
    );
  }
  if (view.status !== "in_progress" || !view.question) redirect(`/results/${attemptId}`);
  return <PlayScreen initial={view} />;
}
