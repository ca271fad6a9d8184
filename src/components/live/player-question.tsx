"use client";

import Loader2 from "lucide-react/icons/loader-circle";
import Lock from "lucide-react/icons/lock";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useMemo } from "react";
import { clsx } from "clsx";
import { PHONE_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { NativeClip } from "@/components/answer/native-clip";
import { ReadAloud } from "@/components/answer/read-aloud";
import { isComplete, isOneTap } from "@/components/answer/rules";
import { SlideText } from "@/components/answer/slide-text";
import { useCountdown } from "@/components/answer/use-countdown";
import { buttonClass } from "@/components/ui/button";
import type { Answer } from "@/core/grading";
import type { PlayerView, PublicQuestion } from "@/core/live/protocol";
import type { PlayQuestion } from "@/core/play/attempt";
import { answerText } from "./reveal-text";
import type { Pending } from "./use-player-game";
import { Rich } from "@/components/ui/rich";
import { ownTiming } from "@/core/extra-time";

/**
 * The answer inputs (shared with solo play, ~6 kB gz) load with the first question,
 * not with the game screen: a phone waiting in the lobby has no use for them. Loading starts when
 * such a question is shown for reading, so they are there when answering opens.
 */
const loadAnswerInput = () =>
  import("@/components/answer/answer-input").then((m) => {
    // The order and number inputs are lazy within that module: fetch them now too, so a question
    // of either kind is ready when answering opens.
    m.preloadAnswerInputs();
    return { default: m.AnswerInput };
  });
const AnswerInput = lazy(loadAnswerInput);

function asPlayQuestion(q: PublicQuestion): PlayQuestion {
  return { id: String(q.index), position: q.index, type: q.data.type, prompt: q.prompt, points: q.points, timeLimit: q.timeLimitSeconds, imageUrl: q.imageUrl, imageAlt: q.imageAlt, hasHint: false, data: q.data };
}

/** Where the question is when the host shows it on the big screen only (settings.questionOnPhones off). */
function OnScreenNotice({ pick }: { pick: boolean }) {
  const t = useTranslations("live");
  return (
    <div className="mb-4 rounded-2xl bg-zinc-100 p-4 dark:bg-zinc-800" data-testid="player-on-screen">
      <h1 className="text-lg leading-snug font-bold">{t("onScreen")}</h1>
      {pick && <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("onScreenPick")}</p>}
    </div>
  );
}

