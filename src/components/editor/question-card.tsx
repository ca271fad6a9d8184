"use client";

import { clsx } from "clsx";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Copy from "lucide-react/icons/copy";
import Eye from "lucide-react/icons/eye";
import GripVertical from "lucide-react/icons/grip-vertical";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import { ChoiceBadge } from "@/components/answer/choice-style";
import { buttonClass } from "@/components/ui/button";
import { Field, TextArea, TextField, describedBy, inputClass, inputLook } from "@/components/ui/field";
import { changeType, type EditorQuestion } from "@/core/editor-doc";
import { QUESTION_TYPES, carriesPoints } from "@/core/question";
import { LIMITS, POINTS } from "@/core/quiz-limits";
import { newId } from "@/components/browser/new-id";
import { PictureField } from "./picture-field";
import { AudioField } from "./audio-field";
import { WeightInput } from "./weight-input";
import { OpenFields } from "./open-fields";

type Props = {
  question: EditorQuestion;
  index: number;
  count: number;
  /** Each field's problem, already in the author's language. */
  errors: Record<string, string>;
  onChange: (q: EditorQuestion) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onPreview: () => void;
  drag: {
    /** Starts dragging the question (the list takes the moves and the drop). */
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    /** Arrow up and down move the question. */
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    /** The dragged question would be dropped here. */
    over: boolean;
  };
};

const iconButton = buttonClass("ghost", "icon", "size-10");

/** One question in the editor: its type, prompt, answers, and the optional extras. */
export function QuestionCard({ question: q, index, count, errors, onChange, onMove, onDuplicate, onDelete, onPreview, drag }: Props) {
  const t = useTranslations("editor");
  const tt = useTranslations("quiz.types");
  const base = `q${index}`;
  const err = (path: string) => errors[`questions.${index}.${path}`];
  const set = <K extends keyof EditorQuestion>(key: K, value: EditorQuestion[K]) => onChange({ ...q, [key]: value });
  const hasErrors = Object.keys(errors).some((k) => k.startsWith(`questions.${index}.`));

  return (
    <li
      id={`question-${index}`}
      data-testid="question-card"
      className={clsx(
        "rounded-3xl border bg-white p-4 shadow-sm sm:p-5 dark:bg-zinc-900",
        hasErrors ? "border-rose-400 dark:border-rose-700" : "border-zinc-200 dark:border-zinc-800",
        drag.over && "ring-2 ring-brand-500",
      )}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onPointerDown={drag.onPointerDown}
          className={clsx(iconButton, "cursor-grab touch-none active:cursor-grabbing")}
          aria-label={t("dragHandle", { n: index + 1 })}
          aria-describedby={`${base}-drag-help`}
          data-testid="drag-handle"
          onKeyDown={drag.onKeyDown}
        >
          <GripVertical className="size-5" aria-hidden />
        </button>
        <span id={`${base}-drag-help`} className="sr-only">
          {t("dragHelp")}
        </span>
        <h3 className="text-base font-bold">{t("questionN", { n: index + 1 })}</h3>
        <label htmlFor={`${base}-type`} className="sr-only">
          {t("type")}
        </label>
        <select
          id={`${base}-type`}
          value={q.type}
          onChange={(e) => onChange(changeType(q, e.target.value as EditorQuestion["type"], newId))}
          className={clsx(inputLook, "h-10 min-w-40 flex-1 sm:w-52 sm:flex-none")}
        >
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {tt(type)}
            </option>
          ))}
        </select>
        <div className="ml-auto flex items-center">
          <button type="button" className={iconButton} onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={t("moveUp")}>
            <ArrowUp className="size-4" aria-hidden />
          </button>
          <button type="button" className={iconButton} onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={t("moveDown")}>
            <ArrowDown className="size-4" aria-hidden />
          </button>
          <button type="button" className={iconButton} onClick={onPreview} aria-label={t("preview")}>
            <Eye className="size-4" aria-hidden />
          </button>
          <button type="button" className={iconButton} onClick={onDuplicate} aria-label={t("duplicate")} disabled={count >= LIMITS.questionsMax}>
            <Copy className="size-4" aria-hidden />
          </button>
          <button type="button" className={clsx(iconButton, "text-rose-700 dark:text-rose-400")} onClick={onDelete} aria-label={t("deleteQuestion")}>
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>

      <TextArea
        id={`${base}-prompt`}
        label={t("prompt")}
        value={q.prompt}
        onChange={(e) => set("prompt", e.target.value)}
        maxLength={LIMITS.promptMax * 2}
        rows={2}
        error={err("prompt")}
      />
      <PictureField q={q} base={base} err={err} onChange={onChange} />
      <AudioField q={q} base={base} err={err} onChange={onChange} />

      <div className="mt-4">
        <AnswerEditor q={q} base={base} err={err} onChange={onChange} />
      </div>

      <details className="group mt-4 rounded-2xl bg-zinc-50 p-3 dark:bg-zinc-950" open={Boolean(err("explanation") || err("hint") || err("timeLimit") || err("points"))}>
        <summary className="cursor-pointer text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t("more")}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextArea
            id={`${base}-explanation`}
            fieldClassName="sm:col-span-2"
            label={t("explanationLabel")}
            value={q.explanation}
            onChange={(e) => set("explanation", e.target.value)}
            rows={2}
            error={err("explanation")}
            help={t("explanationHelp")}
          />
          <TextField
            id={`${base}-hint`}
            fieldClassName="sm:col-span-2"
            label={t("hint")}
            value={q.hint}
            onChange={(e) => set("hint", e.target.value)}
            error={err("hint")}
            help={t("hintHelp")}
          />
          <TextField
            id={`${base}-time`}
            type="number"
            inputMode="numeric"
            label={t("timeLimit")}
            placeholder={t("quizDefault")}
            min={LIMITS.timeMin}
            max={LIMITS.timeMax}
            value={q.timeLimit ?? ""}
            onChange={(e) => set("timeLimit", e.target.value === "" ? null : Math.round(Number(e.target.value)))}
            error={err("timeLimit")}
            help={t("timeLimitHelp")}
          />
          {carriesPoints(q.type) && <Field id={`${base}-points`} label={t("points")} error={err("points")}>
            <select
              id={`${base}-points`}
              value={q.points}
              onChange={(e) => set("points", Number(e.target.value))}
              className={clsx(inputClass, "h-11")}
              {...describedBy(`${base}-points`, err("points"))}
            >
              {POINTS.map((p) => (
                <option key={p} value={p}>
                  {t(`pointsChoice.${p}`)}
                </option>
              ))}
            </select>
          </Field>}
        </div>
      </details>
    </li>
  );
}

