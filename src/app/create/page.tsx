import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { QuizEditor } from "@/components/editor/quiz-editor";
import { emptyDoc } from "@/core/editor";
import { getViewer } from "@/server/viewer";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("editor");
  return { title: t("createTitle"), robots: { index: false } };
}

// A new quiz is made on its first save (not on this visit), so opening /create leaves no empty drafts.
export default async function CreatePage() {
  if (!(await getViewer())) redirect("/sign-in?next=/create");
  return <QuizEditor quiz={{ id: null, slug: null, version: 0, status: "draft" }} doc={emptyDoc(await getLocale())} />;
}