export function QuestionPanel({
  language,
  view,
  question,
  value,
  onChange,
  onSubmit,
  sending,
}: {
  language: string;
  view: PlayerView;
  question: PublicQuestion;
  value: Answer | null;
  onChange: (a: Answer | null) => void;
  onSubmit: (tapped?: Answer) => void;
  sending: Pending | null;
}) {
  const t = useTranslations("live");
  // A player with extra time counts down its own, longer clock (docs/rules.md §4).
  const extra = view.me.extraTime;
  const timing = useMemo(() => (view.timing && extra ? ownTiming(view.timing, view.stage, extra) : view.timing), [view.timing, view.stage, extra]);
  const left = useCountdown(timing);
  const words = { yes: t("true"), no: t("false") };
  const header = (
    <div className="mb-3 flex min-h-8 items-center justify-between text-sm font-semibold text-zinc-600 dark:text-zinc-400">
      <span>{t("questionOf", { n: question.index + 1, total: view.questionCount })}</span>
      {!question.onScreenOnly && question.data.type !== "slide" && <ReadAloud prompt={question.prompt} data={question.data} lang={language} className="mr-2 ml-auto" />}
      {left !== null && (
        <span className={clsx("font-mono text-2xl font-black tabular-nums", view.stage === "answering" && left < 5000 ? "text-rose-600 dark:text-rose-400" : "text-zinc-900 dark:text-zinc-100")} data-testid="player-countdown">
          {Math.ceil(left / 1000)}
        </span>
      )}
    </div>
  );
  if (question.data.type === "slide") {
    // A slide: its content on every phone, nothing to answer; the host moves on.
    return (
      <div data-testid="player-slide">
        {header}
        {question.onScreenOnly ? (
          <OnScreenNotice pick={false} />
        ) : (
          <h1 className="mb-4 text-xl leading-snug font-bold" data-testid="player-prompt">
            <Rich text={question.prompt} />
          </h1>
        )}
        {question.imageUrl && <QuestionImage key={question.index} src={question.imageUrl} alt={question.imageAlt} box={PHONE_BOX} className="mb-4" />}
        {question.data.text && <SlideText text={question.data.text} />}
        <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{t("slideWait")}</p>
      </div>
    );
  }
  if (!view.inThisQuestion) {
    return (
      <div>
        {header}
        <p className="py-8 text-center text-lg font-semibold" data-testid="player-next-one">
          {t("nextOne")}
        </p>
      </div>
    );
  }
  if (view.answered) {
    return (
      <div>
        {header}
        <div className="py-8 text-center" role="status" data-testid="locked-in">
          <Lock className="mx-auto size-12 text-brand-600 dark:text-brand-400" aria-hidden />
          <p className="mt-3 text-2xl font-extrabold">{t("lockedIn")}</p>
          {view.yourAnswer !== null && (
            <p className="mt-2 text-lg font-semibold" data-testid="locked-in-answer">
              {answerText(view.yourAnswer, question, words)}
            </p>
          )}
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("lockedInHelp")}</p>
        </div>
      </div>
    );
  }
  // Everyone else's time is up while players with extra time still answer: this one's too.
  const timeUp = view.stage === "answering" && view.timing?.overtime === true && (!extra || left === 0);
  if (timeUp) {
    return (
      <div>
        {header}
        <div className="py-8 text-center" role="status" data-testid="player-time-up">
          <p className="text-2xl font-extrabold">{t("timeUp")}</p>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("timeUpHelp")}</p>
        </div>
      </div>
    );
  }
  const open = view.stage === "answering" && !view.timing?.paused;
  const oneTap = isOneTap(question.data.type);
  // Start loading the answer inputs as soon as a question is on screen (it is read before answering).
  void loadAnswerInput();
  return (
    <div>
      {header}
      {question.onScreenOnly ? (
        <OnScreenNotice pick={view.stage === "answering" && "options" in question.data} />
      ) : (
        <>
          <h1 className="mb-4 text-xl leading-snug font-bold" data-testid="player-prompt" lang={language}>
            <Rich text={question.prompt} />
          </h1>
        </>
      )}
      {question.imageUrl && <QuestionImage key={question.index} src={question.imageUrl} alt={question.imageAlt} box={PHONE_BOX} className="mb-4" />}
      {question.audioUrl && (
        <div className="mb-4">
          <NativeClip key={question.index} src={question.audioUrl} label={t("audioPlay")} failed={t("audioFailed")} />
        </div>
      )}
      {view.stage === "reading" ? (
        <p className="py-6 text-center text-lg font-semibold text-zinc-600 dark:text-zinc-400">{t("getReady")}</p>
      ) : view.timing?.paused ? (
        <p className="py-6 text-center text-lg font-semibold text-amber-700 dark:text-amber-400">{t("paused")}</p>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          data-testid="answer-form"
        >
          <Suspense fallback={<Loader2 className="mx-auto size-6 animate-spin text-zinc-500" aria-hidden />}>
          <AnswerInput
            question={asPlayQuestion(question)}
            value={value}
            onChange={onChange}
            onSubmit={() => onSubmit()}
            hint={null}
            disabled={!open || sending !== null}
            look="solid"
            oneTap={oneTap ? { onAnswer: (a) => onSubmit(a), busy: sending?.answer ?? null, busyLabel: t("lockingIn") } : undefined}
          />
          </Suspense>
          {!oneTap && (
            <button type="submit" className={buttonClass("primary", "lg", "w-full min-h-14 text-lg")} disabled={!open || sending !== null || !isComplete(question.data.type, value)} data-testid="submit-answer">
              {sending ? <Loader2 className="size-5 animate-spin" aria-hidden /> : null}
              {sending ? t("lockingIn") : t("submit")}
            </button>
          )}
        </form>
      )}
    </div>
  );
}
