"use client";

import { BookOpen, Check, CheckCircle2, ChevronDown, ChevronUp, Flag, GripVertical, Lightbulb, Timer, XCircle, Zap } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import type { Answer } from "@/core/grading";
import type { AttemptView, Feedback, HintView, PlayQuestion } from "@/core/play/attempt";
import { answerAction, finishAction, hintAction, readPlayAction, type ActionResult } from "@/server/actions/play";
import { CHOICE_STYLES, ChoiceBadge } from "./choice-style";
import { contextOf, describeAnswer } from "./describe-answer";

type Phase = { kind: "question" } | { kind: "feedback"; feedback: Feedback; question: PlayQuestion; late?: boolean };

/**
 * Milliseconds left on the server's deadline, measured on this device's monotonic clock; null
 * until the countdown of the current deadline has ticked once. The value is keyed by the deadline
 * it was measured for, so the render that shows a new question never sees the previous
 * question's 0 (which would send "no answer" for the new question at once).
 */
function useCountdown(view: AttemptView) {
  const key = view.deadline ? `${view.deadline}|${view.serverNow}` : null;
  const [measured, setMeasured] = useState<{ key: string; left: number } | null>(null);
  useEffect(() => {
    if (!key || !view.deadline) return;
    const remaining = new Date(view.deadline).getTime() - new Date(view.serverNow).getTime();
    const start = performance.now();
    const tick = () => setMeasured({ key, left: Math.max(0, remaining - (performance.now() - start)) });
    tick();
    const id = setInterval(tick, 200);
    return () => clearInterval(id);
  }, [key, view.deadline, view.serverNow]);
  return measured && measured.key === key ? measured.left : null;
}

