"use client";

import { inputLook } from "@/components/ui/field";
import Lock from "lucide-react/icons/lock";
import LockOpen from "lucide-react/icons/lock-open";
import Play from "lucide-react/icons/play";
import Settings from "lucide-react/icons/settings";
import Users from "lucide-react/icons/users";
import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import type { HostView, SettingsPatch } from "@/core/live/protocol";
import { ClassLine, ReleaseButton } from "./class-names";
import { LobbyScoring } from "./lobby-scoring";
import { LobbyTeams } from "./lobby-teams";
import { ExtraTimePanel } from "./extra-time-panel";
import { LoopbackNotice, type LanAddress } from "./loopback-notice";
import type { Send } from "./use-host-socket";

/** `lan`: set when the lobby was opened as localhost, with this machine's addresses phones can use. */
export type JoinInfo = { joinUrl: string; joinHost: string; qr: string; lan: LanAddress[] | null };

export function Lobby({ view, joinUrl, joinHost, qr, lan, send }: { view: HostView; send: Send } & JoinInfo) {
  const t = useTranslations("live");
  const [confirming, setConfirming] = useState<string | null>(null);
  const pin = `${view.pin.slice(0, 3)} ${view.pin.slice(3)}`;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <section className="rounded-3xl bg-brand-600 p-6 text-white shadow-lg sm:p-8 dark:bg-brand-900" aria-labelledby="join-heading">
        <h2 id="join-heading" className="text-xl font-semibold text-brand-100">
          {/* Opened as localhost: phones should type this machine's (first) network address. */}
          {t("joinAt")} <span className="font-bold text-white" data-testid="join-url-text">{lan?.[0] ? new URL(lan[0].origin).host : joinHost}/join</span>
        </h2>
        <p className="mt-4 text-lg font-semibold text-brand-100">{t("gamePin")}</p>
        <p className="font-mono text-6xl font-black tracking-wider tabular-nums sm:text-8xl" data-testid="host-pin" data-pin={view.pin}>
          {pin}
        </p>
        {lan ? (
          <LoopbackNotice host={joinHost} addresses={lan} />
        ) : (
          <div className="mt-6 flex flex-wrap items-end gap-6">
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
            <img
              src={qr}
              alt={t("qrAlt", { url: joinUrl })}
              width={320}
              height={320}
              className="size-64 rounded-2xl bg-white p-3 sm:size-80 2xl:size-[min(30rem,52vh)]"
              data-testid="join-qr"
            />
            <p className="max-w-xs text-lg text-brand-100">
              {t("scanToJoin")}
              <br />
              <span className="font-mono text-sm break-all text-white">{joinUrl}</span>
            </p>
          </div>
        )}
      </section>
      <section className="flex min-h-[28rem] flex-col rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900" aria-labelledby="players-heading">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="players-heading" className="flex flex-1 items-center gap-2 text-2xl font-bold">
            <Users className="size-7 text-brand-600 dark:text-brand-400" aria-hidden />
            {t("playersJoined", { count: view.playerCount })}
          </h2>
          <button type="button" className={buttonClass("secondary", "md")} onClick={() => send(view.settings.locked ? "host:unlock" : "host:lock")} data-testid="lock">
            {view.settings.locked ? <Lock className="size-4" aria-hidden /> : <LockOpen className="size-4" aria-hidden />}
            {view.settings.locked ? t("unlock") : t("lock")}
          </button>
          <button type="button" className={buttonClass("primary", "lg")} disabled={view.playerCount === 0} onClick={() => send("host:start")} data-testid="start">
            <Play className="size-5" aria-hidden />
            {t("start")}
          </button>
        </div>
        {view.classGame && <ClassLine classGame={view.classGame} />}
        {view.settings.locked && <p className="mt-3 text-sm font-medium text-amber-700 dark:text-amber-300">{t("lockedNote")}</p>}
        {view.players.length === 0 ? (
          <p className="flex flex-1 items-center justify-center py-12 text-xl text-zinc-500 dark:text-zinc-400">{t("waitingForPlayers")}</p>
        ) : (
          <ul className="mt-5 flex flex-wrap content-start gap-2" data-testid="lobby-players" aria-label={t("playersLabel")}>
            {view.players.map((p) => (
              <li key={p.playerId} className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => setConfirming(confirming === p.playerId ? null : p.playerId)}
                  className={clsx(
                    "rounded-xl px-4 py-2 text-lg font-bold transition",
                    p.connected ? "bg-zinc-100 hover:bg-rose-100 dark:bg-zinc-800 dark:hover:bg-rose-950" : "bg-zinc-50 text-zinc-400 dark:bg-zinc-900",
                  )}
                  title={t("kickHint")}
                >
                  {p.nickname}
                </button>
                {confirming === p.playerId && (
                  <button
                    type="button"
                    className={buttonClass("secondary", "sm", "text-rose-700 dark:text-rose-300")}
                    onClick={() => {
                      send("host:kick", { playerId: p.playerId });
                      setConfirming(null);
                    }}
                  >
                    <X className="size-4" aria-hidden />
                    {t("kick", { name: p.nickname })}
                  </button>
                )}
                {confirming === p.playerId && view.classGame?.players.some((c) => c.playerId === p.playerId && !c.released) && (
                  <ReleaseButton name={p.nickname} playerId={p.playerId} send={send} onDone={() => setConfirming(null)} />
                )}
              </li>
            ))}
          </ul>
        )}
        {/* The host's controls, at the foot of the card, a gap apart. */}
        <div className="mt-auto space-y-4 pt-5">
          <LobbyTeams view={view} patch={(p) => send("host:settings", p)} />
          <SettingsPanel view={view} send={send} />
          <ExtraTimePanel view={view} send={send} />
        </div>
      </section>
    </div>
  );
}

function SettingsPanel({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const s = view.settings;
  const patch = (p: SettingsPatch) => send("host:settings", p);
  return (
    <details className="rounded-2xl border border-zinc-200 p-4 pt-3 dark:border-zinc-700">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <Settings className="size-4" aria-hidden />
        {t("settings")}
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <label className="flex items-center justify-between gap-3 text-sm font-medium">
          {t("readingDelay")}
          <input
            type="number"
            min={0}
            max={10}
            defaultValue={s.readingDelaySeconds}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 0 && n <= 10) patch({ readingDelaySeconds: n });
            }}
            className={clsx(inputLook, "h-10 w-20 text-center")}
          />
        </label>
        <label className="flex items-center justify-between gap-3 text-sm font-medium">
          {t("maxPlayers")}
          <input
            type="number"
            min={1}
            max={5000}
            defaultValue={s.maxPlayers}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n <= 5000) patch({ maxPlayers: n });
            }}
            className={clsx(inputLook, "h-10 w-24 text-center")}
          />
        </label>
        {(
          [
            ["speedBonus", t("speedBonus")],
            ["streakBonus", t("streakBonus")],
            ["generatedNicknamesOnly", t("generatedOnly")],
            ["questionOnPhones", t("questionOnPhones")],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-3 text-sm font-medium">
            <input type="checkbox" checked={s[key]} onChange={(e) => patch({ [key]: e.target.checked })} className="size-5 accent-brand-600" data-testid={`setting-${key}`} />
            {label}
          </label>
        ))}
      </div>
      {view.phase === "lobby" && <LobbyScoring view={view} patch={patch} />}
    </details>
  );
}
