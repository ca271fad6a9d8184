"use client";

import { clsx } from "clsx";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Eye from "lucide-react/icons/eye";
import FileUp from "lucide-react/icons/file-up";
import Info from "lucide-react/icons/info";
import Loader2 from "lucide-react/icons/loader-circle";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import type { ImportProblem, ImportResult } from "@/core/import";
import type { ProblemDetail } from "@/core/import/problems";
import type { QuestionInput } from "@/core/quiz-schema";
import { importAction, previewImportAction } from "@/server/actions/imports";

const FORMATS = ["json", "csv", "gift", "aiken", "opentdb", "kahoot", "apkg"] as const;
type Format = (typeof FORMATS)[number];
/** Files read as bytes and sent as base64; the others must be UTF-8 text. */
const BINARY: readonly Format[] = ["kahoot", "apkg"];
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const MAX_BYTES = 5 * 1024 * 1024;

/** The format a file most likely is, from its name and first bytes. */
function guessFormat(name: string, text: string | null): Format | null {
  const ext = name.toLowerCase().split(".").pop();
  if (ext === "xlsx") return "kahoot";
  if (ext === "apkg") return "apkg";
  if (ext === "csv") return "csv";
  if (ext === "gift") return "gift";
  if (ext === "json") return text && /"results"\s*:/.test(text.slice(0, 2000)) && /"incorrect_answers"/.test(text) ? "opentdb" : "json";
  if (ext === "txt") return text && /^\s*ANSWER\s*:/m.test(text) ? "aiken" : "gift";
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

type Loaded = { name: string; content: string; size: number };
type Problem = Pick<ImportProblem, "line" | "reason" | "skipped" | "question" | "details">;

/** Upload → preview with every problem → import as a draft. Nothing is saved before the last step. */
export function ImportForm() {
  const t = useTranslations("import");
  const tt = useTranslations("quiz.types");
  const router = useRouter();
  const id = useId();
  const [format, setFormat] = useState<Format>("json");
  const [file, setFile] = useState<Loaded | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: Problem[] } | null>(null);
  const [pending, startTransition] = useTransition();

  const load = async (f: File) => {
    setPreview(null);
    setFailure(null);
    const bytes = new Uint8Array(await f.arrayBuffer());
    if (bytes.byteLength > MAX_BYTES) {
      setFile(null);
      setFailure({ message: t("tooLarge", { size: (bytes.byteLength / 1024 / 1024).toFixed(1) }), problems: [] });
      return;
    }
    // A zip is never text: no peeking at its bytes as UTF-8.
    const guessed = guessFormat(f.name, isZip(bytes) ? null : new TextDecoder().decode(bytes.subarray(0, 4096)));
    const fmt = guessed ?? format;
    if (guessed) setFormat(guessed);
    // Spreadsheets and Anki decks travel as base64; text must be UTF-8, or it would arrive mangled.
    let content: string;
    if (BINARY.includes(fmt)) content = toBase64(bytes);
    else {
      try {
        content = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        setFile(null);
        setFailure({ message: t("notUtf8"), problems: [] });
        return;
      }
    }
    setFile({ name: f.name, content, size: bytes.byteLength });
  };

  const input = () => ({ format, content: file?.content ?? "", skipInvalid, fileName: file?.name });

  const runPreview = () =>
    startTransition(async () => {
      setFailure(null);
      const res = await previewImportAction(input());
      if (res.ok) setPreview(res.value);
      else setFailure({ message: res.message, problems: res.lines ?? [] });
    });

  const runImport = () =>
    startTransition(async () => {
      setFailure(null);
      const res = await importAction(input());
      if (res.ok) router.push(`/quiz/${res.value.quiz.slug}/edit`);
      else setFailure({ message: res.message, problems: res.lines ?? [] });
    });

  const problems: Problem[] = preview?.problems ?? [];
  // Spreadsheets number rows; text files number lines; an Anki deck numbers its notes.
  const rows = format === "csv" || format === "kahoot";
  const notes = format === "apkg";
  return (
    <div className="mt-6 space-y-6">
      <form
        className="grid gap-4 rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:grid-cols-2 dark:border-zinc-800 dark:bg-zinc-900"
        onSubmit={(e) => {
          e.preventDefault();
          runPreview();
        }}
      >
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-semibold">
            {t("file")}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.csv,.gift,.txt,.xlsx,.apkg"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void load(f);
            }}
            className="block w-full rounded-xl border border-dashed border-zinc-300 bg-zinc-50 p-4 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white dark:border-zinc-700 dark:bg-zinc-950"
            aria-describedby={`${id}-file-help`}
          />
          <p id={`${id}-file-help`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {t("fileHelp")}
          </p>
        </div>
        <SelectField
          id={`${id}-format`}
          label={t("format")}
          value={format}
          onChange={(e) => {
            setFormat(e.target.value as Format);
            setPreview(null);
          }}
        >
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`formats.${f}`)}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 self-end pb-3 text-sm">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} className="size-4 accent-brand-600" />
          {t("skipInvalid")}
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass("secondary")} disabled={!file || pending} data-testid="import-preview">
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {t("preview")}
          </button>
          <button type="button" className={buttonClass("primary")} onClick={runImport} disabled={!preview || pending || preview.questions.length === 0} data-testid="import-submit">
            <FileUp className="size-4" aria-hidden />
            {t("importDraft", { count: preview?.questions.length ?? 0 })}
          </button>
        </div>
      </form>

      <div aria-live="polite">
        {failure && (
          <div role="alert" className="rounded-2xl border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100" data-testid="import-failure">
            <p className="flex items-center gap-2 font-bold">
              <AlertTriangle className="size-5" aria-hidden />
              {failure.message}
            </p>
            <ProblemList problems={failure.problems} rows={rows} notes={notes} />
          </div>
        )}
      </div>

      {preview && (
        <section aria-labelledby={`${id}-preview`} className="space-y-4" data-testid="import-preview-result">
          <div className="rounded-3xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
            <h2 id={`${id}-preview`} className="text-xl font-bold">
              {preview.quiz.title}
            </h2>
            <p className="mt-1 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
              {t("summary", { ok: preview.questions.length, problems: problems.length })}
            </p>
            {preview.quiz.source && (
              <p className="mt-1 text-xs text-zinc-500">{t("attribution", { source: preview.quiz.source, licence: preview.quiz.licence ?? "—" })}</p>
            )}
          </div>
          {problems.length > 0 && (
            <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="import-problems">
              <p className="font-bold">{t("problemsTitle", { count: problems.length })}</p>
              <p className="text-sm">{skipInvalid ? t("problemsSkipped") : t("problemsBlock")}</p>
              <ProblemList problems={problems} rows={rows} notes={notes} />
            </div>
          )}
          {preview.notices && preview.notices.length > 0 && (
            <ul className="space-y-1 rounded-2xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100" data-testid="import-notices">
              {preview.notices.map((n) => (
                <li key={n} className="flex items-start gap-2">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {n}
                </li>
              ))}
            </ul>
          )}
          <ol className="space-y-2">
            {preview.questions.map(({ line, question }, i) => (
              <li key={`${line}-${i}`} className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                <p className="text-xs font-semibold text-zinc-500 uppercase">
                  {notes ? t("noteN", { note: line }) : rows ? t("rowN", { row: line }) : t("lineN", { line })} · {tt(question.type)}
                </p>
                <p className="mt-1 font-semibold">{question.prompt}</p>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{summarize(question, t)}</p>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

function ProblemList({ problems, rows, notes }: { problems: Problem[]; rows: boolean; notes: boolean }) {
  const t = useTranslations("import");
  if (problems.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="problem-list">
      {problems.map((p, i) => (
        <li key={i} className={clsx("flex gap-2", p.skipped && "opacity-90")}>
          <span className="shrink-0 font-mono font-semibold">
            {p.line > 0 ? (notes ? t("noteN", { note: p.line }) : rows ? t("rowN", { row: p.line }) : t("lineN", { line: p.line })) : t("wholeFile")}
          </span>
          <span>{problemReason(p, t)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A problem's reason in the viewer's language, from its codes; the importer's English only for a
 * reason that has no code yet (or a code this page does not know, from a newer server).
 */
function problemReason(p: Problem, t: ReturnType<typeof useTranslations<"import">>): string {
  // The catalogue, not the code list, decides: the English templates stay on the server.
  if (!p.details?.length || !p.details.every((d) => t.has(`problems.${d.code}`))) return p.reason;
  const say = (d: ProblemDetail) => {
    const params: Record<string, string | number> = { ...d.params, has: d.params?.found !== undefined ? "yes" : "no" };
    const field = d.params?.field;
    if (typeof field === "string") params.field = t.has(`fields.${field}`) ? t(`fields.${field}` as "fields.type", { n: Number(d.params?.index ?? 0) }) : field;
    return t(`problems.${d.code}`, params);
  };
  const text = p.details.map(say).join("; ");
  return p.question !== undefined ? `${t("questionN", { n: p.question })}: ${text}` : text;
}

/** The answer key is the importer's own file: showing it to the person importing it leaks nothing. */
function summarize(q: QuestionInput, t: ReturnType<typeof useTranslations<"import">>): string {
  switch (q.type) {
    case "single":
      return q.options.map((o, i) => (i === q.correct ? `✓ ${o}` : o)).join(" · ");
    case "multiple":
      return q.options.map((o, i) => (q.correct.includes(i) ? `✓ ${o}` : o)).join(" · ");
    case "boolean":
      return q.correct ? t("true") : t("false");
    case "text":
      return q.accepted.join(" / ");
    case "order":
      return q.items.join(" → ");
    case "number":
      return `${q.answer}${q.unit ? ` ${q.unit}` : ""} (± ${q.tolerance})`;
    case "poll":
      return q.options.join(" · ");
    case "slide":
      return q.text;
    case "wordcloud":
      return t("summaryWordcloud", { count: q.maxWords });
    case "open":
      return q.modelAnswer ?? t("summaryOpen", { count: q.maxLength });
  }
}
