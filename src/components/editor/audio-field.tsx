"use client";

import Music from "lucide-react/icons/eighth-notes";
import Trash2 from "lucide-react/icons/trash";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { EditorQuestion } from "@/core/editor-doc";
import { LIMITS } from "@/core/quiz-limits";
import { UNCHECKED, useEditorRules } from "./use-editor-rules";

type Props = {
  q: EditorQuestion;
  base: string;
  /** The field's problem from the last publish check, already in the author's language. */
  err: (path: string) => string | undefined;
  onChange: (q: EditorQuestion) => void;
};

/**
 * A question's optional audio clip (docs/rules.md §5 "Audio"): a link to an .mp3, .ogg or .m4a
 * file on the author's own site, checked as the author leaves the field by the rule publishing
 * applies, and Remove.
 */
export function AudioField({ q, base, err, onChange }: Props) {
  const t = useTranslations("editor");
  const url = q.audioUrl ?? "";
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const rules = useEditorRules();
  const check = rules ? rules.checkAudioUrl(url) : UNCHECKED;

  if (!open && !url) {
    return (
      <button
        ref={addRef}
        type="button"
        className={buttonClass("secondary", "sm", "mt-3")}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(`${base}-audioUrl`)?.focus());
        }}
        data-testid="add-audio"
      >
        <Music className="size-4" aria-hidden />
        {t("addAudio")}
      </button>
    );
  }
  const urlError = (touched || err("audioUrl")) && !check.ok ? t(`problem.${check.problem.code}`, { n: check.problem.n ?? 0 }) : undefined;
  const remove = () => {
    const { audioUrl: _url, ...rest } = q;
    onChange(rest);
    setOpen(false);
    setTouched(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };
  return (
    <fieldset className="mt-3 rounded-2xl bg-zinc-50 p-3 dark:bg-zinc-950" data-testid="audio-field">
      <legend className="sr-only">{t("audio")}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${base}-audioUrl`}
          fieldClassName="min-w-0 flex-1"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          label={t("audioUrl")}
          placeholder="https://"
          value={url}
          maxLength={LIMITS.imageUrlMax * 2}
          onChange={(e) => onChange({ ...q, audioUrl: e.target.value })}
          onBlur={() => setTouched(true)}
          error={urlError}
          help={t("audioUrlHelp")}
        />
        <button type="button" className={buttonClass("ghost", "sm", "text-rose-700 dark:text-rose-400")} onClick={remove}>
          <Trash2 className="size-4" aria-hidden />
          {t("removeAudio")}
        </button>
      </div>
    </fieldset>
  );
}
