import Compass from "lucide-react/icons/compass";
import Star from "lucide-react/icons/star";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { QuizGrid } from "@/components/quiz/quiz-card";
import { buttonClass } from "@/components/ui/button";
import { favoritesOf } from "@/server/profile";
import { EmptyState, Panel } from "./panel";

export async function FavoritesPanel({ userId }: { userId: string }) {
  const [t, quizzes] = await Promise.all([getTranslations("me"), favoritesOf(userId)]);
  return (
    <Panel icon={Star} title={t("favorites.title")}>
      {quizzes.length === 0 ? (
        <EmptyState
          action={
            <Link href="/explore" className={buttonClass("primary")}>
              <Compass className="size-4" aria-hidden />
              {t("history.explore")}
            </Link>
          }
        >
          {t("favorites.empty")}
        </EmptyState>
      ) : (
        <QuizGrid quizzes={quizzes} testId="favorites" narrow study />
      )}
    </Panel>
  );
}
