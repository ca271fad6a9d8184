"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { initialAnswer } from "@/components/answer/rules";
import { useCountdown, type CountdownSource } from "@/components/answer/use-countdown";
import { useErrorText } from "@/components/ui/error-text";
import type { Answer } from "@/core/grading";
import type { AttemptView, Feedback, HintView, PlayQuestion } from "@/core/play/attempt";
import { answerAction, finishAction, hintAction, readPlayAction, type ActionResult } from "@/server/actions/play";

export type Phase = { kind: "question" } | { kind: "feedback"; feedback: Feedback; question: PlayQuestion; late?: boolean };

/**
 * Views already shown once. Back and Forward (Next's router cache) mount the play page again with
 * the very props it first rendered with: that view is an old one, so the screen asks the server.
 */
const shownViews = new WeakSet<AttemptView>();
/** The position the server was last known to be at, per attempt, for this tab. */
const positionKey = (id: string) => `quizdeck.play.${id}.position`;

function rememberPosition(id: string, position: number) {
  try {
    sessionStorage.setItem(positionKey(id), String(position));
  } catch {
    // Storage blocked: the router-cache check above still catches the usual case.
  }
}

function knownPosition(id: string): number | null {
  try {
    const raw = sessionStorage.getItem(positionKey(id));
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function lateFeedback(q: PlayQuestion, view: AttemptView): Feedback {
  return { questionId: q.id, correct: false, answered: false, answer: null, correctAnswer: "", explanation: "", feedback: [], points: 0, streak: 0, score: view.score, graded: true };
}

/**
 * The state of one solo attempt on this screen: the question (or the feedback on the last
 * answer), the draft answer, the hint, and the countdown. The server is the truth: after any
 * navigation back to the page (the router cache, or the browser's back/forward cache) the screen
 * asks it for the current question rather than trust what it showed before.
 */
export function useSoloAttempt(initial: AttemptView) {
  const t = useTranslations("play");
  const errorText = useErrorText();
  const router = useRouter();
  const [view, setView] = useState(initial);
  const [phase, setPhase] = useState<Phase>({ kind: "question" });
  const [notice, setNotice] = useState<Feedback | null>(initial.expired);
  const [answer, setAnswer] = useState<Answer | null>(initialAnswer(initial.question?.data));
  const [hint, setHint] = useState<HintView | null>(initial.hint);
  const [error, setError] = useState<string | null>(null);
  // Plain state, not a transition: a transition stays pending until the router settles, which
  // kept "Next question" looking disabled for a moment after every answer.
  const [pending, setPending] = useState(false);
  /** The answer on its way to the server (a one-tap tile says "Locking in…" meanwhile). */
  const [sending, setSending] = useState<Answer | null>(null);
  /** True while the screen checks with the server that what it shows is current. */
  const [syncing, setSyncing] = useState(false);
  const submitted = useRef(false);
  const q = view.question;

  const countdownSource = useMemo<CountdownSource | null>(
    () => (view.deadline ? { remainingMs: new Date(view.deadline).getTime() - new Date(view.serverNow).getTime() } : null),
    [view.deadline, view.serverNow],
  );
  const left = useCountdown(countdownSource);

  // A server action that throws (the connection dropped, the server restarted) is said, never swallowed.
  const runBusy = useCallback(
    (fn: () => Promise<void>) => {
      setPending(true);
      void fn()
        .catch(() => setError(errorText("unavailable")))
        .finally(() => setPending(false));
    },
    [errorText],
  );

  /** Shows a view fresh from the server (a new question, or the same one after a check). */
  const adopt = useCallback((fresh: AttemptView, sameQuestion: boolean) => {
    submitted.current = false;
    setView(fresh);
    setNotice(fresh.expired);
    setHint(fresh.hint);
    if (!sameQuestion) setAnswer(initialAnswer(fresh.question?.data));
    setSending(null);
    setPhase({ kind: "question" });
    rememberPosition(fresh.id, fresh.position);
  }, []);

  /** Reads the current question from the server (it starts that question's clock if not started). */
  const load = useCallback(async (shownId: string | null) => {
    const res = await readPlayAction(view.id);
    if (!res.ok) {
      setError(errorText(res.code));
      return;
    }
    if (res.value.status !== "in_progress" || !res.value.question) {
      router.push(`/results/${view.id}`);
      return;
    }
    adopt(res.value, res.value.question.id === shownId);
  }, [view.id, router, errorText, adopt]);

  const resync = useCallback(
    (shownId: string | null) => {
      setSyncing(true);
      void load(shownId)
        .catch(() => setError(errorText("unavailable")))
        .finally(() => setSyncing(false));
    },
    [load, errorText],
  );

  // On mount: a view shown before (Back/Forward) or older than what this tab last saw is stale.
  useEffect(() => {
    const known = knownPosition(initial.id);
    if (shownViews.has(initial) || (known !== null && known > initial.position)) resync(null);
    else rememberPosition(initial.id, initial.position);
    shownViews.add(initial);
    // Only the first render's view is checked; later ones come from the server directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Restored from the browser's back/forward cache: the page is as it was left, the attempt may not be.
  const shownId = phase.kind === "question" ? (q?.id ?? null) : null;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) resync(shownId);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [resync, shownId]);

  const applyFailure = useCallback(
    (res: Extract<ActionResult<unknown>, { ok: false }>) => {
      if (res.code === "answer_too_late" && q) {
        setPhase({ kind: "feedback", question: q, late: true, feedback: lateFeedback(q, view) });
        return;
      }
      // Answered already (from another tab, or a view that was out of date): show where the attempt is.
      if (res.code === "already_answered") {
        resync(null);
        return;
      }
      setError(errorText(res.code));
    },
    [q, view, errorText, resync],
  );

  const submit = useCallback(
    (value: Answer | null) => {
      if (!q || phase.kind !== "question" || submitted.current || syncing) return;
      submitted.current = true;
      setError(null);
      setSending(value);
      runBusy(async () => {
        let res: Awaited<ReturnType<typeof answerAction>>;
        try {
          res = await answerAction(view.id, { questionId: q.id, answer: value, usedHint: hint !== null });
        } catch {
          // Not sent (or no reply): the player may try again; the server counts one answer anyway.
          submitted.current = false;
          setSending(null);
          setError(t("sendFailed"));
          return;
        }
        setSending(null);
        if (res.ok && q.type === "slide") {
          // A slide has nothing to give feedback on: Continue goes straight on.
          await load(null);
        } else if (res.ok) {
          setPhase({ kind: "feedback", feedback: res.value.feedback, question: q });
          setView((v) => ({ ...res.value.next, question: v.question, rich: v.rich, deadline: null }));
          rememberPosition(view.id, res.value.next.position);
        } else {
          submitted.current = false;
          applyFailure(res);
        }
      });
    },
    [q, phase.kind, syncing, view.id, hint, applyFailure, runBusy, t, load],
  );

  const next = useCallback(() => {
    setError(null);
    runBusy(() => load(null));
  }, [runBusy, load]);

  // Time is up: send what is there (nothing counts as unanswered); the server decides anyway.
  useEffect(() => {
    if (left === 0 && phase.kind === "question" && q && !submitted.current && !syncing) submit(null);
  }, [left, phase.kind, q, submit, syncing]);

  const takeHint = () =>
    runBusy(async () => {
      const res = await hintAction(view.id);
      if (res.ok) setHint(res.value.hint);
      else setError(errorText(res.code));
    });

  const end = () =>
    runBusy(async () => {
      const res = await finishAction(view.id);
      if (res.ok) router.push(`/results/${view.id}`);
      else setError(errorText(res.code));
    });

  return { view, phase, notice, answer, setAnswer, hint, error, pending, sending, syncing, countdown: countdownSource, left, submit, next, takeHint, end };
}
