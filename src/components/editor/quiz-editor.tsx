"use client";

import { clsx } from "clsx";
import {
  AlertTriangle,
  ArrowDownUp,
  Check,
  CheckCircle2,
  CircleDot,
  CloudOff,
  Download,
  ExternalLink,
  EyeOff,
  Hash,
  ListChecks,
  Loader2,
  Rocket,
  ToggleLeft,
  Trash2,
  Type,
} from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition, type PointerEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { Field, SelectField, TextArea, TextField, describedBy } from "@/components/ui/field";
import { duplicateQuestion, emptyQuestion, type EditorDoc, type EditorProblem, type EditorQuestion } from "@/core/editor";
import type { QuestionType } from "@/core/question";
import { CATEGORIES, DIFFICULTIES, LIMITS, VISIBILITIES } from "@/core/quiz-schema";
import { deleteQuizAction, publishAction, resolveConflictAction, unpublishAction } from "@/server/actions/editor";
import { newId } from "@/components/browser/new-id";
import { QuestionCard } from "./question-card";
import { QuestionPreview } from "./question-preview";
import { CREATED_KEY, useAutosave, type QuizRef, type SaveState } from "./use-autosave";

const FLASH_KEY = "quizdeck:editor:flash";

const TYPE_ICONS: Record<QuestionType, typeof CircleDot> = {
  single: CircleDot,
  multiple: ListChecks,
  boolean: ToggleLeft,
  text: Type,
  order: ArrowDownUp,
  number: Hash,
};
const LANGUAGES = ["en", "es", "fr", "de", "it", "pt"] as const;

type Props = {
  quiz: QuizRef & { status: "draft" | "published" | "hidden" };
  doc: EditorDoc;
};

