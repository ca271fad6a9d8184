import { ImageResponse } from "next/og";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/db";
import { getPublicQuiz } from "@/db/queries/quizzes";

// A quiz link unfurls with its title, category and size.
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const alt = "Quizdeck quiz";

export default async function Image({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const quiz = await getPublicQuiz(await getDb(), slug);
  const t = await getTranslations("quiz");
  const tc = await getTranslations("categories");
  return new ImageResponse(
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        width: "100%",
        height: "100%",
        padding: 64,
        color: "white",
        backgroundImage: "linear-gradient(135deg, #6d28d9 0%, #7c3aed 50%, #c026d3 100%)",
      }}
    >
      <div style={{ display: "flex", fontSize: 40, fontWeight: 800 }}>Quizdeck</div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: 32, opacity: 0.85 }}>{quiz ? tc(quiz.category) : ""}</div>
        <div style={{ display: "flex", fontSize: 84, fontWeight: 800, lineHeight: 1.05, marginTop: 12 }}>{quiz?.title ?? "Quizdeck"}</div>
      </div>
      <div style={{ display: "flex", gap: 48, fontSize: 32 }}>
        {quiz && <div style={{ display: "flex" }}>{t("questionCount", { count: quiz.questions.length })}</div>}
        {quiz && <div style={{ display: "flex" }}>{t(`difficulty.${quiz.difficulty}`)}</div>}
        {quiz && <div style={{ display: "flex" }}>{t("plays", { count: quiz.playCount })}</div>}
      </div>
    </div>,
    size,
  );
}
