"use client";

import {
  ArrowRight,
  BarChart3,
  Check,
  ChevronDown,
  ChevronUp,
  Download,
  Lock,
  LockOpen,
  Minus,
  Pause,
  Play,
  Settings,
  SkipForward,
  Square,
  Trophy,
  Users,
  WifiOff,
  X,
} from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { CHOICE_STYLES } from "@/components/answer/choice-style";
import { SCREEN_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { buttonClass } from "@/components/ui/button";
import type { ClientToServerEvents, HostView, PublicQuestion, RevealSummary, SettingsPatch } from "@/core/live/protocol";
import { useCountdown } from "@/components/answer/use-countdown";
import { connectLive, type LiveSocket } from "@/components/live/live-socket";
import { keyText } from "@/components/live/reveal-text";
import { BrandMark } from "@/components/live/brand-mark";
import { LoopbackNotice, type LanAddress } from "./loopback-notice";
import { useErrorText } from "@/components/ui/error-text";

type HostEvent = Exclude<keyof ClientToServerEvents, `player:${string}` | "host:attach" | "host:create">;

/** `lan`: set when the lobby was opened as localhost, with this machine's addresses phones can use. */
type JoinInfo = { joinUrl: string; joinHost: string; qr: string; lan: LanAddress[] | null };

export function HostScreen({ gameId, pin, joinUrl, joinHost, qr, lan = null }: { gameId: string; pin: string } & Omit<JoinInfo, "lan"> & { lan?: LanAddress[] | null }) {
  const t = useTranslations("live");
  const errorText = useErrorText();
  const [view, setView] = useState<HostView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [online, setOnline] = useState(true);
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    const socket = connectLive(pin);
    socketRef.current = socket;
    const attach = () =>
      socket.emit("host:attach", { gameId }, (res) => {
        if (res.ok) {
          setView(res.state);
          setError(null);
        } else setError(errorText(res.error.code));
      });
    socket.on("connect", () => {
      setOnline(true);
      attach();
    });
    socket.on("disconnect", () => setOnline(false));
    socket.on("host:state", (v) => setView(v));
    socket.on("game:error", (e) => setError(errorText(e.code)));
    return () => {
      socket.disconnect();
    };
  }, [gameId, pin, errorText]);

  const send = useCallback((event: HostEvent, payload: object = {}) => {
    const socket = socketRef.current;
    if (!socket) return;
    (socket.emit as (e: string, p: object, ack: (res: { ok: boolean; state?: HostView; error?: { code: string } }) => void) => void)(
      event,
      payload,
      (res) => {
        if (res.ok && res.state) {
          setView(res.state);
          setError(null);
        } else if (!res.ok) setError(errorText(res.error?.code));
      },
    );
  }, [errorText]);

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
      {view.phase === "question" && <QuestionView view={view} send={send} />}
      {view.phase === "reveal" && view.reveal && <RevealView view={view} reveal={view.reveal} send={send} />}
      {view.phase === "scoreboard" && <Scoreboard view={view} send={send} />}
      {view.phase === "podium" && <Podium view={view} send={send} />}
      {(view.phase === "finished" || view.phase === "cancelled") && <Finished view={view} gameId={gameId} />}
    </div>
  );
}

type Send = (event: HostEvent, payload?: object) => void;

function Lobby({ view, joinUrl, joinHost, qr, lan, send }: { view: HostView; send: Send } & JoinInfo) {
  const t = useTranslations("live");
  const [confirming, setConfirming] = useState<string | null>(null);
  const pin = `${view.pin.slice(0, 3)} ${view.pin.slice(3)}`;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
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
              </li>
            ))}
          </ul>
        )}
        <SettingsPanel view={view} send={send} />
      </section>
    </div>
  );
}

