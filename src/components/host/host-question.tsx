"use client";

import ArrowRight from "lucide-react/icons/arrow-right";
import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import SkipForward from "lucide-react/icons/skip-forward";
import { useTranslations } from "next-intl";
import { SCREEN_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { AudioSlot } from "@/components/answer/audio-slot";
import { buttonClass } from "@/components/ui/button";
import { keyText } from "@/components/live/reveal-text";
import type { HostView, RevealSummary } from "@/core/live/protocol";
import { isGraded } from "@/core/question";
import { Options, TimeBar } from "./host-options";
import type { Send } from "./use-host-socket";
import { Rich } from "@/components/ui/rich";

export function QuestionView({ view, send }: { view: HostView; send: Send }) {
  const t = useTranslations("live");
  const q = view.question;
  if (!q) return null;
  const paused = view.timing?.paused ?? false;
  const slide = q.data.type === "slide";
  return (
    <div className="space-y-6" data-testid="host-question" data-index={q.index}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("questionOf", { n: q.index + 1, total: view.questionCount })}</p>
        {slide ? (
          // A slide has no answers and no clock: the host moves on when the room has read it.
          <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
            {t("next")}
            <ArrowRight className="size-5" aria-hidden />
          </button>
        ) : (
          <>
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
          </>
        )}
      </div>
      <h2 className="text-center text-4xl leading-tight font-extrabold text-balance lg:text-5xl" data-testid="host-prompt">
        <Rich text={q.prompt} />
      </h2>
      {q.imageUrl && <QuestionImage key={q.index} src={q.imageUrl} alt={q.imageAlt} box={SCREEN_BOX} />}
      {/* The big screen plays the clip for the room when the question shows (if the browser lets it). */}
      <AudioSlot src={q.audioUrl} autoPlay size="lg" labels={{ play: t("audioPlay"), pause: t("audioPause"), failed: t("audioFailed"), blocked: t("audioBlocked") }} />
      <TimeBar view={view} />
      {paused && <p className="text-center text-2xl font-bold text-amber-600">{t("paused")}</p>}
      {view.timing?.overtime && (
        <p className="text-center text-2xl font-bold text-zinc-700 dark:text-zinc-300" role="status" data-testid="waiting-extra-time">
          {t("waitingExtraTime")}
        </p>
      )}
      {view.stage === "reading" ? <p className="text-center text-2xl font-semibold text-zinc-500">{t("getReady")}</p> : <Options q={q} />}
    </div>
  );
}

export function RevealView({ view, reveal, send }: { view: HostView; reveal: RevealSummary; send: Send }) {
  const t = useTranslations("live");
  const q = view.question;
  if (!q) return null;
  // A poll has no right answer (and a slide nothing to count): no key, no right/wrong counts.
  const graded = isGraded(q.data.type);
  return (
    <div className="space-y-6" data-testid="host-reveal">
      <div className="flex flex-wrap items-center gap-3">
        <p className="flex-1 text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("questionOf", { n: q.index + 1, total: view.questionCount })}</p>
        <p className="text-lg font-semibold tabular-nums">
          {graded
            ? t("revealCounts", { right: reveal.correct, wrong: reveal.wrong + reveal.partial, none: reveal.noAnswer })
            : q.data.type === "wordcloud" || q.data.type === "open"
              ? t("answersCounts", { answered: reveal.answered, none: reveal.noAnswer })
              : t("votesCounts", { answered: reveal.answered, none: reveal.noAnswer })}
        </p>
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => send("host:next")} data-testid="next">
          {t("next")}
          <ArrowRight className="size-5" aria-hidden />
        </button>
      </div>
      <h2 className="text-center text-3xl font-extrabold text-balance lg:text-4xl">
        <Rich text={q.prompt} />
      </h2>
      {graded && (
        <p className="rounded-2xl bg-emerald-50 p-5 text-center text-2xl font-bold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" data-testid="host-reveal-answer">
          <Rich text={keyText(reveal.key, q, { yes: t("true"), no: t("false") })} />
        </p>
      )}
      <Options q={q} reveal={reveal} />
      {reveal.explanation && (
        <p className="rounded-2xl bg-zinc-100 p-5 text-xl leading-relaxed dark:bg-zinc-800" data-testid="host-why">
          <Rich text={reveal.explanation} />
        </p>
      )}
    </div>
  );
}
