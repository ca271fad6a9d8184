"use client";

import { clsx } from "clsx";
import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Link from "@/components/ui/link";
import { useLocale, useTranslations } from "next-intl";
import type { Ref } from "react";
import { buttonClass } from "@/components/ui/button";
import { placeOfPath } from "@/core/editor-fields";
import type { Notice } from "./use-publish";

/** What the last action said (published, unpublished, an error), with a link when there is one. */
export function EditorNotice({ notice }: { notice: Notice | null }) {
  const t = useTranslations("editor");
  return (
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
  );
}

/** Another tab or device saved first: the author keeps one version, the other becomes a draft. */
export function ConflictBox({ theirs, mine, pending, onResolve }: { theirs: number; mine: number; pending: boolean; onResolve: (keep: "mine" | "theirs") => void }) {
  const t = useTranslations("editor");
  return (
    <div role="alert" className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="conflict">
      <p className="flex items-center gap-2 font-bold">
        <AlertTriangle className="size-5" aria-hidden />
        {t("conflictTitle")}
      </p>
      <p className="mt-1 text-sm">{t("conflictText", { theirs, mine })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass("primary", "sm")} onClick={() => onResolve("mine")} disabled={pending}>
          {t("keepMine")}
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => onResolve("theirs")} disabled={pending}>
          {t("keepTheirs")}
        </button>
      </div>
    </div>
  );
}

/** Moves focus to the field a problem is about (scrolled into view); false when it has none. */
export function focusProblem(path: string): boolean {
  const { focus } = placeOfPath(path);
  const field = focus ? document.querySelector<HTMLElement>(focus) : null;
  if (!field) return false;
  field.closest("details")?.setAttribute("open", "");
  field.focus();
  field.scrollIntoView({ block: "center" });
  return true;
}

/**
 * The problems that block publishing, each named by its place ("Question 1, option D") and
 * linked to its field.
 */
export function PublishProblems({ errors, summaryRef }: { errors: Record<string, string>; summaryRef: Ref<HTMLDivElement> }) {
  const t = useTranslations("editor");
  const locale = useLocale();
  const list = Object.entries(errors);
  const placeText = (path: string) => {
    const place = placeOfPath(path);
    const where = place.question !== null ? t("questionN", { n: place.question + 1 }) : path.startsWith("questions") ? t("questionsLabel") : t("settings");
    if (!place.field) return where;
    const { name, n = 0, letter = "" } = place.field;
    return t("problemPlace", { where, field: t(`field.${name}`, { n, letter }) });
  };
  // After the place, the message reads on as part of the sentence.
  const lower = (message: string) => message.charAt(0).toLocaleLowerCase(locale) + message.slice(1);
  return (
    <div ref={summaryRef} tabIndex={-1} role="alert" className="mb-6 rounded-2xl border border-rose-300 bg-rose-50 p-4 text-rose-950 focus:outline-none dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100" data-testid="publish-errors">
      <p className="font-bold">{t("problems", { count: list.length })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {list.slice(0, 12).map(([path, message]) => (
          <li key={path}>
            <a
              href={`#${placeOfPath(path).anchor}`}
              className="underline"
              onClick={(e) => {
                if (focusProblem(path)) e.preventDefault();
              }}
            >
              {placeText(path)}
            </a>
            : {lower(message)}
          </li>
        ))}
      </ul>
    </div>
  );
}
