import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { defaultNickname } from "@/core/nickname-limits";
import { normalizePin } from "@/core/pin";
import { openGameByPin } from "@/server/hosted-games";
import { getViewer } from "@/server/viewer";
import { JoinCard } from "@/components/home/join-card";
import { JoinNameForm } from "@/components/home/join-name-form";
import { buttonClass } from "@/components/ui/button";
import Link from "@/components/ui/link";

type Props = { params: Promise<{ pin: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("join");
  return { title: t("title") };
}

export default async function JoinPinPage({ params }: Props) {
  const t = await getTranslations("join");
  const { pin: raw } = await params;
  const pin = normalizePin(decodeURIComponent(raw));
  if (!pin) return <JoinCard title={t("title")} lead={t("lead")} defaultPin={raw} error={t("pinInvalid")} />;
  const [game, viewer] = await Promise.all([openGameByPin(pin), getViewer()]);
  if (!game) {
    return (
      <div data-error-code="game_not_found">
        <JoinCard title={t("title")} lead={t("lead")} defaultPin={pin} error={t("gameNotFound", { pin })} />
      </div>
    );
  }
  if (game.classId) {
    // A game for a class: no nickname here; the game screen lists the class's names (docs/rules.md §13).
    return (
      <JoinCard title={t("title")} lead={t("classGameOpen", { pin })} defaultPin={pin}>
        <Link href={`/game/${pin}`} className={buttonClass("primary", "lg", "w-full")} data-testid="join-class-game">
          {t("pickFromRoster")}
        </Link>
      </JoinCard>
    );
  }
  return (
    <JoinCard title={t("title")} lead={t("gameOpen", { pin })} defaultPin={pin}>
      <JoinNameForm pin={pin} generatedOnly={game.settings.generatedNicknamesOnly} identifierLabel={game.settings.identifierLabel ?? null} pickTeamOf={game.settings.teams?.assign === "pick" ? game.settings.teams.count : 0} teamNames={game.settings.teams?.names} defaultName={viewer ? defaultNickname(viewer.name) : undefined} />
    </JoinCard>
  );
}
