"use client";

import CheckCircle2 from "lucide-react/icons/circle-check";
import Shuffle from "lucide-react/icons/shuffle";
import WifiOff from "lucide-react/icons/wifi-off";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import type { PlayerView } from "@/core/live/protocol";

/** The bar at the top while in the game: the player's name, the connection, the score. */
export function PlayerBar({ me, online }: { me: PlayerView["me"]; online: boolean }) {
  const t = useTranslations("live");
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2" data-testid="player-bar">
      <span className="min-w-0 flex-1 truncate text-base font-bold" data-testid="player-nickname">
        {me.nickname}
      </span>
      {!online && (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="player-offline">
          <WifiOff className="size-4" aria-hidden />
          {t("reconnecting")}
        </span>
      )}
      <span className="rounded-full bg-zinc-100 px-3 py-1 tabular-nums dark:bg-zinc-800" data-testid="player-score" data-score={me.score}>
        {t("points", { count: me.score })}
      </span>
    </div>
  );
}

/** In the lobby: in the game, with the name on the big screen (and new names to roll). */
export function LobbyPanel({ me, onReroll }: { me: PlayerView["me"]; onReroll: () => void }) {
  const t = useTranslations("live");
  return (
    <div className="py-6 text-center">
      <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden />
      <h1 className="mt-3 text-2xl font-extrabold">{t("youreIn")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("seeNameOnScreen")}</p>
      {me.rerollsLeft > 0 && (
        <button type="button" className={buttonClass("secondary", "md", "mt-6")} onClick={onReroll} data-testid="reroll">
          <Shuffle className="size-4" aria-hidden />
          {t("reroll", { count: me.rerollsLeft })}
        </button>
      )}
    </div>
  );
}

/** While the big screen shows the scoreboard: this player's rank. */
export function StandingPanel({ me }: { me: PlayerView["me"] }) {
  const t = useTranslations("live");
  return (
    <div className="py-8 text-center" data-testid="player-standing">
      <p className="text-lg text-zinc-600 dark:text-zinc-400">{t("yourRank")}</p>
      <p className="text-6xl font-black tabular-nums">{me.rank}</p>
      <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("ofPlayers", { count: me.playerCount })}</p>
    </div>
  );
}

/** The host ended the game early. */
export function EndedPanel({ me }: { me: PlayerView["me"] }) {
  const t = useTranslations("live");
  return (
    <div className="py-8 text-center" data-testid="player-ended">
      <p className="text-xl font-bold">{t("ended")}</p>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("finalScore", { score: me.score })}</p>
    </div>
  );
}
