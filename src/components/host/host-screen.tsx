"use client";

import Square from "lucide-react/icons/square";
import Users from "lucide-react/icons/users";
import WifiOff from "lucide-react/icons/wifi-off";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { BrandMark } from "@/components/live/brand-mark";
import type { LanAddress } from "./loopback-notice";
import { Lobby, type JoinInfo } from "./host-lobby";
import { QuestionView, RevealView } from "./host-question";
import { Scoreboard } from "./host-scoreboard";
import { Podium } from "./host-podium";
import { TeamScoreboardOrPlayers } from "./host-teams";
import { Finished } from "./host-report";
import { ClassNames } from "./class-names";
import { useHostSocket } from "./use-host-socket";
import { ExtraTimePanel } from "./extra-time-panel";
import { RichProvider } from "@/components/ui/rich";

/** The big screen of a live game: one view per phase, driven by `useHostSocket`. */
export function HostScreen({ gameId, pin, joinUrl, joinHost, qr, lan = null }: { gameId: string; pin: string } & Omit<JoinInfo, "lan"> & { lan?: LanAddress[] | null }) {
  const t = useTranslations("live");
  const { view, error, online, send } = useHostSocket(gameId, pin);

  if (!view) {
    return (
      <div className="container-page py-16 text-center text-lg text-zinc-600 dark:text-zinc-400" data-testid="host-loading">
        {error ?? t("connecting")}
      </div>
    );
  }

  return (
    <div
      className="mx-auto w-full max-w-[1800px] px-4 py-6 sm:px-8"
      data-testid="host-screen"
      data-phase={view.phase}
      // The projector shows the game alone while it runs; the report brings the site back.
      data-immersive={view.phase === "finished" || view.phase === "cancelled" ? undefined : ""}
    >
      <header className="mb-6 flex flex-wrap items-center gap-3">
        {view.phase !== "finished" && view.phase !== "cancelled" && <BrandMark />}
        <h1 className="min-w-0 flex-1 truncate text-2xl font-extrabold tracking-tight lg:text-3xl">{view.quizTitle}</h1>
        {!online && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <WifiOff className="size-4" aria-hidden />
            {t("reconnecting")}
          </span>
        )}
        {view.phase !== "lobby" && view.phase !== "finished" && view.phase !== "cancelled" && (
          <span className="rounded-full bg-zinc-100 px-3 py-1 font-mono text-lg font-bold dark:bg-zinc-800" data-testid="host-pin-small">
            {t("pinShort", { pin: view.pin })}
          </span>
        )}
        <span className="inline-flex items-center gap-1.5 rounded-full bg-zinc-100 px-3 py-1 text-lg font-bold tabular-nums dark:bg-zinc-800" data-testid="player-count">
          <Users className="size-5" aria-hidden />
          <span className="sr-only">{t("playersLabel")}</span>
          {view.playerCount}
        </span>
        {view.phase !== "finished" && view.phase !== "cancelled" && (
          <button
            type="button"
            className={buttonClass("ghost", "sm")}
            onClick={() => {
              if (window.confirm(t("endConfirm"))) send("host:end");
            }}
          >
            <Square className="size-4" aria-hidden />
            {t("end")}
          </button>
        )}
      </header>
      {error && (
        <p role="alert" className="mb-4 rounded-xl bg-rose-50 px-4 py-3 font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {error}
        </p>
      )}
      {view.phase === "lobby" && <Lobby view={view} joinUrl={joinUrl} joinHost={joinHost} qr={qr} lan={lan} send={send} />}
      <RichProvider html={[view.question?.rich, view.reveal?.rich]}>
        {view.phase === "question" && <QuestionView view={view} send={send} />}
        {view.phase === "reveal" && view.reveal && <RevealView view={view} reveal={view.reveal} send={send} />}
      </RichProvider>
      {view.phase === "scoreboard" && (view.teams ? <TeamScoreboardOrPlayers view={view} send={send} /> : <Scoreboard view={view} send={send} />)}
      {view.phase === "podium" && (view.teams ? <TeamScoreboardOrPlayers view={view} send={send} final /> : <Podium view={view} send={send} />)}
      {(view.phase === "finished" || view.phase === "cancelled") && <Finished view={view} gameId={gameId} />}
      {(view.phase === "question" || view.phase === "reveal" || view.phase === "scoreboard" || view.phase === "podium") && (
        <div className="mt-6">
          <ExtraTimePanel view={view} send={send} />
        </div>
      )}
      {view.classGame && view.phase !== "lobby" && view.phase !== "finished" && view.phase !== "cancelled" && <ClassNames classGame={view.classGame} send={send} />}
    </div>
  );
}
