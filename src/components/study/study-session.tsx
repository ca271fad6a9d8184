"use client";

import BookOpen from "lucide-react/icons/book-open";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Eye from "lucide-react/icons/eye";
import LogIn from "lucide-react/icons/log-in";
import PartyPopper from "lucide-react/icons/party-popper";
import XCircle from "lucide-react/icons/circle-x";
import { useTranslations } from "next-intl";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { ReadAloud } from "@/components/answer/read-aloud";
import { AnswerInput, useAnswerInputReady } from "@/components/answer/answer-input";
import { AnswerText } from "@/components/answer/answer-text";
import { contextOf } from "@/components/answer/describe-answer";
import { CARD_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { initialAnswer, isComplete } from "@/components/answer/rules";
import { buttonClass } from "@/components/ui/button";
import { Rich, RichProvider } from "@/components/ui/rich";
import { useErrorText } from "@/components/ui/error-text";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { Answer } from "@/core/grading";
import { freshGuestQueue } from "@/core/study/guest-queue";
import type { IntervalLabel } from "@/core/study/interval";
import { LEARN_AHEAD_MS } from "@/core/study/limits";
import { RATINGS, ratingOfNumber, type StudyRating } from "@/core/study/ratings";
import type { StudyCard, StudyReveal } from "@/core/study/session";
import { studyAnswerAction, studyRateAction } from "@/server/actions/study";
import type { GuestState } from "./guest-session";

type Phase =
  | { kind: "question"; shownAt: number }
  | { kind: "revealed"; reveal: StudyReveal; answer: Answer | null; timeMs: number; selected: StudyRating; reviewId: string };

/** A review id unique enough for one member (randomUUID is missing outside secure contexts). */
const newReviewId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * A guest's scheduler (ts-fsrs) and the cards their browser keeps (IndexedDB), for guests only (a
 * member's session is all on the server): once the page is up when their browser keeps their
 * study (its cookie says so), else when they first touch the card, so that a first visit's page
 * has nothing more to fetch and run while it settles (docs/benchmarks.md).
 */
const loadGuestSession = () => import("./guest-session");
/** `queue`: the session the browser kept when it was read (null: none), until the first rating. */
type Guest = { lib: Awaited<ReturnType<typeof loadGuestSession>>; state: GuestState; queue?: StudyCard[] | null };

/** A guest's first session before their browser has been read: what one who studied nothing gets. */
const freshQueue = (cards: StudyCard[]) => freshGuestQueue(cards).map((c) => ({ ...c.item, kind: c.kind }));

const RATING_STYLE: Record<StudyRating, string> = {
  again: "border-rose-300 text-rose-800 dark:border-rose-800 dark:text-rose-200",
  hard: "border-amber-300 text-amber-900 dark:border-amber-800 dark:text-amber-200",
  good: "border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-200",
  easy: "border-sky-300 text-sky-800 dark:border-sky-800 dark:text-sky-200",
};

export function StudySession({
  slug,
  title,
  language,
  cards: initialCards,
  signedIn,
  guestKept,
}: {
  slug: string;
  title: string;
  language: string;
  cards: StudyCard[];
  signedIn: boolean;
  /** A guest whose browser says it keeps their study (its cookie): their session waits for it. */
  guestKept: boolean;
}) {
  const t = useTranslations("study");
  const errorText = useErrorText();
  const tp = useTranslations("play");
  const router = useRouter();
  // A guest's cards live in this browser: a guest who studied nothing here starts on the server's
  // cards at once (the first card comes with the page); one whose browser keeps their study waits
  // for it to be read. Their scheduler loads meanwhile, and answers and ratings wait for it.
  const [queue, setQueue] = useState(() => (signedIn ? initialCards : freshQueue(initialCards)));
  const [ready, setReady] = useState(signedIn || !guestKept);
  const guest = useRef<Promise<Guest | null> | null>(null);
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: "question", shownAt: 0 });
  const [answer, setAnswer] = useState<Answer | null>(() => initialAnswer(queue[0]?.data));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tally, setTally] = useState<Record<StudyRating, number>>({ again: 0, hard: 0, good: 0, easy: 0 });
  const busy = useRef(false);
  const ratingsRef = useRef<HTMLFieldSetElement>(null);
  const card = queue[index];
  const inputReady = useAnswerInputReady(card?.type);
  // The first card comes with the page's HTML, before its code has run: until then its controls
  // are off, so nothing typed or picked there is lost (a key press, or a number typed before React
  // takes the box over, would otherwise vanish and leave Check off).
  const hydrated = useHydrated();

  // On a phone the rating buttons are below the answer: bring them into view once revealed.
  const revealed = phase.kind === "revealed";
  useEffect(() => {
    if (revealed) ratingsRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [revealed]);

  // A guest's scheduler and kept cards, read once: see loadGuestSession above for when.
  const guestSession = useCallback(() => {
    if (!signedIn && !guest.current) {
      const loaded: Promise<Guest | null> = loadGuestSession()
        .then(async (lib) => ({ lib, ...(await lib.loadGuestSession(initialCards)) }))
        .catch(() => {
          // The scheduler did not load (offline): the session goes on without it (its ratings not
          // kept), and the next answer tries again.
          if (guest.current === loaded) guest.current = null;
          return null;
        });
      guest.current = loaded;
    }
    return guest.current;
  }, [signedIn, initialCards]);

  const warmGuest = useCallback(() => void guestSession(), [guestSession]);

  // A guest whose browser keeps their study: read it now, and go on with their own cards. Any
  // other guest goes on with the fresh session on screen.
  useEffect(() => {
    if (signedIn || !guestKept) return;
    let cancelled = false;
    void guestSession()?.then((g) => {
      if (cancelled) return;
      const next = g?.queue ?? freshQueue(initialCards);
      setQueue(next);
      setAnswer(initialAnswer(next[0]?.data));
      setPhase({ kind: "question", shownAt: performance.now() });
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, guestKept, initialCards, guestSession]);

  // The answer clock starts when the card is on screen (after hydration), not at render on the server.
  useEffect(() => {
    setPhase({ kind: "question", shownAt: performance.now() });
  }, [index]);

  const run = useCallback((fn: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError(null);
    void fn().finally(() => {
      busy.current = false;
      setPending(false);
    });
  }, []);

  const submit = useCallback(
    (value: Answer | null) => {
      if (!card || phase.kind !== "question") return;
      const timeMs = Math.round(performance.now() - phase.shownAt);
      run(async () => {
        const [res, g] = await Promise.all([studyAnswerAction(slug, { questionId: card.id, answer: value, timeMs }), guestSession()]);
        if (!res.ok) return setError(errorText(res.code));
        let reveal = res.value;
        // The server knows nothing of a guest's card: the intervals come from the one kept here.
        if (g) reveal = { ...reveal, intervals: g.lib.guestIntervals(g.state, card.id) };
        setPhase({ kind: "revealed", reveal, answer: value, timeMs, selected: reveal.suggested, reviewId: newReviewId() });
      });
    },
    [card, phase, run, slug, errorText, guestSession],
  );

  const submitOrReveal = useCallback(() => {
    if (!card) return;
    if (!inputReady) return;
    submit(isComplete(card.type, answer) ? answer : null);
  }, [card, answer, submit, inputReady]);

  const rate = useCallback(
    (rating: StudyRating) => {
      if (!card || phase.kind !== "revealed") return;
      const { reviewId, timeMs } = phase;
      const durationMs = phase.answer === null ? null : timeMs;
      run(async () => {
        let due: Date;
        const g = await guestSession();
        if (g) {
          // Kept when the browser can; the session goes on either way.
          const reviewed = await g.lib.rateAsGuest(g.state, card.id, rating, reviewId, durationMs);
          guest.current = Promise.resolve({ lib: g.lib, state: reviewed.state });
          due = reviewed.due;
        } else {
          const res = await studyRateAction(slug, { questionId: card.id, rating, clientReviewId: reviewId, durationMs });
          if (!res.ok) return setError(errorText(res.code));
          due = new Date(res.value.due);
        }
        setTally((n) => ({ ...n, [rating]: n[rating] + 1 }));
        // A card due again within the learn-ahead limit comes back at the end of this session.
        const soon = due.getTime() - Date.now() <= LEARN_AHEAD_MS;
        const next = soon ? [...queue, { ...card, kind: "learning" as const }] : queue;
        setQueue(next);
        setAnswer(initialAnswer(next[index + 1]?.data));
        setIndex(index + 1);
      });
    },
    [card, phase, run, slug, queue, index, errorText, guestSession],
  );

  // Keyboard, as Anki: Space or Enter reveals (or submits the answer), 1–4 rate, Space or Enter
  // takes the selected (suggested) rating, arrows move the selection.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || busy.current) return;
      const target = e.target as HTMLElement;
      const typing = target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable;
      if (phase.kind === "question") {
        // Enter is the answer inputs' own (they submit); Space outside a field reveals or submits.
        if (e.key === " " && !typing && target.tagName !== "BUTTON") {
          e.preventDefault();
          submitOrReveal();
        }
        return;
      }
      if (typing) return;
      const n = ratingOfNumber(Number(e.key));
      if (n) {
        e.preventDefault();
        rate(n);
      } else if ((e.key === " " || e.key === "Enter") && target.tagName !== "BUTTON") {
        e.preventDefault();
        rate(phase.selected);
      } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        const i = RATINGS.indexOf(phase.selected) + (e.key === "ArrowLeft" ? -1 : 1);
        const selected = RATINGS[Math.min(3, Math.max(0, i))]!;
        setPhase({ ...phase, selected });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [phase, rate, submitOrReveal]);

  if (!ready) {
    return (
      <p className="mx-auto max-w-xl py-10 text-center text-zinc-600 dark:text-zinc-400" role="status" data-testid="study-loading">
        {t("loading")}
      </p>
    );
  }

  if (!card) {
    const total = RATINGS.reduce((n, r) => n + tally[r], 0);
    return (
      <div className="mx-auto max-w-xl py-10 text-center" data-testid="study-done">
        <PartyPopper className="mx-auto size-12 text-brand-600 dark:text-brand-400" aria-hidden />
        <h1 className="mt-4 text-2xl font-extrabold">{total === 0 ? t("nothingDue") : t("doneTitle")}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{total === 0 ? t("nothingDueText") : t("doneText", { count: total })}</p>
        {total > 0 && (
          <ul className="mt-6 grid grid-cols-4 gap-2" aria-label={t("tally")}>
            {RATINGS.map((r) => (
              <li key={r} className={clsx("rounded-2xl border-2 bg-white p-3 dark:bg-zinc-900", RATING_STYLE[r])}>
                <span className="block text-2xl font-extrabold tabular-nums">{tally[r]}</span>
                <span className="text-sm font-semibold">{t(`ratings.${r}`)}</span>
              </li>
            ))}
          </ul>
        )}
        {!signedIn && <GuestNotice slug={slug} />}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href={`/quiz/${slug}`} className={buttonClass("secondary", "lg")}>
            {t("backToQuiz")}
          </Link>
          {signedIn && (
            <Link href="/study" className={buttonClass("primary", "lg")}>
              {t("dashboard")}
            </Link>
          )}
          {signedIn && total > 0 && (
            <button type="button" className={buttonClass("secondary", "lg")} onClick={() => router.refresh()}>
              {t("checkAgain")}
            </button>
          )}
        </div>
      </div>
    );
  }

  const left = queue.length - index;
  const words = { yes: tp("true"), no: tp("false"), none: tp("noAnswer") };
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <div className="flex items-center justify-between gap-3 text-sm" lang="">
        <Link href={`/quiz/${slug}`} className="min-w-0 truncate font-semibold hover:underline" lang={language}>
          {title}
        </Link>
        <span className="shrink-0 rounded-full bg-zinc-100 px-3 py-1 font-semibold tabular-nums dark:bg-zinc-800" data-testid="study-left">
          {t("left", { count: left })}
        </span>
      </div>
      {!signedIn && index === 0 && phase.kind === "question" && <GuestNotice slug={slug} compact />}
      {/* The card's formatted texts (front, then its back once revealed), rendered by the server. */}
      <RichProvider html={[card.rich, phase.kind === "revealed" ? phase.reveal.rich : undefined]}>
      <section
        className="rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900"
        aria-labelledby="prompt"
        lang={language}
        data-testid="study-card"
        data-kind={card.kind}
        // A guest reaching for the card: their scheduler starts loading before the answer is in.
        onPointerDown={warmGuest}
        onFocus={warmGuest}
      >
        <div className="mb-3 flex min-h-8 items-center gap-3">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400" lang="">
            {t(`kinds.${card.kind}`)} · {tp(`kinds.${card.type}`)}
          </p>
          {phase.kind !== "revealed" && <ReadAloud prompt={card.prompt} data={card.data} lang={language} className="ml-auto" />}
        </div>
        <h1 id="prompt" className="text-xl leading-snug font-bold text-balance sm:text-2xl">
          <Rich text={card.prompt} />
        </h1>
        {card.imageUrl && <QuestionImage key={card.id} src={card.imageUrl} alt={card.imageAlt} box={CARD_BOX} className="mt-4" />}
        <div className="mt-6">
          <AnswerInput
            key={`${card.id}:${index}`}
            question={card}
            value={phase.kind === "revealed" ? phase.answer : answer}
            onChange={setAnswer}
            onSubmit={submitOrReveal}
            hint={null}
            disabled={!hydrated || pending || phase.kind === "revealed"}
          />
        </div>

        {phase.kind === "revealed" && (
          <div className="mt-6 border-t border-zinc-200 pt-5 dark:border-zinc-800" aria-live="polite" data-testid="study-reveal" data-correct={phase.reveal.correct}>
            {phase.reveal.answered && card.data.type !== "open" && (
              <p
                className={clsx(
                  "flex items-center gap-2 text-lg font-extrabold",
                  phase.reveal.correct ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400",
                )}
                lang=""
              >
                {phase.reveal.correct ? <CheckCircle2 className="size-6" aria-hidden /> : <XCircle className="size-6" aria-hidden />}
                {phase.reveal.correct ? tp("right") : tp("wrong")}
              </p>
            )}
            <p className="mt-2">
              <span className="font-semibold" lang="">
                {card.data.type === "open" ? tp("modelLabel") : tp("correctLabel")}{" "}
              </span>
              <span data-testid="correct-answer" className="whitespace-pre-line">
                <AnswerText ctx={contextOf(card.data)} answer={phase.reveal.correctAnswer} words={words} />
              </span>
            </p>
            {phase.reveal.feedback?.map((text, i) => (
              <p key={i} className="mt-3 text-sm font-medium" data-testid="answer-feedback">
                <Rich text={text} />
              </p>
            ))}
            {phase.reveal.explanation && (
              <p className="mt-4 flex gap-2 rounded-xl bg-zinc-100 px-4 py-3 text-sm leading-relaxed dark:bg-zinc-800">
                <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
                <span data-testid="study-explanation">
                  <Rich text={phase.reveal.explanation} />
                </span>
              </p>
            )}
          </div>
        )}

        {error && (
          <p role="alert" className="mt-4 text-sm font-medium text-rose-700 dark:text-rose-400" lang="">
            {error}
          </p>
        )}

        <div className="mt-6" lang="">
          {phase.kind === "question" ? (
            <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center sm:justify-between">
              <button type="button" onClick={() => submit(null)} disabled={!hydrated || pending} className={buttonClass("secondary", "lg", "px-3 whitespace-nowrap")} data-testid="reveal">
                <Eye className="hidden size-5 sm:block" aria-hidden />
                {t("reveal")}
              </button>
              <button
                type="button"
                onClick={() => submit(answer)}
                disabled={pending || !inputReady || !isComplete(card.type, answer)}
                className={buttonClass("primary", "lg", "px-3 whitespace-nowrap sm:min-w-40")}
                data-testid="submit"
              >
                <CheckCircle2 className="hidden size-5 sm:block" aria-hidden />
                {t("check")}
              </button>
            </div>
          ) : (
            <fieldset ref={ratingsRef} className="scroll-mb-24">
              <legend className="mb-3 text-sm font-semibold">{t("howWell")}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="ratings">
                {RATINGS.map((r, i) => {
                  const selected = phase.selected === r;
                  return (
                    <button
                      key={r}
                      type="button"
                      onClick={() => rate(r)}
                      disabled={pending}
                      aria-keyshortcuts={String(i + 1)}
                      aria-describedby={phase.reveal.suggested === r ? "suggested-note" : undefined}
                      data-rating={r}
                      data-selected={selected}
                      className={clsx(
                        "flex min-h-20 flex-col items-center justify-center rounded-2xl border-2 bg-white px-2 py-3 font-bold transition hover:bg-zinc-50 dark:bg-zinc-950 dark:hover:bg-zinc-800",
                        RATING_STYLE[r],
                        selected && "ring-4 ring-brand-500 ring-offset-2 ring-offset-white dark:ring-offset-zinc-900",
                      )}
                    >
                      <span className="text-base">
                        <kbd className="mr-1.5 hidden rounded border border-current px-1 text-xs opacity-70 sm:inline">{i + 1}</kbd>
                        {t(`ratings.${r}`)}
                      </span>
                      <span className="mt-0.5 text-sm font-semibold tabular-nums opacity-80" data-testid={`interval-${r}`}>
                        <Interval label={phase.reveal.intervals[r]} />
                      </span>
                    </button>
                  );
                })}
              </div>
              <p id="suggested-note" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
                {t("suggested", { rating: t(`ratings.${phase.reveal.suggested}`) })}
              </p>
            </fieldset>
          )}
        </div>
      </section>
      </RichProvider>
      <p className="hidden text-center text-xs text-zinc-500 sm:block dark:text-zinc-400" lang="">
        {t("keys")}
      </p>
    </div>
  );
}

export function Interval({ label }: { label: IntervalLabel }) {
  const t = useTranslations("study.units");
  return <>{t(label.unit, { count: label.count })}</>;
}

function GuestNotice({ slug, compact }: { slug: string; compact?: boolean }) {
  const t = useTranslations("study");
  const next = encodeURIComponent(`/study/${slug}`);
  return (
    <div
      className={clsx(
        "flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100",
        !compact && "mt-6 text-left",
      )}
      data-testid="guest-notice"
    >
      <LogIn className="size-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">{t("guestNotice")}</p>
      <Link href={`/sign-in?next=${next}`} className={buttonClass("secondary", "sm")}>
        {t("signIn")}
      </Link>
    </div>
  );
}
