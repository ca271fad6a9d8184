"use client";

import ImagePlus from "lucide-react/icons/image-plus";
import Trash2 from "lucide-react/icons/trash";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { THUMB_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage, type ImageStatus } from "@/components/answer/question-image";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import type { EditorQuestion } from "@/core/editor-doc";
import { LIMITS } from "@/core/quiz-limits";
import { UNCHECKED, useEditorRules } from "./use-editor-rules";

/** How long the address must stay unchanged before the preview loads it (not every keystroke). */
const PREVIEW_DELAY_MS = 500;

type Props = {
  q: EditorQuestion;
  base: string;
  /** The field's problem from the last publish check, already in the author's language. */
  err: (path: string) => string | undefined;
  onChange: (q: EditorQuestion) => void;
};

/**
 * A question's optional picture: its address, a description for people who cannot see it, a
 * preview as players will see it, and Remove. Both are fields of the question like any other, so
 * autosave and the publish check treat them alike; the address is also checked as the author
 * leaves the field (the same rule publishing applies), since a preview of a refused address is
 * impossible and the author should not have to publish to learn why.
 */
export function PictureField({ q, base, err, onChange }: Props) {
  const t = useTranslations("editor");
  const url = q.imageUrl ?? "";
  const [open, setOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<{ src: string; status: ImageStatus } | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const rules = useEditorRules();
  const check = rules ? rules.checkImageUrl(url) : UNCHECKED;
  const preview = useSettled(check.ok ? check.url : null);
  const status = result?.src === preview ? result.status : "loading";

  if (!open && !url) {
    return (
      <button
        ref={addRef}
        type="button"
        // The gap goes after it: when "Add audio" beside it wraps, it starts at the line's edge.
        className={buttonClass("secondary", "sm", "mt-3 mr-2")}
        onClick={() => {
          setOpen(true);
          requestAnimationFrame(() => document.getElementById(`${base}-imageUrl`)?.focus());
        }}
      >
        <ImagePlus className="size-4" aria-hidden />
        {t("addPicture")}
      </button>
    );
  }

  // A publish problem at the address shows the field's check as it stands now, so it goes away
  // once the address is fixed rather than waiting for the next publish.
  const urlError = (touched || err("imageUrl")) && !check.ok ? t(`problem.${check.problem.code}`, { n: check.problem.n ?? 0 }) : undefined;
  const altTooLong = (q.imageAlt ?? "").trim().length > LIMITS.imageAltMax;
  const altError = altTooLong ? t("problem.max_chars", { n: LIMITS.imageAltMax }) : err("imageAlt");
  const remove = () => {
    const { imageUrl: _url, imageAlt: _alt, ...rest } = q;
    onChange(rest);
    setOpen(false);
    setTouched(false);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <fieldset className="mt-3 rounded-2xl bg-zinc-50 p-3 dark:bg-zinc-950" data-testid="picture-field">
      <legend className="sr-only">{t("picture")}</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
        <div className="space-y-3">
          <TextField
            id={`${base}-imageUrl`}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            label={t("pictureUrl")}
            placeholder="https://"
            value={url}
            maxLength={LIMITS.imageUrlMax * 2}
            onChange={(e) => onChange({ ...q, imageUrl: e.target.value })}
            onBlur={() => setTouched(true)}
            error={urlError}
            help={t("pictureUrlHelp")}
          />
          <TextField
            id={`${base}-imageAlt`}
            label={t("pictureAlt")}
            value={q.imageAlt ?? ""}
            maxLength={LIMITS.imageAltMax * 2}
            onChange={(e) => onChange({ ...q, imageAlt: e.target.value })}
            error={altError}
            help={t("pictureAltHelp", { max: LIMITS.imageAltMax })}
          />
        </div>
        <div className="space-y-2">
          {preview && (
            <QuestionImage src={preview} alt={q.imageAlt?.trim() || null} box={THUMB_BOX} onStatus={(s) => setResult({ src: preview, status: s })} />
          )}
          <p role="status" className="text-sm" data-testid="picture-status">
            {preview && status === "loading" && <span className="text-zinc-500 dark:text-zinc-400">{t("pictureLoading")}</span>}
            {preview && status === "failed" && <span className="font-medium text-rose-700 dark:text-rose-400">{t("pictureFailed")}</span>}
          </p>
          <button type="button" className={buttonClass("ghost", "sm", "text-rose-700 dark:text-rose-400")} onClick={remove}>
            <Trash2 className="size-4" aria-hidden />
            {t("removePicture")}
          </button>
        </div>
      </div>
    </fieldset>
  );
}

/** The value once it has stopped changing for a moment (a pasted address at once on first show). */
function useSettled(value: string | null): string | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), value === null ? 0 : PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, settled]);
  return settled;
}
