import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { HostScreen } from "@/components/host/host-screen";
import { isLoopbackHost } from "@/core/http/origin";
import { findGame } from "@/server/hosted-games";
import { lanUrls, publicUrl, publicUrlConfigured } from "@/server/public-url";
import { qrSvgDataUrl } from "@/server/qr";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ gameId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("live");
  return { title: t("hostTitle"), robots: { index: false } };
}

/** The host's big screen: lobby, questions, reveals, scoreboard, podium, report (client side, over Socket.IO). */
export default async function HostPage({ params }: Props) {
  const { gameId } = await params;
  if (!z.uuid().safeParse(gameId).success) notFound();
  const viewer = await getViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(`/host/${gameId}`)}`);
  const game = await findGame(gameId);
  // Someone else's game does not exist for this viewer.
  if (!game || game.hostId !== viewer.id) notFound();
  const base = await publicUrl();
  const joinUrl = `${base}/join/${game.pin}`;
  const joinHost = new URL(base).host;
  const qr = await qrSvgDataUrl(joinUrl);
  // Opened as localhost: phones cannot reach that; offer this machine's network addresses.
  const lan =
    !publicUrlConfigured() && isLoopbackHost(joinHost)
      ? await Promise.all(
          lanUrls().map(async (origin) => ({
            origin,
            joinUrl: `${origin}/join/${game.pin}`,
            hostUrl: `${origin}/host/${game.id}`,
            qr: await qrSvgDataUrl(`${origin}/join/${game.pin}`),
          })),
        )
      : null;
  return <HostScreen gameId={game.id} pin={game.pin} joinUrl={joinUrl} joinHost={joinHost} qr={qr} lan={lan} />;
}
