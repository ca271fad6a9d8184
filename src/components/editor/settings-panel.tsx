"use client";

import { clsx } from "clsx";
import Trash2 from "lucide-react/icons/trash";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Field, SelectField, TextArea, TextField, describedBy } from "@/components/ui/field";
import type { EditorDoc } from "@/core/editor";
import type { EditorAction } from "@/core/editor-reducer";
import { parseTags } from "@/core/editor-reducer";
import { CATEGORIES, DIFFICULTIES, LIMITS, VISIBILITIES } from "@/core/quiz-limits";

const LANGUAGES = ["en", "es", "fr", "de", "it", "pt"] as const;

type Props = {
  doc: EditorDoc;
  dispatch: (action: EditorAction) => void;
  /** Each field's problem, already in the author's language. */
  errors: Record<string, string>;
  /** The tags field as typed (commas and spaces kept while the author types). */
  tagsText: string;
  onTagsText: (text: string) => void;
  /** Deleting is offered once the quiz exists. */
  onDelete: (() => void) | null;
  pending: boolean;
};

/** The quiz's own settings: title, description, category, language, time, tags, visibility, scoring. */
export function SettingsPanel({ doc, dispatch, errors, tagsText, onTagsText, onDelete, pending }: Props) {
  const t = useTranslations("editor");
  const tc = useTranslations("categories");
  const td = useTranslations("quiz.difficulty");
  const tl = useTranslations("languages");
  const set = <K extends keyof EditorDoc>(key: K, value: EditorDoc[K]) => dispatch({ type: "set", key, value } as EditorAction);
  const err = (key: string) => errors[key];

  return (
    <section aria-labelledby="settings-title" className="h-fit space-y-4 rounded-3xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-40 dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="settings-title" className="text-lg font-bold">
        {t("settings")}
      </h2>
      <TextField id="f-title" label={t("title")} value={doc.title} onChange={(e) => set("title", e.target.value)} maxLength={LIMITS.titleMax * 2} error={err("title")} placeholder={t("titlePlaceholder")} />
      <TextArea id="f-description" label={t("description")} value={doc.description} onChange={(e) => set("description", e.target.value)} rows={3} error={err("description")} />
      {/* The whole width: category names are long ("General knowledge", "Cultura general"). */}
      <SelectField id="f-category" label={t("category")} value={doc.category} onChange={(e) => set("category", e.target.value)} error={err("category")}>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {tc(c)}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="f-difficulty" label={t("difficulty")} value={doc.difficulty} onChange={(e) => set("difficulty", e.target.value as EditorDoc["difficulty"])}>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {td(d)}
            </option>
          ))}
        </SelectField>
        <SelectField id="f-language" label={t("language")} value={doc.language} onChange={(e) => set("language", e.target.value)} error={err("language")}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {tl(l)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="f-time"
          type="number"
          inputMode="numeric"
          label={t("defaultTime")}
          min={LIMITS.timeMin}
          max={LIMITS.timeMax}
          value={doc.timeLimit}
          onChange={(e) => set("timeLimit", Math.round(Number(e.target.value) || 0))}
          error={err("timeLimit")}
        />
      </div>
      <TextField
        id="f-tags"
        label={t("tags")}
        value={tagsText}
        onChange={(e) => {
          onTagsText(e.target.value);
          set("tags", parseTags(e.target.value));
        }}
        error={err("tags") ?? Object.entries(errors).find(([k]) => k.startsWith("tags."))?.[1]}
        help={t("tagsHelp")}
      />
      <Field id="f-visibility" label={t("visibility")}>
        <div id="f-visibility" role="radiogroup" className="grid gap-2" {...describedBy("f-visibility")}>
          {VISIBILITIES.map((v) => (
            <label key={v} className={clsx("flex cursor-pointer items-start gap-2 rounded-xl border p-2.5 text-sm", doc.visibility === v ? "border-brand-500 bg-brand-50 dark:bg-brand-950" : "border-zinc-300 dark:border-zinc-700")}>
              <input type="radio" name="visibility" value={v} checked={doc.visibility === v} onChange={() => set("visibility", v)} className="mt-0.5 size-4 accent-brand-600" />
              <span>
                <span className="block font-semibold">{t(`visibilities.${v}`)}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{t(`visibilityHelp.${v}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </Field>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold">{t("scoring")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={doc.speedBonus} onChange={(e) => set("speedBonus", e.target.checked)} className="size-4 accent-brand-600" />
          {t("speedBonus")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={doc.streakBonus} onChange={(e) => set("streakBonus", e.target.checked)} className="size-4 accent-brand-600" />
          {t("streakBonus")}
        </label>
      </fieldset>
      {(doc.source || doc.licence) && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t("attribution", { source: doc.source || "—", licence: doc.licence || "—" })}
        </p>
      )}
      {onDelete && (
        <button type="button" className={buttonClass("ghost", "sm", "text-rose-700 dark:text-rose-400")} onClick={onDelete} disabled={pending} data-testid="delete-quiz">
          <Trash2 className="size-4" aria-hidden />
          {t("deleteQuiz")}
        </button>
      )}
    </section>
  );
}
