"use client";

import ArrowDownUp from "lucide-react/icons/arrow-down-up";
import ChartBar from "lucide-react/icons/chart-bar";
import CircleDot from "lucide-react/icons/circle-dot";
import Hash from "lucide-react/icons/hash";
import ListChecks from "lucide-react/icons/list-checks";
import Presentation from "lucide-react/icons/presentation";
import ToggleLeft from "lucide-react/icons/toggle-left";
import Type from "lucide-react/icons/type";
import Cloud from "lucide-react/icons/cloud";
import NotebookPen from "lucide-react/icons/notebook-pen";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { useDragReorder } from "@/components/ui/use-drag-reorder";
import { newId } from "@/components/browser/new-id";
import { duplicateQuestion, emptyQuestion, type EditorDoc } from "@/core/editor-doc";
import { canMove, type EditorAction } from "@/core/editor-reducer";
import type { QuestionType } from "@/core/question";
import { LIMITS } from "@/core/quiz-limits";
import { QuestionCard } from "./question-card";
import { QuestionPreview } from "./question-preview";

const TYPE_ICONS: Record<QuestionType, typeof CircleDot> = {
  single: CircleDot,
  multiple: ListChecks,
  boolean: ToggleLeft,
  text: Type,
  order: ArrowDownUp,
  number: Hash,
  poll: ChartBar,
  slide: Presentation,
  wordcloud: Cloud,
  open: NotebookPen,
};

type Props = {
  doc: EditorDoc;
  dispatch: (action: EditorAction) => void;
  /** Each field's problem, already in the author's language. */
  errors: Record<string, string>;
  /** Problems are keyed by position: a move or a deletion makes them stale. */
  clearErrors: () => void;
};

/** The quiz's questions: reordered by drag, arrow keys or buttons; added by type; previewed. */
export function QuestionList({ doc, dispatch, errors, clearErrors }: Props) {
  const t = useTranslations("editor");
  const tt = useTranslations("quiz.types");
  const [preview, setPreview] = useState<number | null>(null);

  const moveQuestion = (from: number, to: number) => {
    if (!canMove(doc, from, to)) return;
    dispatch({ type: "moveQuestion", from, to });
    clearErrors();
    // Keep keyboard focus on the moved question's handle.
    requestAnimationFrame(() => document.querySelectorAll<HTMLElement>("[data-testid=drag-handle]")[to]?.focus());
  };
  const addQuestion = (type: QuestionType) => {
    dispatch({ type: "addQuestion", question: emptyQuestion(type, newId) });
    const index = doc.questions.length;
    requestAnimationFrame(() => document.getElementById(`q${index}-prompt`)?.focus());
  };
  const drag = useDragReorder({ rows: "[data-testid=question-card]", move: moveQuestion, count: doc.questions.length });

  return (
    <section aria-labelledby="questions-title" className="min-w-0">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="questions-title" className="text-lg font-bold">
          {t("questions", { count: doc.questions.length })}
        </h2>
        {errors.questions && (
          <p id="question-list-error" className="text-sm font-medium text-rose-700 dark:text-rose-400">
            {errors.questions}
          </p>
        )}
      </div>
      {doc.questions.length === 0 ? (
        <p className="rounded-3xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t("noQuestions")}</p>
      ) : (
        <ol className="space-y-4" {...drag.listProps}>
          {doc.questions.map((q, i) => (
            <QuestionCard
              key={q.id}
              question={q}
              index={i}
              count={doc.questions.length}
              errors={errors}
              onChange={(next) => dispatch({ type: "setQuestion", index: i, question: next })}
              onMove={(to) => moveQuestion(i, to)}
              onDuplicate={() => dispatch({ type: "duplicateQuestion", index: i, copy: duplicateQuestion(q, newId) })}
              onDelete={() => {
                if (q.prompt.trim() && !window.confirm(t("deleteQuestionConfirm", { n: i + 1 }))) return;
                dispatch({ type: "deleteQuestion", id: q.id });
                clearErrors();
              }}
              onPreview={() => setPreview(i)}
              drag={{ ...drag.handleProps(i), onKeyDown: (e) => drag.onKeyDown(i, e), over: drag.over === i && drag.dragging !== null && drag.dragging !== i }}
            />
          ))}
        </ol>
      )}
      <div className="mt-4 rounded-3xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="mb-2 text-sm font-semibold">{t("addQuestion")}</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {(Object.keys(TYPE_ICONS) as QuestionType[]).map((type) => {
            const Icon = TYPE_ICONS[type];
            return (
              <button
                key={type}
                type="button"
                className={buttonClass("secondary", "md", "justify-start")}
                onClick={() => addQuestion(type)}
                disabled={doc.questions.length >= LIMITS.questionsMax}
                data-testid={`add-${type}`}
              >
                <Icon className="size-4" aria-hidden />
                {tt(type)}
              </button>
            );
          })}
        </div>
      </div>
      {preview !== null && doc.questions[preview] && (
        <QuestionPreview question={doc.questions[preview]} index={preview} timeLimit={doc.timeLimit} onClose={() => setPreview(null)} />
      )}
    </section>
  );
}
