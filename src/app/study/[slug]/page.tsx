import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StudySession } from "@/components/study/study-session";
import { loadStudySession } from "@/server/study";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("study");
  return { title: t("title"), robots: { index: false } };
}

// A study session is the member's own queue at this moment: never cached.
export const dynamic = "force-dynamic";

export default async function StudyPage({ params }: Props) {
  const session = await loadStudySession((await params).slug);
  if (!session) notFound();
  return (
    <div className="container-page py-6 sm:py-10">
      <StudySession
        // A new queue (after "check again" or a reload) starts the session over.
        key={session.cards.map((c) => c.id).join(",")}
        slug={session.quiz.slug}
        title={session.quiz.title}
        language={session.quiz.language}
        cards={session.cards}
        signedIn={session.signedIn}
      />
    </div>
  );
}
