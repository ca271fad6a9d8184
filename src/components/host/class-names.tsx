"use client";

import GraduationCap from "lucide-react/icons/graduation-cap";
import Unlink from "lucide-react/icons/unlink";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import type { HostView } from "@/core/live/protocol";
import type { Send } from "./use-host-socket";

type ClassGame = NonNullable<HostView["classGame"]>;

/** A game for a class: which class, said once in the lobby (docs/rules.md §13). */
export function ClassLine({ classGame }: { classGame: ClassGame }) {
  const t = useTranslations("live");
  return (
    <p className="mt-3 flex items-center gap-2 text-base font-semibold text-brand-700 dark:text-brand-300" data-testid="class-game">
      <GraduationCap className="size-5 shrink-0" aria-hidden />
      {t("classGame", { className: classGame.className })}
    </p>
  );
}

/** The lobby's "Release" beside "Remove", for a name taken from the roster. */
export function ReleaseButton({ name, playerId, send, onDone }: { name: string; playerId: string; send: Send; onDone: () => void }) {
  const t = useTranslations("live");
  return (
    <button
      type="button"
      className={buttonClass("secondary", "sm")}
      data-testid="release-name"
      title={t("releaseHint")}
      onClick={() => {
        send("host:release", { playerId });
        onDone();
      }}
    >
      <Unlink className="size-4" aria-hidden />
      {t("releaseName", { name })}
    </button>
  );
}

/**
 * During a game for a class: the names taken, each with "Release", so that a student whose phone
 * died takes their name (and score) on another device. Folded away: the room sees the big screen.
 */
export function ClassNames({ classGame, send }: { classGame: ClassGame; send: Send }) {
  const t = useTranslations("live");
  return (
    <details className="mt-6 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="class-names">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <GraduationCap className="size-4" aria-hidden />
        {t("classNames", { count: classGame.players.length })}
      </summary>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("releaseHint")}</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {classGame.players.map((p) => (
          <li key={p.playerId} className="flex items-center gap-1 rounded-xl bg-zinc-100 py-1 pr-1 pl-3 dark:bg-zinc-800" data-testid="class-name" data-name={p.nickname}>
            <span className={p.connected ? "font-bold" : "font-bold text-zinc-500 dark:text-zinc-400"}>{p.nickname}</span>
            {p.released ? (
              <span className="px-2 text-sm text-zinc-600 dark:text-zinc-400">{t("nameReleased")}</span>
            ) : (
              <button type="button" className={buttonClass("ghost", "sm")} data-testid="release-name" onClick={() => send("host:release", { playerId: p.playerId })}>
                <Unlink className="size-4" aria-hidden />
                {t("releaseName", { name: p.nickname })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
