"use client";

import { useCallback, useRef, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { EditorDoc } from "@/core/editor";
import { editorReducer, type EditorAction } from "@/core/editor-reducer";
import { EditorToolbar } from "./editor-toolbar";
import { ConflictBox, EditorNotice, PublishProblems, focusProblem } from "./editor-messages";
import { QuestionList } from "./question-list";
import { SettingsPanel } from "./settings-panel";
import { useAutosave, type QuizRef } from "./use-autosave";
import { usePublish, type QuizStatus } from "./use-publish";

type Props = {
  quiz: QuizRef & { status: QuizStatus };
  doc: EditorDoc;
};

/**
 * The quiz editor: settings and questions, saved as you type, published when every rule holds.
 * Every change is an action on the working copy (src/core/editor-reducer.ts), saved by `useAutosave`.
 * The editor comes with the page's HTML; its controls stay off until the page's code runs, since a
 * click before that reaches no handler and a word typed is lost when React takes the box over. They
 * are off too while a reloaded /create moves on to the quiz it made.
 */
export function QuizEditor({ quiz, doc: initialDoc }: Props) {
  const autosave = useAutosave(quiz, initialDoc);
  const { doc, update, ref, state, conflict } = autosave;
  const dispatch = useCallback((action: EditorAction) => update((d) => editorReducer(d, action)), [update]);
  const [tagsText, setTagsText] = useState(doc.tags.join(", "));
  const summaryRef = useRef<HTMLDivElement>(null);
  const { status, errors, clearErrors, notice, pending, moving, publish, unpublish, remove, resolve } = usePublish({
    quizId: quiz.id,
    initialStatus: quiz.status,
    autosave,
    // The first problem's field takes focus (the summary, when the problem has no field of its own).
    onProblems: (paths) =>
      requestAnimationFrame(() => {
        if (!paths[0] || !focusProblem(paths[0])) summaryRef.current?.focus();
      }),
    onResolved: (next) => setTagsText(next.tags.join(", ")),
  });

  const hydrated = useHydrated();

  return (
    <fieldset disabled={!hydrated || moving} className="container-page py-6 sm:py-8">
      <EditorToolbar title={doc.title} slug={ref.slug} status={status} state={state} pending={pending} onPublish={publish} onUnpublish={unpublish} />
      <EditorNotice notice={notice} />
      {conflict && <ConflictBox theirs={conflict.doc.questions.length} mine={doc.questions.length} pending={pending} onResolve={resolve} />}
      {Object.keys(errors).length > 0 && <PublishProblems errors={errors} summaryRef={summaryRef} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <SettingsPanel doc={doc} dispatch={dispatch} errors={errors} tagsText={tagsText} onTagsText={setTagsText} onDelete={ref.id ? remove : null} pending={pending} />
        <QuestionList doc={doc} dispatch={dispatch} errors={errors} clearErrors={clearErrors} />
      </div>
    </fieldset>
  );
}
