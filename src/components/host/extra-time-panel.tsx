"use client";

import { clsx } from "clsx";
import { inputLook } from "@/components/ui/field";
import Hourglass from "lucide-react/icons/hourglass";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { EXTRA_TIME_FACTORS, extraTimeOf, type ExtraTime } from "@/core/extra-time";
import type { HostView } from "@/core/live/protocol";
import type { Send } from "./use-host-socket";

/**
 * The host's extra time per player (docs/rules.md §4), collapsed by default: the big screen is
 * the room's, so who has extra time shows only while the host opens it. In the lobby every
 * player has a choice; later on, the players who have extra time, and a nickname field to give
 * it to someone else.
 */
export function ExtraTimePanel({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const given = new Map((view.extraTime ?? []).map((p) => [p.playerId, p]));
  const rows =
    view.phase === "lobby"
      ? view.players.map((p) => ({ playerId: p.playerId, nickname: p.nickname, factor: given.get(p.playerId)?.factor ?? 1 }))
      : [...given.values()];
  return (
    <details className="rounded-2xl border border-zinc-200 p-4 pt-3 dark:border-zinc-700" data-testid="extra-time-panel">
      <summary className="flex cursor-pointer items-center gap-2 font-semibold">
        <Hourglass className="size-4" aria-hidden />
        {t("extraTime")}
      </summary>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("extraTimeHelp")}</p>
      {rows.length > 0 && (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {rows.map((p) => (
            <li key={p.playerId}>
              <FactorSelect label={p.nickname} value={p.factor} onChange={(factor) => send("host:extraTime", { playerId: p.playerId, factor })} />
            </li>
          ))}
        </ul>
      )}
      {view.phase !== "lobby" && <ByNickname send={send} />}
    </details>
  );
}

function FactorSelect({ label, value, onChange }: { label: string; value: number; onChange: (f: ExtraTime) => void }) {
  const t = useTranslations("live");
  const id = useId();
  return (
    <span className="flex items-center justify-between gap-3 text-sm font-medium">
      <label htmlFor={id} className="min-w-0 truncate">
        {label}
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(extraTimeOf(Number(e.target.value)))}
        className={clsx(inputLook, "h-10")}
        data-testid="extra-time-select"
      >
        {EXTRA_TIME_FACTORS.map((f) => (
          <option key={f} value={String(f)}>
            {f === 1 ? t("extraTimeNone") : t("extraTimeFactor", { factor: f })}
          </option>
        ))}
      </select>
    </span>
  );
}

function ByNickname({ send }: { send: Send }) {
  const t = useTranslations("live");
  const id = useId();
  const [nickname, setNickname] = useState("");
  const [factor, setFactor] = useState<ExtraTime>(2);
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!nickname.trim()) return;
        send("host:extraTime", { nickname: nickname.trim(), factor });
        setNickname("");
      }}
    >
      <span className="flex min-w-40 flex-1 flex-col gap-1 text-sm font-medium">
        <label htmlFor={id}>{t("extraTimeNickname")}</label>
        <input id={id} value={nickname} maxLength={40} onChange={(e) => setNickname(e.target.value)} className={clsx(inputLook, "h-10")} />
      </span>
      <FactorSelect label={t("extraTime")} value={factor} onChange={setFactor} />
      <button type="submit" className={buttonClass("secondary", "md")}>
        {t("extraTimeGive")}
      </button>
    </form>
  );
}