type AnswerProps = { q: EditorQuestion; base: string; err: (path: string) => string | undefined; onChange: (q: EditorQuestion) => void };

function ListError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
      {message}
    </p>
  );
}

function AddRow({ onClick, disabled, children }: { onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <button type="button" className={buttonClass("secondary", "sm", "mt-2")} onClick={onClick} disabled={disabled}>
      <Plus className="size-4" aria-hidden />
      {children}
    </button>
  );
}

function AnswerEditor({ q, base, err, onChange }: AnswerProps) {
  const t = useTranslations("editor");
  switch (q.type) {
    case "slide":
      return (
        <TextArea
          id={`${base}-slide-text`}
          label={t("slideText")}
          value={q.slideText ?? ""}
          onChange={(e) => onChange({ ...q, slideText: e.target.value })}
          maxLength={LIMITS.slideTextMax * 2}
          rows={4}
          error={err("text")}
          help={t("slideHelp")}
        />
      );
    case "open":
      return <OpenFields q={q} base={base} err={err} onChange={onChange} />;
    case "wordcloud":
      return (
        <Field id={`${base}-max-words`} label={t("maxWords")} error={err("maxWords")} help={t("wordcloudHelp")}>
          <select
            id={`${base}-max-words`}
            value={q.maxWords ?? 1}
            onChange={(e) => onChange({ ...q, maxWords: Number(e.target.value) })}
            className={clsx(inputClass, "h-11")}
            {...describedBy(`${base}-max-words`, err("maxWords"))}
          >
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {t("maxWordsChoice", { count: n })}
              </option>
            ))}
          </select>
        </Field>
      );
    case "single":
    case "multiple":
    case "poll": {
      const listError = err("correct") ?? err("options");
      return (
        <fieldset aria-describedby={listError ? `${base}-options-msg` : undefined}>
          <legend className="mb-1 text-sm font-semibold">{q.type === "poll" ? t("optionsPoll") : q.type === "single" ? t("optionsSingle") : t("optionsMultiple")}</legend>
          <ul className="space-y-2">
            {q.options.map((o, i) => {
              const optError = err(`options.${i}`);
              return (
                <li key={o.id}>
                  <div className="flex items-center gap-2">
                    <ChoiceBadge index={i} />
                    {q.type !== "poll" && <label className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-xl px-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
                      <input
                        type={q.type === "single" ? "radio" : "checkbox"}
                        name={`${base}-correct`}
                        checked={o.correct}
                        onChange={(e) =>
                          onChange({
                            ...q,
                            options: q.options.map((x) =>
                              q.type === "single" ? { ...x, correct: x.id === o.id } : x.id === o.id ? { ...x, correct: e.target.checked } : x,
                            ),
                          })
                        }
                        className="size-5 accent-emerald-600"
                      />
                      <span className="sr-only sm:not-sr-only">{t("markCorrect")}</span>
                      <span className="sr-only">{t("optionN", { n: i + 1 })}</span>
                    </label>}
                    <label htmlFor={`${base}-option-${i}`} className="sr-only">
                      {t("optionText", { n: i + 1 })}
                    </label>
                    <input
                      id={`${base}-option-${i}`}
                      value={o.text}
                      onChange={(e) => onChange({ ...q, options: q.options.map((x) => (x.id === o.id ? { ...x, text: e.target.value } : x)) })}
                      placeholder={t("optionPlaceholder", { n: i + 1 })}
                      className={clsx(inputClass, "h-11 min-w-0 flex-1")}
                      {...describedBy(`${base}-option-${i}`, optError)}
                    />
                    {q.type === "single" && !o.correct && (
                      <WeightInput
                        id={`${base}-weight-option-${i}`}
                        label={t("optionWeight", { n: i + 1 })}
                        value={o.weight}
                        placeholder="0"
                        onChange={(weight) => onChange({ ...q, options: q.options.map((x) => (x.id === o.id ? { ...x, weight } : x)) })}
                      />
                    )}
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => onChange({ ...q, options: q.options.filter((x) => x.id !== o.id) })}
                      disabled={q.options.length <= LIMITS.optionsMin}
                      aria-label={t("removeOption", { n: i + 1 })}
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </div>
                  <ListError id={`${base}-option-${i}-msg`} message={optError} />
                </li>
              );
            })}
          </ul>
          <ListError id={`${base}-options-msg`} message={listError} />
          <AddRow
            onClick={() => onChange({ ...q, options: [...q.options, { id: newId(), text: "", correct: false }] })}
            disabled={q.options.length >= LIMITS.optionsMax}
          >
            {t("addOption")}
          </AddRow>
        </fieldset>
      );
    }
    case "boolean":
      return (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t("booleanAnswer")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {[true, false].map((value) => (
              <label
                key={String(value)}
                className={clsx(
                  "flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 font-semibold",
                  q.booleanAnswer === value ? "border-emerald-500 bg-emerald-50 dark:bg-emerald-950" : "border-zinc-300 dark:border-zinc-700",
                )}
              >
                <input type="radio" name={`${base}-boolean`} checked={q.booleanAnswer === value} onChange={() => onChange({ ...q, booleanAnswer: value })} className="size-5 accent-emerald-600" />
                {value ? t("true") : t("false")}
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "text": {
      const listError = err("accepted");
      return (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t("acceptedAnswers")}</legend>
          <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{t("acceptedHelp")}</p>
          <ul className="space-y-2">
            {q.accepted.map((a, i) => {
              const itemError = err(`accepted.${i}`);
              return (
                <li key={i}>
                  <div className="flex items-center gap-2">
                    <label htmlFor={`${base}-accepted-${i}`} className="sr-only">
                      {t("acceptedN", { n: i + 1 })}
                    </label>
                    <input
                      id={`${base}-accepted-${i}`}
                      value={a}
                      onChange={(e) => onChange({ ...q, accepted: q.accepted.map((x, j) => (j === i ? e.target.value : x)) })}
                      placeholder={t("acceptedPlaceholder")}
                      className={clsx(inputClass, "h-11 min-w-0 flex-1")}
                      {...describedBy(`${base}-accepted-${i}`, itemError)}
                    />
                    <WeightInput
                      id={`${base}-weight-accepted-${i}`}
                      label={t("acceptedWeight", { n: i + 1 })}
                      value={q.acceptedWeights?.[i]}
                      placeholder="100"
                      onChange={(weight) => onChange({ ...q, acceptedWeights: q.accepted.map((_, j) => (j === i ? weight : (q.acceptedWeights?.[j] ?? null))) })}
                    />
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => onChange({ ...q, accepted: q.accepted.filter((_, j) => j !== i), acceptedWeights: q.acceptedWeights?.filter((_, j) => j !== i) })}
                      disabled={q.accepted.length <= 1}
                      aria-label={t("removeAccepted", { n: i + 1 })}
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </div>
                  <ListError id={`${base}-accepted-${i}-msg`} message={itemError} />
                </li>
              );
            })}
          </ul>
          <ListError id={`${base}-accepted-msg`} message={listError} />
          <AddRow onClick={() => onChange({ ...q, accepted: [...q.accepted, ""] })} disabled={q.accepted.length >= LIMITS.acceptedMax}>
            {t("addAccepted")}
          </AddRow>
        </fieldset>
      );
    }
    case "order": {
      const listError = err("items");
      const move = (from: number, to: number) => {
        const items = [...q.items];
        const [it] = items.splice(from, 1);
        if (it) items.splice(to, 0, it);
        onChange({ ...q, items });
      };
      return (
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">{t("orderItems")}</legend>
          <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{t("orderHelp")}</p>
          <ol className="space-y-2">
            {q.items.map((item, i) => {
              const itemError = err(`items.${i}`);
              return (
                <li key={item.id}>
                  <div className="flex items-center gap-2">
                    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-200 text-sm font-bold dark:bg-zinc-800">{i + 1}</span>
                    <label htmlFor={`${base}-item-${i}`} className="sr-only">
                      {t("itemN", { n: i + 1 })}
                    </label>
                    <input
                      id={`${base}-item-${i}`}
                      value={item.text}
                      onChange={(e) => onChange({ ...q, items: q.items.map((x) => (x.id === item.id ? { ...x, text: e.target.value } : x)) })}
                      placeholder={t("itemPlaceholder", { n: i + 1 })}
                      className={clsx(inputClass, "h-11 min-w-0 flex-1")}
                      {...describedBy(`${base}-item-${i}`, itemError)}
                    />
                    <button type="button" className={iconButton} onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={t("moveItemUp", { n: i + 1 })}>
                      <ArrowUp className="size-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => onChange({ ...q, items: q.items.filter((x) => x.id !== item.id) })}
                      disabled={q.items.length <= LIMITS.optionsMin}
                      aria-label={t("removeItem", { n: i + 1 })}
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </div>
                  <ListError id={`${base}-item-${i}-msg`} message={itemError} />
                </li>
              );
            })}
          </ol>
          <ListError id={`${base}-items-msg`} message={listError} />
          <AddRow onClick={() => onChange({ ...q, items: [...q.items, { id: newId(), text: "" }] })} disabled={q.items.length >= LIMITS.optionsMax}>
            {t("addItem")}
          </AddRow>
        </fieldset>
      );
    }
    case "number": {
      const field = (key: "answer" | "min" | "max" | "tolerance", label: string) => (
        <TextField
          id={`${base}-${key}`}
          type="number"
          inputMode="decimal"
          step="any"
          label={label}
          value={q.number[key] ?? ""}
          onChange={(e) => onChange({ ...q, number: { ...q.number, [key]: e.target.value === "" ? null : Number(e.target.value) } })}
          error={err(key)}
        />
      );
      return (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {field("answer", t("numberAnswer"))}
          {field("tolerance", t("numberTolerance"))}
          {field("min", t("numberMin"))}
          {field("max", t("numberMax"))}
          <TextField
            id={`${base}-unit`}
            fieldClassName="col-span-2 sm:col-span-1"
            label={t("numberUnit")}
            value={q.number.unit}
            maxLength={20}
            onChange={(e) => onChange({ ...q, number: { ...q.number, unit: e.target.value } })}
            error={err("unit")}
          />
          <Field id={`${base}-scoring`} label={t("numberScoring")} className="col-span-2 sm:col-span-5" help={t("numberScoringHelp")}>
            <select
              id={`${base}-scoring`}
              value={q.number.scoring ?? "exact"}
              onChange={(e) => onChange({ ...q, number: { ...q.number, scoring: e.target.value === "closest" ? "closest" : "exact" } })}
              className={clsx(inputClass, "h-11")}
            >
              <option value="exact">{t("scoringExact")}</option>
              <option value="closest">{t("scoringClosest")}</option>
            </select>
          </Field>
          {q.number.partial?.map((p, i) => (
            <p key={i} className="col-span-2 text-sm text-zinc-600 sm:col-span-5 dark:text-zinc-400" data-testid="number-partial">
              {t("numberPartial", { answer: p.answer ?? 0, tolerance: p.tolerance ?? 0, weight: p.weight ?? 0 })}
            </p>
          ))}
        </div>
      );
    }
  }
}