/** The quiz editor: settings and questions, saved as you type, published when every rule holds. */
export function QuizEditor({ quiz, doc: initialDoc }: Props) {
  const t = useTranslations("editor");
  const errorText = useErrorText();
  const sayProblem = (p: EditorProblem) => t(`problem.${p.code}`, { n: p.n ?? 0 });
  const tc = useTranslations("categories");
  const td = useTranslations("quiz.difficulty");
  const tt = useTranslations("quiz.types");
  const tl = useTranslations("languages");
  const router = useRouter();
  const { doc, update, ref, state, conflict, setConflict, resolved, flushNow, setVersion, markSaved } = useAutosave(quiz, initialDoc);
  const [status, setStatus] = useState(quiz.status);
  // Each field's problem, said in the author's language.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: "ok" | "error"; text: string; link?: string } | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [pending, startTransition] = useTransition();
  const [tagsText, setTagsText] = useState(doc.tags.join(", "));
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    try {
      // Reloading /create reopens the quiz this tab already made.
      const created = !quiz.id && sessionStorage.getItem(CREATED_KEY);
      if (created) {
        sessionStorage.removeItem(CREATED_KEY);
        router.replace(`/quiz/${(JSON.parse(created) as { slug: string }).slug}/edit`);
        return;
      }
      const flash = sessionStorage.getItem(FLASH_KEY);
      if (flash) {
        sessionStorage.removeItem(FLASH_KEY);
        setNotice(JSON.parse(flash) as { kind: "ok"; text: string; link?: string });
      }
    } catch {
      // No session storage: nothing to restore.
    }
    // Leaving the page (not reloading it) forgets the quiz made here, so the next /create starts anew.
    return () => {
      if (!quiz.id) sessionStorage.removeItem(CREATED_KEY);
    };
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = <K extends keyof EditorDoc>(key: K, value: EditorDoc[K]) => update((d) => ({ ...d, [key]: value }));
  const setQuestion = (i: number, q: EditorQuestion) => update((d) => ({ ...d, questions: d.questions.map((x, j) => (j === i ? q : x)) }));
  const moveQuestion = (from: number, to: number) => {
    if (to < 0 || to >= doc.questions.length || from === to) return;
    update((d) => {
      const questions = [...d.questions];
      const [q] = questions.splice(from, 1);
      if (q) questions.splice(to, 0, q);
      return { ...d, questions };
    });
    // Errors are keyed by position; they are stale after a move until the next publish check.
    setErrors({});
    // Keep keyboard focus on the moved question's handle.
    requestAnimationFrame(() => document.querySelectorAll<HTMLElement>("[data-testid=drag-handle]")[to]?.focus());
  };
  const addQuestion = (type: QuestionType) => {
    update((d) => ({ ...d, questions: [...d.questions, emptyQuestion(type, newId)] }));
    const index = doc.questions.length;
    requestAnimationFrame(() => document.getElementById(`q${index}-prompt`)?.focus());
  };
  const err = (key: string) => errors[key];

  const publish = () =>
    startTransition(async () => {
      setNotice(null);
      // The latest saved state, not this render's (the save just now moved the version on).
      const saved = await flushNow();
      if (!saved) return;
      if (!saved.ref.id) {
        setNotice({ kind: "error", text: t("addTitleFirst") });
        return;
      }
      const { ref: current, doc } = saved;
      const res = await publishAction(saved.ref.id, doc, saved.ref.version);
      if (!res.ok) {
        setNotice({ kind: "error", text: errorText(res.code) });
        return;
      }
      const value = res.value;
      if (value.published) {
        setErrors({});
        setVersion(value.version, { slug: value.slug });
        markSaved(doc);
        setStatus((s) => (s === "hidden" ? s : "published"));
        const notice = { kind: "ok" as const, text: t("published"), link: `/quiz/${value.slug}` };
        setNotice(notice);
        if (value.slug !== current.slug || window.location.pathname !== `/quiz/${value.slug}/edit`) {
          // The first publish names the quiz after its title: open the editor at its new address
          // and keep the message across the move.
          sessionStorage.setItem(FLASH_KEY, JSON.stringify(notice));
          router.replace(`/quiz/${value.slug}/edit`);
        }
      } else if ("errors" in value) {
        setVersion(value.version);
        markSaved(doc);
        setErrors(Object.fromEntries(Object.entries(value.errors).map(([path, p]) => [path, sayProblem(p)])));
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else {
        setConflict(value.conflict);
      }
    });

  const unpublish = () =>
    startTransition(async () => {
      if (!ref.id) return;
      const res = await unpublishAction(ref.id);
      if (res.ok) {
        setStatus("draft");
        setNotice({ kind: "ok", text: t("unpublished") });
      } else setNotice({ kind: "error", text: errorText(res.code) });
    });

  const remove = () => {
    if (!ref.id || !ref.slug) return;
    if (!window.confirm(t("deleteConfirm", { title: doc.title || t("untitled") }))) return;
    const id = ref.id;
    const slug = ref.slug;
    startTransition(async () => {
      const res = await deleteQuizAction(id, slug);
      if (res && !res.ok) setNotice({ kind: "error", text: errorText(res.code) });
    });
  };

  const resolve = (keep: "mine" | "theirs") =>
    startTransition(async () => {
      if (!ref.id) return;
      const res = await resolveConflictAction(ref.id, doc, keep);
      if (!res.ok) {
        setNotice({ kind: "error", text: errorText(res.code) });
        return;
      }
      resolved(res.value);
      setTagsText(res.value.doc.tags.join(", "));
      setNotice({ kind: "ok", text: keep === "mine" ? t("keptMine") : t("keptTheirs"), link: `/quiz/${res.value.copySlug}/edit` });
    });

  // Pointer-based dragging (mouse, touch and pen alike; HTML5 drag and drop does not work on
  // phones). The handle captures the pointer; the card under it is the drop target.
  const dragRef = useRef<number | null>(null);
  const targetAt = (y: number): number => {
    const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=question-card]")];
    const hit = cards.findIndex((c) => {
      const r = c.getBoundingClientRect();
      return y >= r.top && y <= r.bottom;
    });
    if (hit !== -1) return hit;
    const first = cards[0]?.getBoundingClientRect();
    return first && y < first.top ? 0 : cards.length - 1;
  };
  const dragProps = (i: number) => ({
    onPointerDown: (e: PointerEvent<HTMLButtonElement>) => {
      if (e.button !== 0) return;
      dragRef.current = i;
      setDragFrom(i);
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLButtonElement>) => {
      if (dragRef.current === null) return;
      setDragOver(targetAt(e.clientY));
    },
    onPointerUp: (e: PointerEvent<HTMLButtonElement>) => {
      const from = dragRef.current;
      dragRef.current = null;
      setDragFrom(null);
      setDragOver(null);
      if (from !== null) moveQuestion(from, targetAt(e.clientY));
    },
    onPointerCancel: () => {
      dragRef.current = null;
      setDragFrom(null);
      setDragOver(null);
    },
    over: dragOver === i && dragFrom !== null && dragFrom !== i,
  });

  const errorCount = Object.keys(errors).length;
  const errorList = Object.entries(errors);

  return (
    <div className="container-page py-6 sm:py-8">
      <div className="sticky top-[7.25rem] z-30 -mx-4 sm:top-16 mb-6 border-b border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border dark:border-zinc-800 dark:bg-zinc-950/95">
        <div className="flex flex-wrap items-center gap-2">
          <div className="mr-auto min-w-0">
            <h1 className="truncate text-lg font-extrabold tracking-tight sm:text-xl">{doc.title.trim() || t("untitled")}</h1>
            <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
              <StatusBadge status={status} />
              <SaveIndicator state={state} />
            </div>
          </div>
          {ref.slug && status !== "draft" && (
            <Link href={`/quiz/${ref.slug}`} className={buttonClass("ghost", "sm")}>
              <ExternalLink className="size-4" aria-hidden />
              <span className="hidden sm:inline">{t("view")}</span>
            </Link>
          )}
          {ref.slug && (
            <details className="relative">
              <summary className={clsx(buttonClass("secondary", "sm"), "list-none [&::-webkit-details-marker]:hidden")}>
                <Download className="size-4" aria-hidden />
                <span className="hidden sm:inline">{t("export")}</span>
                <span className="sr-only sm:hidden">{t("export")}</span>
              </summary>
              <div className="absolute right-0 z-40 mt-2 w-44 rounded-2xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
                {(["json", "csv", "gift", "apkg"] as const).map((f) => (
                  <a
                    key={f}
                    href={`/api/v1/quizzes/${ref.slug}/export?format=${f}`}
                    download
                    onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                    className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
                    {t(`exportAs.${f}`)}
                  </a>
                ))}
              </div>
            </details>
          )}
          {status === "published" && (
            <button type="button" className={buttonClass("secondary", "sm")} onClick={unpublish} disabled={pending}>
              <EyeOff className="size-4" aria-hidden />
              <span className="hidden sm:inline">{t("unpublish")}</span>
              <span className="sr-only sm:hidden">{t("unpublish")}</span>
            </button>
          )}
          <button type="button" className={buttonClass("primary", "sm")} onClick={publish} disabled={pending || state === "conflict"} data-testid="publish">
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Rocket className="size-4" aria-hidden />}
            {status === "draft" ? t("publish") : t("publishChanges")}
          </button>
        </div>
      </div>

      <div aria-live="polite" className="space-y-3">
        {notice && (
          <p
            role={notice.kind === "error" ? "alert" : "status"}
            className={clsx(
              "mb-4 flex flex-wrap items-center gap-2 rounded-2xl px-4 py-3 text-sm font-medium",
              notice.kind === "ok" ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-rose-50 text-rose-900 dark:bg-rose-950 dark:text-rose-100",
            )}
          >
            {notice.kind === "ok" ? <CheckCircle2 className="size-4" aria-hidden /> : <AlertTriangle className="size-4" aria-hidden />}
            {notice.text}
            {notice.link && (
              <Link href={notice.link} className="font-semibold underline">
                {t("open")}
              </Link>
            )}
          </p>
        )}
      </div>

      {conflict && (
        <div role="alert" className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="conflict">
          <p className="flex items-center gap-2 font-bold">
            <AlertTriangle className="size-5" aria-hidden />
            {t("conflictTitle")}
          </p>
          <p className="mt-1 text-sm">{t("conflictText", { theirs: conflict.doc.questions.length, mine: doc.questions.length })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={buttonClass("primary", "sm")} onClick={() => resolve("mine")} disabled={pending}>
              {t("keepMine")}
            </button>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => resolve("theirs")} disabled={pending}>
              {t("keepTheirs")}
            </button>
          </div>
        </div>
      )}

      {errorCount > 0 && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="mb-6 rounded-2xl border border-rose-300 bg-rose-50 p-4 text-rose-950 focus:outline-none dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100" data-testid="publish-errors">
          <p className="font-bold">{t("problems", { count: errorCount })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {errorList.slice(0, 12).map(([path, message]) => (
              <li key={path}>
                <a href={`#${anchorFor(path)}`} className="underline">
                  {describePath(path, t)}
                </a>
                : {message}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="settings-title" className="h-fit space-y-4 rounded-3xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-40 dark:border-zinc-800 dark:bg-zinc-900">
          <h2 id="settings-title" className="text-lg font-bold">
            {t("settings")}
          </h2>
          <TextField id="f-title" label={t("title")} value={doc.title} onChange={(e) => set("title", e.target.value)} maxLength={LIMITS.titleMax * 2} error={err("title")} placeholder={t("titlePlaceholder")} />
          <TextArea id="f-description" label={t("description")} value={doc.description} onChange={(e) => set("description", e.target.value)} rows={3} error={err("description")} />
          <div className="grid grid-cols-2 gap-3">
            <SelectField id="f-category" label={t("category")} value={doc.category} onChange={(e) => set("category", e.target.value)} error={err("category")}>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {tc(c)}
                </option>
              ))}
            </SelectField>
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
              setTagsText(e.target.value);
              set(
                "tags",
                e.target.value
                  .split(",")
                  .map((s) => s.trim())
                  .filter(Boolean),
              );
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
          {ref.id && (
            <button type="button" className={buttonClass("ghost", "sm", "text-rose-700 dark:text-rose-400")} onClick={remove} disabled={pending} data-testid="delete-quiz">
              <Trash2 className="size-4" aria-hidden />
              {t("deleteQuiz")}
            </button>
          )}
        </section>

        <section aria-labelledby="questions-title" className="min-w-0">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="questions-title" className="text-lg font-bold">
              {t("questions", { count: doc.questions.length })}
            </h2>
            {err("questions") && (
              <p id="question-list-error" className="text-sm font-medium text-rose-700 dark:text-rose-400">
                {err("questions")}
              </p>
            )}
          </div>
          {doc.questions.length === 0 ? (
            <p className="rounded-3xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t("noQuestions")}</p>
          ) : (
            <ol className="space-y-4">
              {doc.questions.map((q, i) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  index={i}
                  count={doc.questions.length}
                  errors={errors}
                  onChange={(next) => setQuestion(i, next)}
                  onMove={(to) => moveQuestion(i, to)}
                  onDuplicate={() => update((d) => ({ ...d, questions: [...d.questions.slice(0, i + 1), duplicateQuestion(q, newId), ...d.questions.slice(i + 1)] }))}
                  onDelete={() => {
                    if (q.prompt.trim() && !window.confirm(t("deleteQuestionConfirm", { n: i + 1 }))) return;
                    update((d) => ({ ...d, questions: d.questions.filter((x) => x.id !== q.id) }));
                    setErrors({});
                  }}
                  onPreview={() => setPreview(i)}
                  drag={dragProps(i)}
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
        </section>
      </div>
      {preview !== null && doc.questions[preview] && (
        <QuestionPreview question={doc.questions[preview]} index={preview} timeLimit={doc.timeLimit} onClose={() => setPreview(null)} />
      )}
    </div>
  );
}

function StatusBadge({ status }: { status: "draft" | "published" | "hidden" }) {
  const t = useTranslations("editor.status");
  return (
    <span
      data-testid="quiz-status"
      className={clsx(
        "rounded-full px-2 py-0.5 font-semibold",
        status === "published" && "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
        status === "draft" && "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
        status === "hidden" && "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
      )}
    >
      {t(status)}
    </span>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const t = useTranslations("editor.save");
  const Icon = state === "saving" ? Loader2 : state === "offline" || state === "conflict" ? CloudOff : Check;
  return (
    <span className="inline-flex items-center gap-1" data-testid="save-state" data-state={state}>
      <Icon className={clsx("size-3.5", state === "saving" && "animate-spin")} aria-hidden />
      {t(state)}
    </span>
  );
}

/** The element id of the field a problem belongs to (the summary links to it). */
function anchorFor(path: string): string {
  const parts = path.split(".");
  if (parts[0] !== "questions" || parts.length < 3) return parts[0] === "questions" ? "questions-title" : `f-${parts[0] === "timeLimit" ? "time" : parts[0]}`;
  const i = parts[1];
  const field = parts[2];
  if (field === "options" && parts[3] !== undefined) return `q${i}-option-${parts[3]}`;
  if (field === "accepted" && parts[3] !== undefined) return `q${i}-accepted-${parts[3]}`;
  if (field === "items" && parts[3] !== undefined) return `q${i}-item-${parts[3]}`;
  if (field === "timeLimit") return `q${i}-time`;
  if (field === "correct" || field === "options" || field === "accepted" || field === "items") return `question-${i}`;
  return `q${i}-${field}`;
}

function describePath(path: string, t: ReturnType<typeof useTranslations<"editor">>): string {
  const parts = path.split(".");
  if (parts[0] === "questions" && parts[1] !== undefined) return t("questionN", { n: Number(parts[1]) + 1 });
  if (parts[0] === "questions") return t("questionsLabel");
  return t("settings");
}
