import { getTranslations } from "next-intl/server";
import { OG_SIZE, ogImage } from "@/components/share/og-image";
import { publicQuiz } from "@/server/quizzes";

// A quiz link unfurls with its title, category and size.
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Quizdeck quiz";

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const quiz = await publicQuiz(slug);
  const t = await getTranslations("quiz");
  const tc = await getTranslations("categories");
  return ogImage(
    <div style={{ display: "flex", fontSize: 40, fontWeight: 800 }}>Quizdeck</div>,
    <div style={{ display: "flex", flexDirection: "column" }}>
      <div style={{ display: "flex", fontSize: 32, opacity: 0.85 }}>{quiz ? tc(quiz.category) : ""}</div>
      <div style={{ display: "flex", fontSize: 84, fontWeight: 800, lineHeight: 1.05, marginTop: 12 }}>{quiz?.title ?? "Quizdeck"}</div>
    </div>,
    <div style={{ display: "flex", gap: 48, fontSize: 32 }}>
      {quiz && <div style={{ display: "flex" }}>{t("questionCount", { count: quiz.questions.length })}</div>}
      {quiz && <div style={{ display: "flex" }}>{t(`difficulty.${quiz.difficulty}`)}</div>}
      {quiz && <div style={{ display: "flex" }}>{t("plays", { count: quiz.playCount })}</div>}
    </div>,
  );
}
