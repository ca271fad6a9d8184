import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StudySession } from "@/components/study/study-session";
import { GUEST_STUDY_COOKIE } from "@/core/study/guest-cookie";
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
  const t = await getTranslations("study");
  // A guest's browser that keeps their study says so in a cookie; any other guest's first card
  // comes with the page.
  const guestKept = !session.signedIn && (await cookies()).has(GUEST_STUDY_COOKIE);
  return (
    <div className="container-page py-6 sm:py-10">
      {session.notStudied > 0 && (
        <p className="mx-auto mb-4 w-full max-w-3xl text-sm text-zinc-600 dark:text-zinc-400" data-testid="not-studied">
          {t("notStudied", { count: session.notStudied })}
        </p>
      )}
      {session.openCards > 0 && (
        <p className="mx-auto mb-4 w-full max-w-3xl text-sm text-zinc-600 dark:text-zinc-400" data-testid="open-cards">
          {t("openCards")}
        </p>
      )}
      <StudySession
        // A new queue (after "check again" or a reload) starts the session over.
        key={session.cards.map((c) => c.id).join(",")}
        slug={session.quiz.slug}
        title={session.quiz.title}
        language={session.quiz.language}
        cards={session.cards}
        signedIn={session.signedIn}
        guestKept={guestKept}
      />
    </div>
  );
}
