"use client";

import { clsx } from "clsx";
import Check from "lucide-react/icons/check";
import CloudOff from "lucide-react/icons/cloud-off";
import ExternalLink from "lucide-react/icons/external-link";
import EyeOff from "lucide-react/icons/eye-off";
import Loader2 from "lucide-react/icons/loader-circle";
import Rocket from "lucide-react/icons/rocket";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { ExportMenu } from "./export-menu";
import type { SaveState } from "./use-autosave";
import type { QuizStatus } from "./use-publish";

type Props = {
  title: string;
  slug: string | null;
  status: QuizStatus;
  state: SaveState;
  pending: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
};

/** The editor's sticky bar: the quiz's title, status and save state, and what can be done with it. */
export function EditorToolbar({ title, slug, status, state, pending, onPublish, onUnpublish }: Props) {
  const t = useTranslations("editor");
  return (
    <div className="sticky top-[7.25rem] z-30 -mx-4 sm:top-16 mb-6 border-b border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border dark:border-zinc-800 dark:bg-zinc-950/95">
      <div className="flex flex-wrap items-center gap-2">
        <div className="mr-auto min-w-0">
          <h1 className="truncate text-lg font-extrabold tracking-tight sm:text-xl">{title.trim() || t("untitled")}</h1>
          <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
            <StatusBadge status={status} />
            <SaveIndicator state={state} />
          </div>
        </div>
        {slug && status !== "draft" && (
          <Link href={`/quiz/${slug}`} className={buttonClass("ghost", "sm")}>
            <ExternalLink className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t("view")}</span>
          </Link>
        )}
        {slug && <ExportMenu slug={slug} />}
        {status === "published" && (
          <button type="button" className={buttonClass("secondary", "sm")} onClick={onUnpublish} disabled={pending}>
            <EyeOff className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t("unpublish")}</span>
            <span className="sr-only sm:hidden">{t("unpublish")}</span>
          </button>
        )}
        <button type="button" className={buttonClass("primary", "sm")} onClick={onPublish} disabled={pending || state === "conflict"} data-testid="publish">
          {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Rocket className="size-4" aria-hidden />}
          {status === "draft" ? t("publish") : t("publishChanges")}
        </button>
      </div>
    </div>
  );
}

function StatusBadge({ status }: { status: QuizStatus }) {
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
