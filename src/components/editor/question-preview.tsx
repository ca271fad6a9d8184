"use client";

import X from "lucide-react/icons/x";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { AnswerInput } from "@/components/answer/answer-input";
import { CARD_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { initialAnswer } from "@/components/answer/rules";
import { buttonClass } from "@/components/ui/button";
import { Rich, RichProvider, type RichHtml } from "@/components/ui/rich";
import { publicTexts } from "@/core/rich-text";
import { previewTextsAction } from "@/server/actions/editor";
import type { EditorQuestion } from "@/core/editor-doc";
import { editorQuestionData } from "@/core/editor-convert";
import type { Answer } from "@/core/grading";
import { toPublicData } from "@/core/question";
import { UNCHECKED, useEditorRules } from "./use-editor-rules";

/** The question as a player sees it before answering (no answer key), in a dialog. */
export function QuestionPreview({ question, index, timeLimit, onClose }: { question: EditorQuestion; index: number; timeLimit: number; onClose: () => void }) {
  const t = useTranslations("editor");
  const ref = useRef<HTMLDialogElement>(null);
  const data = toPublicData(editorQuestionData(question), question.id);
  const [value, setValue] = useState<Answer | null>(initialAnswer(data));
  const rules = useEditorRules();
  const picture = rules ? rules.checkImageUrl(question.imageUrl) : UNCHECKED;
  // Formatting and math are rendered by the server, as in play (no typesetter on this page).
  const [rich, setRich] = useState<RichHtml | undefined>(undefined);
  const texts = JSON.stringify(publicTexts(question.prompt, data));
  useEffect(() => {
    let live = true;
    void previewTextsAction(JSON.parse(texts)).then((res) => {
      if (live && res.ok) setRich(res.value);
    });
    return () => {
      live = false;
    };
  }, [texts]);
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="preview-title"
      className="m-auto w-[min(100vw-1rem,48rem)] rounded-3xl border border-zinc-200 bg-zinc-50 p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <div className="flex items-center justify-between border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 id="preview-title" className="font-bold">
          {t("previewTitle", { n: index + 1 })}
        </h2>
        <button type="button" className={buttonClass("ghost", "icon")} onClick={() => ref.current?.close()} aria-label={t("closePreview")}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="space-y-5 p-5" data-testid="question-preview">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("previewMeta", { seconds: question.timeLimit ?? timeLimit, points: question.points })}
        </p>
        <RichProvider html={rich}>
        <p className="text-xl font-bold sm:text-2xl" data-testid="preview-prompt">
          {question.prompt ? <Rich text={question.prompt} /> : t("noPrompt")}
        </p>
        {picture.ok && picture.url && <QuestionImage src={picture.url} alt={question.imageAlt?.trim() || null} box={CARD_BOX} />}
        <AnswerInput
          question={{
            id: question.id,
            position: index,
            type: question.type,
            prompt: question.prompt,
            points: question.points,
            timeLimit: question.timeLimit ?? timeLimit,
            imageUrl: null,
            imageAlt: null,
            hasHint: Boolean(question.hint),
            data,
          }}
          value={value}
          onChange={setValue}
          onSubmit={() => undefined}
          hint={null}
          disabled={false}
        />
        </RichProvider>
      </div>
    </dialog>
  );
}
