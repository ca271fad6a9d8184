"use client";

import CheckCircle2 from "lucide-react/icons/circle-check";
import Flame from "lucide-react/icons/flame";
import Share2 from "lucide-react/icons/share-2";
import Trophy from "lucide-react/icons/trophy";
import XCircle from "lucide-react/icons/circle-x";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { copyText } from "@/components/browser/copy-text";
import { buttonClass } from "@/components/ui/button";
import type { PlayerView } from "@/core/live/protocol";
import { answerText, keyText } from "./reveal-text";
import { Rich } from "@/components/ui/rich";

export function RevealPanel({ view }: { view: PlayerView }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const r = view.result;
  const words = { yes: t("true"), no: t("false") };
  if (!r) {
    return <p className="py-8 text-center text-lg font-semibold">{t("nextOne")}</p>;
  }
  const kind = r.key.type;
  // The messages' select key for an open answer ("open" would read as a word in other messages' checks).
  const said = kind === "open" ? "openAnswer" : kind;
  if (kind === "poll" || kind === "slide" || kind === "wordcloud" || kind === "open") {
    // A poll or a word cloud: no verdict, no points; the votes or words are on the big screen.
    return (
      <div className="space-y-4" data-testid="player-result" data-poll>
        <div className="rounded-3xl bg-brand-700 p-6 text-center text-white">
          <p className="text-3xl font-black">{r.answered ? t("pollThanks", { kind: said }) : t("noAnswer")}</p>
          {r.answered && view.yourAnswer !== null && <p className="mt-2 text-lg font-semibold break-words whitespace-pre-line" data-testid="player-own-answer">{answerText(view.yourAnswer, view.question, words)}</p>}
          <p className="mt-2 text-sm">{t("pollOnScreen", { kind: said })}</p>
        </div>
      </div>
    );
  }
  const tone = r.correct ? "bg-emerald-600" : r.partial ? "bg-amber-500" : "bg-rose-600";
  return (
    <div className="space-y-4" data-testid="player-result" data-correct={String(r.correct)}>
      <div className={clsx("rounded-3xl p-6 text-center text-white", tone)}>
        {r.correct ? <CheckCircle2 className="mx-auto size-12" aria-hidden /> : <XCircle className="mx-auto size-12" aria-hidden />}
        <p className="mt-2 text-3xl font-black">{r.correct ? t("right") : !r.answered ? t("noAnswer") : r.partial ? t("partly") : t("wrong")}</p>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="player-points">
          +{format.number(r.points)}
        </p>
        {r.streak > 1 && (
          <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-white/20 px-3 py-1 font-semibold">
            <Flame className="size-4" aria-hidden />
            {t("streak", { count: r.streak })}
          </p>
        )}
      </div>
      <p className="text-center text-lg font-semibold" data-testid="player-rank">
        {t("rankOf", { rank: view.me.rank, count: view.me.playerCount })}
      </p>
      <div className="rounded-2xl bg-zinc-100 p-4 dark:bg-zinc-800">
        <p className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">{t("revealAnswer")}</p>
        <p className="mt-1 text-lg font-bold">
          <Rich text={keyText(r.key, view.question, words)} />
        </p>
        {r.feedback?.map((text, i) => (
          <p key={i} className="mt-3 text-sm font-medium" data-testid="answer-feedback">
            <Rich text={text} />
          </p>
        ))}
        {r.explanation && (
          <p className="mt-3 text-sm leading-relaxed">
            <Rich text={r.explanation} />
          </p>
        )}
      </div>
    </div>
  );
}

export function FinalPanel({ view }: { view: PlayerView }) {
  const t = useTranslations("live");
  const format = useFormatter();
  const [shared, setShared] = useState<"idle" | "copied" | "manual">("idle");
  const manual = useRef<HTMLTextAreaElement>(null);
  const me = view.me;
  const text = t("shareText", { rank: me.rank, count: me.playerCount, score: me.score, title: view.quizTitle });
  useEffect(() => {
    if (shared === "manual") manual.current?.select();
  }, [shared]);
  const share = async () => {
    // The share sheet where the phone has one (it needs HTTPS); else the clipboard, else the text
    // selected for copying by hand.
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: view.quizTitle, text, url: window.location.origin });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") return; // the sheet was dismissed
      }
    }
    setShared(await copyText(`${text} ${window.location.origin}`));
  };
  return (
    <div className="py-4 text-center" data-testid="player-final" data-rank={me.rank}>
      <Trophy className={clsx("mx-auto size-16", me.rank <= 3 ? "text-amber-500" : "text-zinc-400")} aria-hidden />
      <p className="mt-3 text-lg text-zinc-600 dark:text-zinc-400">{t("finalRank")}</p>
      <p className="text-6xl font-black tabular-nums">{me.rank}</p>
      <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("ofPlayers", { count: me.playerCount })}</p>
      <p className="mt-4 text-2xl font-bold tabular-nums" data-testid="player-final-score">
        {t("finalScore", { score: me.score })}
      </p>
      {view.podium && (
        <ol className="mx-auto mt-6 max-w-xs space-y-2 text-left">
          {view.podium.map((p) => (
            <li key={p.rank} className="flex items-center gap-3 rounded-xl bg-zinc-100 px-4 py-2 font-semibold dark:bg-zinc-800">
              <span className="font-mono text-brand-600 dark:text-brand-400">{p.rank}</span>
              <span className="flex-1 truncate">{p.nickname}</span>
              <span className="tabular-nums">{format.number(p.score)}</span>
            </li>
          ))}
        </ol>
      )}
      <button type="button" onClick={() => void share()} className={buttonClass("primary", "lg", "mt-6")} data-testid="share-result">
        <Share2 className="size-5" aria-hidden />
        {shared === "copied" ? t("copied") : t("share")}
      </button>
      {shared === "manual" && (
        <label className="mx-auto mt-4 block max-w-sm text-left text-sm font-semibold">
          {t("shareManual")}
          <textarea
            ref={manual}
            readOnly
            rows={3}
            value={`${text} ${window.location.origin}`}
            className="mt-1 w-full rounded-xl border border-zinc-300 bg-white p-2 font-normal dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="share-manual"
          />
        </label>
      )}
      <span role="status" className="sr-only">
        {shared === "copied" ? t("copied") : ""}
      </span>
    </div>
  );
}