function SettingsPanel({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const s = view.settings;
  const patch = (p: SettingsPatch) => send("host:settings", p);
  return (
    <details className="mt-auto rounded-2xl border border-zinc-200 p-4 pt-3 dark:border-zinc-700">
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
            className="h-10 w-20 rounded-lg border border-zinc-300 bg-white px-2 text-center dark:border-zinc-700 dark:bg-zinc-950"
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
            className="h-10 w-24 rounded-lg border border-zinc-300 bg-white px-2 text-center dark:border-zinc-700 dark:bg-zinc-950"
          />
        </label>
        {(
          [
            ["speedBonus", t("speedBonus")],
            ["streakBonus", t("streakBonus")],
            ["generatedNicknamesOnly", t("generatedOnly")],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-3 text-sm font-medium">
            <input type="checkbox" checked={s[key]} onChange={(e) => patch({ [key]: e.target.checked })} className="size-5 accent-brand-600" />
            {label}
          </label>
        ))}
      </div>
    </details>
  );
}

function TimeBar({ view }: { view: HostView }) {
  const t = useTranslations("live");
  const left = useCountdown(view.timing, 100);
  const q = view.question;
  if (!view.timing || !q || left === null) return null;
  const reading = view.stage === "reading";
  const total = reading ? view.timing.answersOpenAt - view.timing.questionStartedAt : q.timeLimitSeconds * 1000;
  const share = total > 0 ? Math.min(1, left / total) : 0;
  return (
    <div className="flex items-center gap-4">
      <div className="h-4 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" role="presentation">
        <div className={clsx("h-full rounded-full transition-[width] duration-100", reading ? "bg-zinc-400" : share < 0.25 ? "bg-rose-500" : "bg-brand-500")} style={{ width: `${share * 100}%` }} />
      </div>
      <span className="w-24 text-right font-mono text-4xl font-black tabular-nums" data-testid="host-countdown" aria-label={t("secondsLeft", { seconds: Math.ceil(left / 1000) })}>
        {Math.ceil(left / 1000)}
      </span>
    </div>
  );
}

/**
 * One answer tile on the big screen: colour, shape and letter; after the reveal a check mark on the
 * right ones (not only colour: the others fade) and a bar of how many chose it.
 */
function OptionTile({ index, text, result }: { index: number; text: string; result: { count: number; max: number; correct: boolean } | null }) {
  const t = useTranslations("live");
  const style = CHOICE_STYLES[index] ?? CHOICE_STYLES[0]!;
  const Shape = style.shape;
  return (
    <li
      className={clsx(
        "relative flex min-h-24 items-center gap-4 overflow-hidden rounded-2xl p-5 text-2xl font-bold shadow-sm lg:min-h-[22vh] lg:text-3xl 2xl:text-4xl",
        style.solid,
        result && !result.correct && "opacity-40",
      )}
      data-correct={result ? String(result.correct) : undefined}
    >
      <span className="inline-flex items-center gap-1 rounded-lg bg-black/15 px-2 py-1" aria-hidden>
        <Shape className="size-6 fill-current" />
        {style.letter}
      </span>
      <span className="flex-1">{text}</span>
      {result?.correct && <Check className="size-9 shrink-0" strokeWidth={3} aria-label={t("correctOption")} data-testid="correct-mark" />}
      {result && (
        <span className="flex items-center gap-2 tabular-nums">
          <span className="block h-4 rounded-full bg-white/80" style={{ width: `${(result.count / result.max) * 14}rem` }} aria-hidden />
          <span data-testid="option-count">{result.count}</span>
        </span>
      )}
    </li>
  );
}

function Options({ q, reveal }: { q: PublicQuestion; reveal?: RevealSummary }) {
  const t = useTranslations("live");
  const dist = reveal?.distribution;
  if (q.data.type === "single" || q.data.type === "multiple") {
    const counts = dist && (dist.type === "single" || dist.type === "multiple") ? dist.options : null;
    const max = Math.max(1, ...(counts?.map((c) => c.count) ?? [0]));
    return (
      <ul className="grid gap-4 lg:grid-cols-2" data-testid="host-options">
        {q.data.options.map((o, i) => {
          const c = counts?.find((x) => x.id === o.id);
          return <OptionTile key={o.id} index={i} text={o.text} result={counts ? { count: c?.count ?? 0, max, correct: Boolean(c?.correct) } : null} />;
        })}
      </ul>
    );
  }
  if (q.data.type === "boolean") {
    const d = dist?.type === "boolean" ? dist : null;
    const key = reveal?.key.type === "boolean" ? reveal.key.correct : null;
    const max = Math.max(1, d?.trueCount ?? 0, d?.falseCount ?? 0);
    return (
      <ul className="grid gap-4 lg:grid-cols-2" data-testid="host-options">
        {[true, false].map((v, i) => (
          <OptionTile
            key={String(v)}
            index={i}
            text={v ? t("true") : t("false")}
            result={d ? { count: v ? d.trueCount : d.falseCount, max, correct: key === v } : null}
          />
        ))}
      </ul>
    );
  }
  if (q.data.type === "order") {
    const d = dist?.type === "order" ? dist : null;
    return (
      <ol className="grid gap-3" data-testid="host-options">
        {(d ? d.positions : q.data.items).map((item, i) => (
          <li key={item.id} className="flex items-center gap-4 rounded-2xl border-2 border-zinc-200 bg-white p-4 text-2xl font-bold dark:border-zinc-700 dark:bg-zinc-900">
            {d && <span className="font-mono text-brand-600 dark:text-brand-400">{i + 1}.</span>}
            <span className="flex-1">{item.text}</span>
            {d && "rightPlace" in item && typeof item.rightPlace === "number" && (
              <span className="text-lg font-semibold text-zinc-500 tabular-nums">{t("rightPlace", { count: item.rightPlace })}</span>
            )}
          </li>
        ))}
      </ol>
    );
  }
  if (q.data.type === "number") {
    const d = dist?.type === "number" ? dist : null;
    if (!d) {
      return (
        <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">
          {t("numberRange", { min: q.data.min, max: q.data.max })} {q.data.unit}
        </p>
      );
    }
    const max = Math.max(1, ...d.buckets.map((b) => b.count));
    return (
      <div className="flex h-56 items-end gap-3" data-testid="host-options">
        {d.buckets.map((b) => (
          <div key={b.from} className="flex flex-1 flex-col items-center gap-2">
            <span className="text-xl font-bold tabular-nums">{b.count}</span>
            <div className={clsx("w-full rounded-t-xl", b.containsAnswer ? "bg-emerald-500" : "bg-zinc-300 dark:bg-zinc-700")} style={{ height: `${(b.count / max) * 9 + 0.25}rem` }} />
            <span className="text-sm text-zinc-500 tabular-nums">
              {Math.round(b.from * 10) / 10}–{Math.round(b.to * 10) / 10}
            </span>
          </div>
        ))}
      </div>
    );
  }
  // Typed answers: at the reveal the most common ones.
  const d = dist?.type === "text" ? dist : null;
  if (!d) return <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">{t("typeOnPhones")}</p>;
  return (
    <ul className="grid gap-3" data-testid="host-options">
      {d.top.map((g) => (
        <li key={g.text} className={clsx("flex items-center gap-4 rounded-2xl p-4 text-2xl font-bold", g.correct ? "bg-emerald-600 text-white" : "bg-zinc-100 dark:bg-zinc-800")}>
          <span className="flex-1">{g.text}</span>
          <span className="tabular-nums">{g.count}</span>
        </li>
      ))}
    </ul>
  );
}

function QuestionView({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const q = view.question;
  if (!q) return null;
  const paused = view.timing?.paused ?? false;
  return (
    <div className="space-y-6" data-testid="host-question" data-index={q.index}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("questionOf", { n: q.index + 1, total: view.questionCount })}</p>
        <p className="rounded-full bg-brand-50 px-4 py-1.5 text-xl font-bold text-brand-800 tabular-nums dark:bg-brand-950 dark:text-brand-200" data-testid="answered-count">
          {t("answeredCount", { answered: view.answeredCount, expected: view.expectedCount })}
        </p>
        <button type="button" className={buttonClass("secondary", "md")} onClick={() => send(paused ? "host:resume" : "host:pause")} data-testid="pause">
          {paused ? <Play className="size-4" aria-hidden /> : <Pause className="size-4" aria-hidden />}
          {paused ? t("resume") : t("pause")}
        </button>
        <button type="button" className={buttonClass("secondary", "md")} onClick={() => send("host:skip")} data-testid="skip">
          <SkipForward className="size-4" aria-hidden />
          {t("skip")}
        </button>
      </div>
      <h2 className="text-center text-4xl leading-tight font-extrabold text-balance lg:text-5xl" data-testid="host-prompt">
        {q.prompt}
      </h2>
      {q.imageUrl && <QuestionImage key={q.index} src={q.imageUrl} alt={q.imageAlt} box={SCREEN_BOX} />}
      <TimeBar view={view} />
      {paused && <p className="text-center text-2xl font-bold text-amber-600">{t("paused")}</p>}
      {view.stage === "reading" ? <p className="text-center text-2xl font-semibold text-zinc-500">{t("getReady")}</p> : <Options q={q} />}
    </div>
  );
}

function RevealView({ view, reveal, send }: { view: HostView; reveal: RevealSummary; send: Send }) {
  const t = useTranslations("live");
  const q = view.question;
  if (!q) return null;
  return (
    <div className="space-y-6" data-testid="host-reveal">
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("questionOf", { n: q.index + 1, total: view.questionCount })}</p>
        <p className="text-lg font-semibold tabular-nums">
          {t("revealCounts", { right: reveal.correct, wrong: reveal.wrong + reveal.partial, none: reveal.noAnswer })}
        </p>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
          {t("next")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <h2 className="text-center text-3xl font-extrabold text-balance lg:text-4xl">{q.prompt}</h2>
      <p className="rounded-2xl bg-emerald-50 p-5 text-center text-2xl font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" data-testid="host-reveal-answer">
        {keyText(reveal.key, q, { yes: t("true"), no: t("false") })}
      </p>
      <Options q={q} reveal={reveal} />
      {reveal.explanation && (
        <p className="rounded-2xl bg-zinc-100 p-5 text-xl leading-relaxed dark:bg-zinc-800" data-testid="host-why">
          {reveal.explanation}
        </p>
      )}
    </div>
  );
}

function RankChange({ change }: { change: number | null }) {
  const t = useTranslations("live");
  if (change === null || change === 0) return <Minus className="size-5 text-zinc-400" aria-label={t("rankSame")} />;
  return change > 0 ? (
    <span className="inline-flex items-center text-emerald-600" aria-label={t("rankUp", { count: change })}>
      <ChevronUp className="size-6" aria-hidden />
      {change}
    </span>
  ) : (
    <span className="inline-flex items-center text-rose-600" aria-label={t("rankDown", { count: -change })}>
      <ChevronDown className="size-6" aria-hidden />
      {-change}
    </span>
  );
}

function Scoreboard({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const last = view.questionIndex + 1 >= view.questionCount;
  return (
    <div className="mx-auto max-w-4xl space-y-6 2xl:max-w-6xl" data-testid="host-scoreboard">
      <div className="flex items-center gap-3">
        <h2 className="flex-1 text-4xl font-extrabold">{t("scoreboard")}</h2>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
          {last ? t("toPodium") : t("nextQuestion")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <ol className="space-y-3">
        {(view.scoreboard ?? []).map((p) => (
          <li key={p.playerId} className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white px-6 py-4 text-2xl font-bold lg:py-6 lg:text-3xl 2xl:text-4xl dark:border-zinc-800 dark:bg-zinc-900">
            <span className="w-10 font-mono text-brand-600 dark:text-brand-400">{p.rank}</span>
            <span className="flex-1 truncate">{p.nickname}</span>
            <RankChange change={p.rankChange} />
            <span className="w-40 text-right tabular-nums">{format.number(p.score)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

const PODIUM_STYLE = [
  { height: "h-56 lg:h-[40vh]", tone: "bg-amber-400 text-amber-950", order: "order-2" },
  { height: "h-40 lg:h-[29vh]", tone: "bg-zinc-300 text-zinc-900", order: "order-1" },
  { height: "h-28 lg:h-[20vh]", tone: "bg-orange-300 text-orange-950", order: "order-3" },
];

function PodiumBlocks({ view }: { view: HostView }) {
  const format = useFormatter();
  return (
    <ol className="mx-auto flex max-w-4xl items-end justify-center gap-4 2xl:max-w-6xl" data-testid="host-podium">
      {(view.podium ?? []).map((p, i) => {
        const style = PODIUM_STYLE[i] ?? PODIUM_STYLE[2]!;
        return (
          <li key={p.rank} className={clsx("flex w-1/3 flex-col items-center gap-2", style.order)}>
            {i === 0 && <Trophy className="size-16 text-amber-500 lg:size-24" aria-hidden />}
            <span className="max-w-full truncate text-2xl font-extrabold lg:text-4xl 2xl:text-5xl">{p.nickname}</span>
            <span className="text-xl font-semibold tabular-nums lg:text-3xl">{format.number(p.score)}</span>
            <span className={clsx("flex w-full items-start justify-center rounded-t-2xl pt-4 text-5xl font-black lg:text-7xl", style.height, style.tone)}>{p.rank}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Podium({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  return (
    <div className="space-y-8">
      <div className="flex items-center gap-3">
        <h2 className="flex flex-1 items-center gap-3 text-4xl font-extrabold">
          <Trophy className="size-9 text-amber-500" aria-hidden />
          {t("podium")}
        </h2>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:finish")} data-testid="finish">
          {t("showReport")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <PodiumBlocks view={view} />
    </div>
  );
}

function seconds(ms: number | null) {
  return ms === null ? "–" : (ms / 1000).toFixed(1);
}

function Finished({ view, gameId }: { view: HostView; gameId: string }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const r = view.report;
  return (
    <div className="space-y-8" data-testid="host-report">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="flex-1 text-3xl font-extrabold">{view.phase === "cancelled" ? t("ended") : t("report")}</h2>
        {r && (
          <a href={`/games/${gameId}/report`} className={buttonClass("primary", "md")} data-testid="open-report">
            <BarChart3 className="size-4" aria-hidden />
            {t("report")}
          </a>
        )}
        {r && (
          <a href={`/host/${gameId}/report`} className={buttonClass("secondary", "md")} data-testid="download-csv" download>
            <Download className="size-4" aria-hidden />
            {t("downloadCsv")}
          </a>
        )}
      </div>
      {view.podium && view.podium.length > 0 && <PodiumBlocks view={view} />}
      {r && (
        <div className="grid gap-6 xl:grid-cols-2">
          <section className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <h3 className="mb-3 text-xl font-bold">{t("perQuestion")}</h3>
            <table className="w-full text-left text-sm">
              <thead className="text-zinc-500">
                <tr>
                  <th className="py-2 pr-2">#</th>
                  <th className="py-2 pr-2">{t("question")}</th>
                  <th className="py-2 pr-2 text-right">{t("correctPercent")}</th>
                  <th className="py-2 text-right">{t("avgTime")}</th>
                </tr>
              </thead>
              <tbody>
                {r.questions.map((q) => (
                  <tr key={q.index} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-2 pr-2 font-mono">{q.index + 1}</td>
                    <td className="py-2 pr-2">{q.prompt}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{q.correctPercent}%</td>
                    <td className="py-2 text-right tabular-nums">{seconds(q.averageTimeMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <h3 className="mb-3 text-xl font-bold">{t("perPlayer")}</h3>
            <table className="w-full text-left text-sm" data-testid="report-players">
              <thead className="text-zinc-500">
                <tr>
                  <th className="py-2 pr-2">#</th>
                  <th className="py-2 pr-2">{t("nickname")}</th>
                  <th className="py-2 pr-2 text-right">{t("score")}</th>
                  <th className="py-2 pr-2 text-right">{t("correctCount")}</th>
                  <th className="py-2 pr-2 text-right">{t("avgTime")}</th>
                  <th className="py-2 text-right">{t("flagged")}</th>
                </tr>
              </thead>
              <tbody>
                {r.players.map((p) => (
                  <tr key={p.playerId} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-2 pr-2 font-mono">{p.rank}</td>
                    <td className="py-2 pr-2 font-semibold">{p.nickname}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">{format.number(p.score)}</td>
                    <td className="py-2 pr-2 text-right tabular-nums">
                      {p.correct}/{r.questionsPlayed}
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums">{seconds(p.averageTimeMs)}</td>
                    <td className="py-2 text-right tabular-nums">{p.suspiciousAnswers || ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {r.suspicious.length > 0 && <p className="mt-3 text-xs text-zinc-500">{t("flaggedNote")}</p>}
          </section>
        </div>
      )}
    </div>
  );
}
