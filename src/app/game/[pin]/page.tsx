import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PlayerGame } from "@/components/live/player-game";
import { normalizePin } from "@/core/pin";
import { liveRoster } from "@/server/classes";
import { openGameByPin } from "@/server/hosted-games";

type Props = { params: Promise<{ pin: string }>; searchParams: Promise<{ name?: string | string[]; generated?: string | string[]; id?: string | string[]; team?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("live");
  return { title: t("playerTitle"), robots: { index: false } };
}

/** A player's phone during a live game; it joins (or resumes with its stored token) over Socket.IO. */
export default async function GamePage({ params, searchParams }: Props) {
  const pin = normalizePin(decodeURIComponent((await params).pin));
  if (!pin) redirect("/join");
  const q = await searchParams;
  const name = (Array.isArray(q.name) ? q.name[0] : q.name)?.slice(0, 100) ?? null;
  const generated = (Array.isArray(q.generated) ? q.generated[0] : q.generated) === "1";
  const identifier = (Array.isArray(q.id) ? q.id[0] : q.id)?.slice(0, 200) ?? null;
  // The team picked on the join page (a game where players pick); the server checks it.
  const teamRaw = Array.isArray(q.team) ? q.team[0] : q.team;
  const team = teamRaw && /^[0-7]$/.test(teamRaw) ? Number(teamRaw) : null;
  // The host's extra join field, asked on the name form when the join page did not bring it.
  const game = await openGameByPin(pin);
  const identifierLabel = game?.settings.identifierLabel ?? null;
  // A game for a class: the player picks their name from its roster (docs/rules.md §13).
  const roster = game?.classId ? await liveRoster(game.classId) : null;
  return (
    <PlayerGame key={pin} pin={pin} name={name} generated={generated} identifier={identifier} identifierLabel={identifierLabel} language={game?.language ?? "en"} roster={roster} team={team} open={game !== null} />
  );
}
