"use client";

import Check from "lucide-react/icons/check";
import Flag from "lucide-react/icons/flag";
import Lightbulb from "lucide-react/icons/lightbulb";
import Timer from "lucide-react/icons/timer";
import Zap from "lucide-react/icons/zap";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { clsx } from "clsx";
import { ReadAloud } from "@/components/answer/read-aloud";
import { CountdownBar } from "@/components/answer/countdown-bar";
import { AnswerInput, preloadAnswerInputs, useAnswerInputReady } from "@/components/answer/answer-input";
import { CARD_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { NativeClip } from "@/components/answer/native-clip";
import { isComplete, isOneTap } from "@/components/answer/rules";
import { BrandMark } from "@/components/live/brand-mark";
import { buttonClass } from "@/components/ui/button";
import { Rich, RichProvider } from "@/components/ui/rich";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { AttemptView } from "@/core/play/attempt";
import { useSoloAttempt } from "./use-solo-attempt";

/*
 * What the first screen does not need loads once someone starts playing (their first key, tap or
 * click), or when the first question's time is nearly up: the feedback panel (needed after an
 * answer, which waits for the server anyway) and the order and number inputs. A phone opens the
 * play screen sooner (the /play budget in scripts/check-bundles.mjs), and by the time an answer is
 * graded the panel is there; if not, its place takes focus until it arrives.
 */
const loadFeedback = () => import("./feedback-panel");
const FeedbackPanel = lazy(() => loadFeedback().then((m) => ({ default: m.FeedbackPanel })));
let preloaded = false;
function preloadLater() {
  if (preloaded) return;
  preloaded = true;
  void loadFeedback();
  preloadAnswerInputs();
}

/**
 * Solo play. It takes the whole window (data-immersive: the site's header, search and tab bar
 * step aside, as in live games; the brand mark leads home), so a question with four options and
 * its Submit fit on one phone screen. Focus follows the game: the question's heading when a
 * question opens, the feedback once answered, never <body>.
 */
export function PlayScreen({ initial }: { initial: AttemptView }) {
  const t = useTranslations("play");
  const s = useSoloAttempt(initial);
  const { view, phase, left } = s;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const q = view.question;
  const shown = phase.kind === "feedback" ? phase.question : q;
  const inputReady = useAnswerInputReady(shown?.type);
  // The first question comes with the page's HTML: its controls wait for the page's code (useHydrated).
  const hydrated = useHydrated();

  // A new question: focus its heading (screen readers read the prompt; Tab reaches the answers).
  const questionKey = phase.kind === "question" && !s.syncing ? (q?.id ?? null) : null;
  useEffect(() => {
    if (questionKey) headingRef.current?.focus({ preventScroll: true });
  }, [questionKey]);
  // An answer graded: focus the feedback (the input that had focus is gone). A ref callback, as the
  // panel may mount later than the phase changes (while its code loads, its placeholder has focus).
  const feedbackRef = useCallback((el: HTMLDivElement | null) => el?.focus(), []);
  useEffect(() => {
    const events = ["keydown", "pointerdown", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, preloadLater, { once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, preloadLater);
    };
  }, []);
  const nearlyUp = left !== null && left <= 5000;
  useEffect(() => {
    if (nearlyUp) preloadLater();
  }, [nearlyUp]);

  // Enter continues after the feedback (answering has its own Enter handling per control).
  const { next, pending } = s;
  useEffect(() => {
    if (phase.kind !== "feedback") return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Enter" && !pending) {
        e.preventDefault();
        next();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [phase.kind, next, pending]);

  if (!shown) return null;
  const limitMs = shown.timeLimit * 1000;
  const seconds = left === null ? shown.timeLimit : Math.ceil(left / 1000);
  const lowTime = left !== null && left <= 5000;
  const oneTap = isOneTap(shown.type);
  const slide = shown.type === "slide";
  // Not isGraded from core/question: that module would join this page's budgeted bundle.
  const graded = shown.type !== "poll" && shown.type !== "wordcloud" && shown.type !== "open" && !slide;
  const busy = s.pending || s.syncing || !hydrated;

  return (
    <RichProvider html={[view.rich, s.hint?.rich, phase.kind === "feedback" ? phase.feedback.rich : undefined, s.notice?.rich]}>
    <div
      className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-3 px-3 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:gap-5 sm:px-4 sm:pt-6"
      lang={view.quiz.language}
      data-immersive
      data-testid="play-screen"
    >
      <div className="flex items-center gap-3" lang="">
        <BrandMark />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-zinc-600 dark:text-zinc-400" lang={view.quiz.language}>
            {view.quiz.title}
          </p>
          <p className="text-sm font-medium whitespace-nowrap" data-testid="progress">
            {t("progress", { n: Math.min(shown.position + 1, view.total), total: view.total })}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3 text-sm font-semibold">
          <span className="tabular-nums" data-testid="score">
            {t("score", { score: phase.kind === "feedback" ? phase.feedback.score : view.score })}
          </span>
          <span className="inline-flex items-center gap-1 text-amber-700 tabular-nums dark:text-amber-400" title={t("streak")}>
            <Zap className="size-4 fill-current" aria-hidden />
            <span className="sr-only">{t("streak")}</span>
            {phase.kind === "feedback" ? phase.feedback.streak : view.streak}
          </span>
          {/* On a phone the flag alone (its name stays for screen readers), so the title keeps its room. */}
          <button type="button" onClick={s.end} className={buttonClass("ghost", "sm", "px-2")} disabled={busy} title={t("end")}>
            <Flag className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("end")}</span>
          </button>
        </div>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
        <div className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400" style={{ width: `${(view.position / view.total) * 100}%` }} />
      </div>

      {s.notice && phase.kind === "question" && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" lang="">
          {t("expiredNotice")}
        </p>
      )}

      <section
        className="rounded-3xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-7 dark:border-zinc-800 dark:bg-zinc-900"
        aria-labelledby="prompt"
        aria-busy={s.syncing || undefined}
      >
        {/* min-h-8: the read-aloud button, which comes after the page has shown, moves nothing. */}
        <div className="mb-3 flex min-h-8 items-center justify-between gap-3" lang="">
          <span className="rounded-xl bg-zinc-100 px-2.5 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="question-meta">
            {t(`kinds.${shown.type}`)}
            {graded && ` · ${t("points", { points: shown.points })}`}
            {!slide && ` · ${t("timeLimit", { seconds: shown.timeLimit })}`}
          </span>
          {phase.kind === "question" && <ReadAloud prompt={shown.prompt} data={shown.data} lang={view.quiz.language} className="ml-auto" />}
          {phase.kind === "question" && !slide && (
            <span
              className={clsx("inline-flex items-center gap-1 font-mono text-lg font-bold tabular-nums", lowTime && "text-rose-600 dark:text-rose-400")}
              aria-hidden
              data-testid="timer"
            >
              <Timer className="size-5" />
              {seconds}
            </span>
          )}
        </div>
        {phase.kind === "question" && !slide && (
          <CountdownBar source={s.countdown} totalMs={limitMs} className="mb-4 h-2 bg-zinc-100 dark:bg-zinc-800" fillClassName={lowTime ? "bg-rose-500" : "bg-brand-500"} />
        )}
        <h1 ref={headingRef} id="prompt" tabIndex={-1} className="text-lg leading-snug font-bold text-balance focus-visible:outline-none sm:text-2xl">
          <Rich text={shown.prompt} />
        </h1>
        {shown.imageUrl && <QuestionImage key={shown.id} src={shown.imageUrl} alt={shown.imageAlt} box={CARD_BOX} className="mt-3 sm:mt-5" />}
        {shown.audioUrl && (
          <div className="mt-3">
            <NativeClip key={shown.id} src={shown.audioUrl} label={t("audioPlay")} failed={t("audioFailed")} />
          </div>
        )}

        {phase.kind === "question" && (
          <div className="mt-4 sm:mt-6">
            <AnswerInput
              key={shown.id}
              question={shown}
              value={s.answer}
              onChange={s.setAnswer}
              // Enter with nothing picked does nothing (a second Enter after "Next question" must not skip a question).
              onSubmit={() => isComplete(shown.type, s.answer) && s.submit(s.answer)}
              hint={s.hint}
              disabled={busy}
              autoFocus={false}
              oneTap={oneTap ? { onAnswer: (a) => s.submit(a), busy: s.sending, busyLabel: t("lockingIn") } : undefined}
            />
          </div>
        )}

        {/*
          The feedback is announced once, by the focus move to it, and is kept OUT of the live
          region. Focus has to move anyway (the control that had it is gone, and the next Tab
          must reach "Next question"), and NVDA and VoiceOver read a focused element's text at
          once; the same text in a live region would be read a second time (NVDA queues it after
          the focus speech, VoiceOver sometimes cuts in with it). So the one live region, there
          from the start, carries only what happens without a focus move: the ten-second warning
          (never every second).
        */}
        {phase.kind === "feedback" && (
          <div className="mt-4">
            <Suspense fallback={<div ref={feedbackRef} tabIndex={-1} className="min-h-24 focus-visible:outline-none" aria-busy="true" />}>
              <FeedbackPanel key={phase.question.id} ref={feedbackRef} phase={phase} />
            </Suspense>
          </div>
        )}
        <div role="status" aria-live="polite" data-testid="play-announcer">
          <span className="sr-only">{phase.kind === "question" && left !== null && left > 0 && seconds === 10 ? t("tenSeconds") : ""}</span>
        </div>

        {s.hint && phase.kind === "question" && (
          <p className="mt-4 flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="hint">
            <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {s.hint.text && <Rich text={s.hint.text} />}
              {s.hint.firstLetter && (
                <span lang="">
                  {s.hint.text ? " " : ""}
                  {t("firstLetter", { letter: s.hint.firstLetter })}
                </span>
              )}
              {!s.hint.text && !s.hint.firstLetter && <span lang="">{t("hintOptionsRemoved")}</span>}
            </span>
          </p>
        )}

        {s.error && (
          <p role="alert" className="mt-4 text-sm font-medium text-rose-700 dark:text-rose-400" lang="">
            {s.error}
          </p>
        )}

        <div className="mt-4 flex items-center justify-between gap-3 sm:mt-6" lang="">
          {phase.kind === "question" && slide ? (
            <button type="button" onClick={() => s.submit(null)} disabled={busy} className={buttonClass("primary", "lg", "ml-auto min-w-40")} data-testid="slide-continue">
              {t("slideContinue")}
            </button>
          ) : phase.kind === "question" ? (
            <>
              <button
                type="button"
                onClick={s.takeHint}
                disabled={busy || s.hint !== null || !shown.hasHint}
                className={buttonClass("secondary", "md")}
                title={t("hintCost")}
              >
                <Lightbulb className="size-4" aria-hidden />
                {s.hint ? t("hintTaken") : t("hint")}
              </button>
              {!oneTap && (
                <button
                  type="button"
                  onClick={() => s.submit(s.answer)}
                  disabled={busy || !inputReady || !isComplete(shown.type, s.answer)}
                  className={buttonClass("primary", "lg", "min-w-32 flex-1 px-4 sm:min-w-40 sm:flex-none")}
                  data-testid="submit"
                >
                  <Check className="hidden size-5 sm:block" aria-hidden />
                  {t("submit")}
                </button>
              )}
            </>
          ) : (
            <button type="button" onClick={next} disabled={pending} className={buttonClass("primary", "lg", "ml-auto min-w-40")} data-testid="continue">
              {view.status === "in_progress" ? t("next") : t("seeResults")}
            </button>
          )}
        </div>
      </section>
      <p className="hidden text-center text-xs text-zinc-500 sm:block dark:text-zinc-400" lang="">
        {t("keys")}
      </p>
    </div>
    </RichProvider>
  );
}
