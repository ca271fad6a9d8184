import type { Metadata } from "next";
import { forbidden, notFound, unauthorized } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { QuizEditor } from "@/components/editor/quiz-editor";
import { canManageQuiz, canSeeQuiz } from "@/server/permissions";
import { editableQuiz } from "@/server/quizzes";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("editTitle"), robots: { index: false } };
}

export default async function EditQuizPage({ params }: Props) {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  const quiz = await editableQuiz((await params).slug);
  if (!quiz) notFound();
  if (!canManageQuiz(viewer, quiz)) {
    // A quiz this member may see exists but is not theirs; anything else does not exist for them.
    if (canSeeQuiz(viewer, { ...quiz, visibility: quiz.doc.visibility })) forbidden();
    notFound();
  }
  return <QuizEditor quiz={{ id: quiz.id, slug: quiz.slug, version: quiz.version, status: quiz.status }} doc={quiz.doc} />;
}
