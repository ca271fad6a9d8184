import { isUuid } from "@/core/ids";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { OG_SIZE, ogImage } from "@/components/share/og-image";
import { attemptResult } from "@/server/attempts";
import { publicUrl } from "@/server/public-url";
import { qrDataUrl } from "@/server/qr";

// The result card rendered on the server, so a shared link unfurls with the score.
export const size = OG_SIZE;
export const contentType = "image/png";
export const alt = "Quizdeck result";

export default async function Image({ params }: { params: Promise<{ attemptId: string }> }) {
  const { attemptId } = await params;
  // Not an id at all: no image, rather than a card for a result that cannot exist.
  if (!isUuid(attemptId)) notFound();
  const r = await attemptResult(attemptId, null);
  const [t, format] = await Promise.all([getTranslations("results"), getFormatter()]);
  if (!r) {
    return ogImage(<div style={{ display: "flex", fontSize: 72, fontWeight: 800 }}>Quizdeck</div>);
  }
  const accuracy = r.total ? Math.round((r.correctCount / r.total) * 100) : 0;
  const qr = await qrDataUrl(`${await publicUrl()}/results/${r.id}`, 200);
  return ogImage(
    <div style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}>
      <div style={{ display: "flex", fontSize: 40, fontWeight: 800 }}>Quizdeck</div>
      <div style={{ display: "flex", fontSize: 30, opacity: 0.85, maxWidth: 700 }}>{r.quiz.title}</div>
    </div>,
    <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-end" }}>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <div style={{ display: "flex", fontSize: 52, fontWeight: 700 }}>{r.nickname}</div>
        <div style={{ display: "flex", fontSize: 150, fontWeight: 900, lineHeight: 1 }}>{format.number(r.score)}</div>
        <div style={{ display: "flex", fontSize: 30, opacity: 0.8 }}>{t("cardScore")}</div>
      </div>
      <img src={qr} width={200} height={200} style={{ borderRadius: 16, background: "white", padding: 8 }} alt="" />
    </div>,
    <div style={{ display: "flex", gap: 48, fontSize: 32, fontWeight: 700 }}>
      <div style={{ display: "flex" }}>{`${format.number(accuracy / 100, { style: "percent" })} ${t("cardAccuracy")}`}</div>
      <div style={{ display: "flex" }}>{`#${format.number(r.rank)} / ${format.number(r.players)}`}</div>
      <div style={{ display: "flex" }}>{`${t("bestStreak")}: ${format.number(r.bestStreak)}`}</div>
    </div>,
  );
}