export function PlayScreen({ initial }: { initial: AttemptView }) {
  const t = useTranslations("play");
  const errorText = useErrorText();
  const router = useRouter();
  const [view, setView] = useState(initial);
  const [phase, setPhase] = useState<Phase>({ kind: "question" });
  const [notice, setNotice] = useState<Feedback | null>(initial.expired);
  const [answer, setAnswer] = useState<Answer | null>(initialAnswer(initial.question));
  const [hint, setHint] = useState<HintView | null>(initial.hint);
  const [error, setError] = useState<string | null>(null);
  // Plain state, not a transition: a transition stays pending until the router settles, which
  // kept "Next question" looking disabled for a moment after every answer.
  const [pending, setPending] = useState(false);
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
  const left = useCountdown(view);
  const q = view.question;
  const submitted = useRef(false);

  const applyFailure = useCallback(
    (res: Extract<ActionResult<unknown>, { ok: false }>) => {
      if (res.code === "answer_too_late" && q) {
        setPhase({ kind: "feedback", question: q, late: true, feedback: lateFeedback(q, view) });
        return;
      }
      setError(errorText(res.code));
    },
    [q, view, errorText],
  );

  const submit = useCallback(
    (value: Answer | null) => {
      if (!q || phase.kind !== "question" || submitted.current) return;
      submitted.current = true;
      setError(null);
      runBusy(async () => {
        let res: Awaited<ReturnType<typeof answerAction>>;
        try {
          res = await answerAction(view.id, { questionId: q.id, answer: value, usedHint: hint !== null });
        } catch {
          // Not sent (or no reply): the player may try again; the server counts one answer anyway.
          submitted.current = false;
          setError(t("sendFailed"));
          return;
        }
        if (res.ok) {
          setPhase({ kind: "feedback", feedback: res.value.feedback, question: q });
          setView((v) => ({ ...res.value.next, question: v.question, deadline: null }));
        } else {
          submitted.current = false;
          applyFailure(res);
        }
      });
    },
    [q, phase.kind, view.id, hint, applyFailure, runBusy, t],
  );

  const next = useCallback(() => {
    setError(null);
    runBusy(async () => {
      const res = await readPlayAction(view.id);
      if (!res.ok) {
        setError(errorText(res.code));
        return;
      }
      if (res.value.status !== "in_progress" || !res.value.question) {
        router.push(`/results/${view.id}`);
        return;
      }
      submitted.current = false;
      setView(res.value);
      setNotice(res.value.expired);
      setHint(res.value.hint);
      setAnswer(initialAnswer(res.value.question));
      setPhase({ kind: "question" });
    });
  }, [view.id, router, runBusy, errorText]);

  // Time is up: send what is there (nothing counts as unanswered); the server decides anyway.
  useEffect(() => {
    if (left === 0 && phase.kind === "question" && q && !submitted.current) submit(null);
  }, [left, phase.kind, q, submit]);

  // Enter continues after the feedback (answering has its own Enter handling per control).
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

  const useHint = () =>
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

  const shown = phase.kind === "feedback" ? phase.question : q;
  if (!shown) return null;
  const limitMs = shown.timeLimit * 1000;
  const seconds = left === null ? shown.timeLimit : Math.ceil(left / 1000);
  const lowTime = left !== null && left <= 5000;
  const progress = (view.position / view.total) * 100;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8" lang={view.quiz.language}>
      <div className="flex flex-wrap items-center justify-between gap-3" lang="">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-zinc-500 dark:text-zinc-400">{view.quiz.title}</p>
          <p className="text-sm font-medium" data-testid="progress">
            {t("progress", { n: Math.min(shown.position + 1, view.total), total: view.total })}
          </p>
        </div>
        <div className="flex items-center gap-4 text-sm font-semibold">
          <span className="tabular-nums" data-testid="score">
            {t("score", { score: phase.kind === "feedback" ? phase.feedback.score : view.score })}
          </span>
          <span className="inline-flex items-center gap-1 text-amber-600 tabular-nums dark:text-amber-400" title={t("streak")}>
            <Zap className="size-4 fill-current" aria-hidden />
            <span className="sr-only">{t("streak")}</span>
            {phase.kind === "feedback" ? phase.feedback.streak : view.streak}
          </span>
          <button type="button" onClick={end} className={buttonClass("ghost", "sm")} disabled={pending}>
            <Flag className="size-4" aria-hidden />
            {t("end")}
          </button>
        </div>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
        <div className="h-full rounded-full bg-brand-600 transition-all dark:bg-brand-400" style={{ width: `${progress}%` }} />
      </div>

      {notice && phase.kind === "question" && (
        <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" lang="">
          {t("expiredNotice")}
        </p>
      )}

      <section className="rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-7 dark:border-zinc-800 dark:bg-zinc-900" aria-labelledby="prompt">
        <div className="mb-4 flex items-center justify-between gap-3" lang="">
          <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {t(`kinds.${shown.type}`)} · {t("points", { points: shown.points })}
          </span>
          {phase.kind === "question" && (
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
        {phase.kind === "question" && (
          <>
            <div className="mb-5 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden>
              <div
                className={clsx("h-full rounded-full transition-[width] duration-200 ease-linear", lowTime ? "bg-rose-500" : "bg-brand-500")}
                style={{ width: `${left === null ? 100 : (left / limitMs) * 100}%` }}
              />
            </div>
            {/* Announced only at a few moments, never every second. */}
            <p className="sr-only" aria-live="polite">
              {left !== null && left > 0 && left <= 10_000 && seconds === 10 ? t("tenSeconds") : ""}
            </p>
          </>
        )}
        <h1 id="prompt" className="text-xl leading-snug font-bold text-balance sm:text-2xl">
          {shown.prompt}
        </h1>

        <div className="mt-6">
          {phase.kind === "question" ? (
            <AnswerInput
              key={shown.id}
              question={shown}
              value={answer}
              onChange={setAnswer}
              onSubmit={() => submit(answer)}
              hint={hint}
              disabled={pending}
            />
          ) : (
            <FeedbackPanel phase={phase} />
          )}
        </div>

        {hint && phase.kind === "question" && (
          <p className="mt-5 flex items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="hint">
            <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {hint.text}
              {hint.firstLetter && (
                <span lang="">
                  {hint.text ? " " : ""}
                  {t("firstLetter", { letter: hint.firstLetter })}
                </span>
              )}
              {!hint.text && !hint.firstLetter && <span lang="">{t("hintOptionsRemoved")}</span>}
            </span>
          </p>
        )}

        {error && (
          <p role="alert" className="mt-4 text-sm font-medium text-rose-700 dark:text-rose-400" lang="">
            {error}
          </p>
        )}

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3" lang="">
          {phase.kind === "question" ? (
            <>
              <button
                type="button"
                onClick={useHint}
                disabled={pending || hint !== null || !shown.hasHint}
                className={buttonClass("secondary", "md")}
                title={t("hintCost")}
              >
                <Lightbulb className="size-4" aria-hidden />
                {hint ? t("hintTaken") : t("hint")}
              </button>
              <button
                type="button"
                onClick={() => submit(answer)}
                disabled={pending || !isComplete(shown, answer)}
                className={buttonClass("primary", "lg", "min-w-40")}
                data-testid="submit"
              >
                <Check className="size-5" aria-hidden />
                {t("submit")}
              </button>
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
  );
}

function lateFeedback(q: PlayQuestion, view: AttemptView): Feedback {
  return { questionId: q.id, correct: false, answered: false, answer: null, correctAnswer: "", explanation: "", feedback: [], points: 0, streak: 0, score: view.score };
}

/** Order questions start from the order shown, which is already an answer; others start empty. */
function initialAnswer(q: PlayQuestion | null): Answer | null {
  return q?.data.type === "order" ? q.data.items.map((i) => i.id) : null;
}

function isComplete(q: PlayQuestion, answer: Answer | null): boolean {
  if (answer === null) return false;
  if (q.type === "multiple") return Array.isArray(answer) && answer.length > 0;
  if (q.type === "text") return typeof answer === "string" && answer.trim() !== "";
  return true;
}

export type InputProps = {
  question: PlayQuestion;
  value: Answer | null;
  onChange: (a: Answer | null) => void;
  onSubmit: () => void;
  hint: HintView | null;
  disabled: boolean;
};

export function AnswerInput(props: InputProps) {
  const { question } = props;
  switch (question.data.type) {
    case "single":
    case "multiple":
      return <ChoiceInput {...props} options={question.data.options} multiple={question.data.type === "multiple"} />;
    case "boolean":
      return <BooleanInput {...props} />;
    case "text":
      return <TextInput {...props} />;
    case "order":
      return <OrderInput {...props} items={question.data.items} />;
    case "number":
      return <NumberInput {...props} min={question.data.min} max={question.data.max} unit={question.data.unit} />;
  }
}

/** Keys 1–6 pick an option, Enter submits (while focus is not in a text field). */
function useChoiceKeys(count: number, pick: (i: number) => void, onSubmit: () => void, disabled: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (disabled || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement;
      if (target.tagName === "INPUT" || target.tagName === "TEXTAREA") return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= count) {
        e.preventDefault();
        pick(n - 1);
      } else if (e.key === "Enter" && target.tagName !== "BUTTON") {
        e.preventDefault();
        onSubmit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [count, pick, onSubmit, disabled]);
}

const selectedIds = (value: Answer | null) => new Set(Array.isArray(value) ? value : typeof value === "string" ? [value] : []);

function ChoiceInput({ options, multiple, value, onChange, onSubmit, hint, disabled }: InputProps & { options: { id: string; text: string }[]; multiple: boolean }) {
  const t = useTranslations("play");
  const removed = new Set(hint?.removedOptionIds ?? []);
  const selected = selectedIds(value);
  const pick = useCallback(
    (i: number) => {
      const option = options[i];
      if (!option || hint?.removedOptionIds?.includes(option.id)) return;
      if (!multiple) return onChange(option.id);
      const nextSet = selectedIds(value);
      if (nextSet.has(option.id)) nextSet.delete(option.id);
      else nextSet.add(option.id);
      onChange(options.filter((o) => nextSet.has(o.id)).map((o) => o.id));
    },
    [options, multiple, value, hint, onChange],
  );
  useChoiceKeys(options.length, pick, onSubmit, disabled);
  return (
    <fieldset>
      <legend className="sr-only">{multiple ? t("pickSeveral") : t("pickOne")}</legend>
      {multiple && (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400" lang="">
          {t("pickSeveral")}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2" role={multiple ? "group" : "radiogroup"}>
        {options.map((o, i) => {
          const isRemoved = removed.has(o.id);
          const isSelected = selected.has(o.id);
          return (
            <button
              key={o.id}
              type="button"
              role={multiple ? "checkbox" : "radio"}
              aria-checked={isSelected}
              disabled={disabled || isRemoved}
              onClick={() => pick(i)}
              className={clsx(
                "flex min-h-16 items-center gap-3 rounded-2xl border-2 p-3 text-left font-semibold transition",
                CHOICE_STYLES[i]?.tone,
                isSelected
                  ? "bg-brand-50 ring-4 ring-brand-500 dark:bg-brand-950"
                  : "bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-800",
                isRemoved && "opacity-35",
              )}
            >
              <ChoiceBadge index={i} />
              {/* Only the text is struck through: a line across the badge makes "C" read as "€". */}
              <span className={clsx("flex-1", isRemoved && "line-through")}>{o.text}</span>
              {isSelected && <CheckCircle2 className="size-6 text-brand-600 dark:text-brand-400" aria-hidden />}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

const BOOLEAN_CHOICES = [true, false] as const;

function BooleanInput({ value, onChange, onSubmit, disabled }: InputProps) {
  const t = useTranslations("play");
  const choices = BOOLEAN_CHOICES;
  const pick = useCallback((i: number) => onChange(BOOLEAN_CHOICES[i] ?? null), [onChange]);
  useChoiceKeys(2, pick, onSubmit, disabled);
  return (
    <div className="grid grid-cols-2 gap-3" role="radiogroup" aria-label={t("pickOne")}>
      {choices.map((c, i) => (
        <button
          key={String(c)}
          type="button"
          role="radio"
          aria-checked={value === c}
          disabled={disabled}
          onClick={() => pick(i)}
          className={clsx(
            "flex min-h-20 items-center justify-center gap-3 rounded-2xl border-2 p-3 text-lg font-bold transition",
            CHOICE_STYLES[i]?.tone,
            value === c ? "bg-brand-50 ring-4 ring-brand-500 dark:bg-brand-950" : "bg-white hover:bg-zinc-50 dark:bg-zinc-900 dark:hover:bg-zinc-800",
          )}
        >
          <ChoiceBadge index={i} />
          {c ? t("true") : t("false")}
        </button>
      ))}
    </div>
  );
}

function TextInput({ value, onChange, onSubmit, hint, disabled }: InputProps) {
  const t = useTranslations("play");
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div>
      <label htmlFor="text-answer" className="mb-2 block text-sm font-medium">
        {t("typeAnswer")}
      </label>
      <input
        ref={ref}
        id="text-answer"
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            if (typeof value === "string" && value.trim()) onSubmit();
          }
        }}
        disabled={disabled}
        maxLength={200}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={hint?.firstLetter ? `${hint.firstLetter}…` : undefined}
        className="h-14 w-full rounded-2xl border-2 border-zinc-300 bg-white px-4 text-lg font-semibold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
    </div>
  );
}

function NumberInput({ value, onChange, onSubmit, disabled, min, max, unit }: InputProps & { min: number; max: number; unit?: string }) {
  const t = useTranslations("play");
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  const step = Number.isInteger(min) && Number.isInteger(max) ? 1 : "any";
  const set = (s: string) => {
    setText(s);
    const n = Number(s.replace(",", "."));
    onChange(s.trim() !== "" && Number.isFinite(n) ? n : null);
  };
  return (
    <div className="space-y-4">
      <label htmlFor="number-answer" className="block text-sm font-medium">
        {t("typeNumber", { min, max })}
      </label>
      <div className="flex items-center gap-3">
        <input
          id="number-answer"
          inputMode="decimal"
          value={text}
          onChange={(e) => set(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && typeof value === "number") {
              e.preventDefault();
              onSubmit();
            }
          }}
          disabled={disabled}
          autoComplete="off"
          className="h-14 w-48 rounded-2xl border-2 border-zinc-300 bg-white px-4 text-center font-mono text-2xl font-bold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        {unit && <span className="text-lg font-semibold">{unit}</span>}
      </div>
      {/*
        The slider starts with no value (its thumb hidden): a thumb resting at the midpoint looked
        like an answer while Submit stayed disabled. Touching the track or a key picks a value,
        the midpoint included.
      */}
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={typeof value === "number" ? value : (min + max) / 2}
        onChange={(e) => set(e.target.value)}
        onPointerUp={(e) => typeof value !== "number" && set(e.currentTarget.value)}
        disabled={disabled}
        aria-label={t("slider")}
        aria-describedby={typeof value === "number" ? undefined : "number-empty"}
        data-empty={typeof value !== "number" || undefined}
        className="w-full accent-brand-600 data-empty:[&::-webkit-slider-thumb]:opacity-0 data-empty:[&::-moz-range-thumb]:opacity-0"
      />
      {typeof value !== "number" && (
        <p id="number-empty" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="number-empty">
          {t("numberEmpty")}
        </p>
      )}
      <div className="flex justify-between text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </div>
  );
}

/** Drag an item by its handle (mouse or touch), or move it with its buttons or the arrow keys. */
function OrderInput({ items, value, onChange, onSubmit, disabled }: InputProps & { items: { id: string; text: string }[] }) {
  const t = useTranslations("play");
  const order = Array.isArray(value) ? value : items.map((i) => i.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item as string);
    onChange(next);
    setAnnounce(t("moved", { item: byId.get(item as string)?.text ?? "", position: to + 1 }));
  };

  const onPointerDown = (e: React.PointerEvent, id: string) => {
    if (disabled) return;
    e.preventDefault();
    setDragging(id);
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!dragging || !listRef.current) return;
    const rows = [...listRef.current.querySelectorAll<HTMLElement>("[data-order-item]")];
    const from = order.indexOf(dragging);
    let to = rows.findIndex((row) => {
      const r = row.getBoundingClientRect();
      return e.clientY < r.top + r.height / 2;
    });
    if (to === -1) to = rows.length - 1;
    else if (to > from) to -= 1;
    if (to !== from) move(from, to);
  };

  return (
    <div>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("orderHelp")}</p>
      <ol ref={listRef} className="space-y-2" onPointerMove={onPointerMove} onPointerUp={() => setDragging(null)} onPointerCancel={() => setDragging(null)}>
        {order.map((id, i) => (
          <li
            key={id}
            data-order-item
            className={clsx(
              "flex items-center gap-2 rounded-2xl border-2 border-zinc-200 bg-white p-2 pl-1 dark:border-zinc-700 dark:bg-zinc-900",
              dragging === id && "border-brand-500 shadow-lg",
            )}
          >
            <span
              className="flex size-10 cursor-grab touch-none items-center justify-center rounded-xl text-zinc-400 active:cursor-grabbing"
              onPointerDown={(e) => onPointerDown(e, id)}
              aria-hidden
            >
              <GripVertical className="size-5" />
            </span>
            <span className="w-6 text-center font-mono font-bold text-zinc-600 dark:text-zinc-400">{i + 1}</span>
            <button
              type="button"
              className="flex-1 rounded-lg px-1 py-2 text-left font-semibold"
              disabled={disabled}
              aria-label={t("orderItem", { item: byId.get(id)?.text ?? "", position: i + 1, total: order.length })}
              onKeyDown={(e) => {
                if (e.key === "ArrowUp" || e.key === "ArrowDown") {
                  e.preventDefault();
                  const to = e.key === "ArrowUp" ? i - 1 : i + 1;
                  move(i, to);
                  requestAnimationFrame(() =>
                    listRef.current?.querySelectorAll<HTMLElement>("[data-order-item] button.flex-1")[Math.max(0, Math.min(to, order.length - 1))]?.focus(),
                  );
                } else if (e.key === "Enter") {
                  e.preventDefault();
                  onSubmit();
                }
              }}
            >
              {byId.get(id)?.text}
            </button>
            <button type="button" className={buttonClass("ghost", "icon")} onClick={() => move(i, i - 1)} disabled={disabled || i === 0} aria-label={t("moveUp", { item: byId.get(id)?.text ?? "" })}>
              <ChevronUp className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              className={buttonClass("ghost", "icon")}
              onClick={() => move(i, i + 1)}
              disabled={disabled || i === order.length - 1}
              aria-label={t("moveDown", { item: byId.get(id)?.text ?? "" })}
            >
              <ChevronDown className="size-5" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}

function FeedbackPanel({ phase }: { phase: Extract<Phase, { kind: "feedback" }> }) {
  const t = useTranslations("play");
  const format = useFormatter();
  const { feedback: f, question } = phase;
  const words = { yes: t("true"), no: t("false"), none: t("noAnswer") };
  return (
    <div aria-live="polite" data-testid="feedback" data-correct={f.correct}>
      <p
        className={clsx(
          "flex items-center gap-2 text-xl font-extrabold",
          f.correct ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400",
        )}
        lang=""
      >
        {f.correct ? <CheckCircle2 className="size-7" aria-hidden /> : <XCircle className="size-7" aria-hidden />}
        {f.correct ? t("right") : phase.late || !f.answered ? t("timeUp") : f.points > 0 ? t("partly") : t("wrong")}
        <span className="ml-auto text-base font-bold text-zinc-700 tabular-nums dark:text-zinc-300">+{format.number(f.points)}</span>
      </p>
      {!phase.late && (
        <>
          {f.answered && !f.correct && (
            <p className="mt-3 text-sm">
              <span className="font-semibold" lang="">
                {t("yourLabel")}{" "}
              </span>
              {describeAnswer(contextOf(question.data), f.answer, words)}
            </p>
          )}
          <p className="mt-2">
            <span className="font-semibold" lang="">
              {t("correctLabel")}{" "}
            </span>
            <span data-testid="correct-answer">{describeAnswer(contextOf(question.data), f.correctAnswer, words)}</span>
          </p>
          {f.feedback?.map((text, i) => (
            <p key={i} className="mt-3 text-sm font-medium" data-testid="answer-feedback">
              {text}
            </p>
          ))}
          {f.explanation && (
            <p className="mt-4 flex gap-2 rounded-xl bg-zinc-100 px-4 py-3 text-sm leading-relaxed dark:bg-zinc-800">
              <BookOpen className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
              <span>{f.explanation}</span>
            </p>
          )}
        </>
      )}
    </div>
  );
}
