import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Terminal from "lucide-react/icons/terminal";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { clsx } from "clsx";
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from "@/core/admin";
import { buttonClass } from "@/components/ui/button";

const known = (a: string): a is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(a);

/** The audit log of admin actions on /admin: newest first, a page at a time (?audit=N). */
export async function AuditLog({ entries, page, pages, q }: { entries: AuditEntry[]; page: number; pages: number; q?: string | undefined }) {
  const [t, format] = await Promise.all([getTranslations("admin"), getFormatter()]);
  const href = (n: number) => `/admin?${new URLSearchParams({ ...(q ? { q } : {}), audit: String(n) }).toString()}#audit`;
  if (entries.length === 0) {
    return <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{t("noAudit")}</p>;
  }
  return (
    <>
      <ol className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" data-testid="audit-log">
        {entries.map((e) => (
          <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3 text-sm" data-testid="audit-entry">
            <time dateTime={e.createdAt.toISOString()} className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              {format.dateTime(e.createdAt, { dateStyle: "medium", timeStyle: "medium" })}
            </time>
            <span className="min-w-0 flex-1 basis-64">
              <span className="font-semibold">
                {e.via === "cli" ? (
                  <span className="inline-flex items-center gap-1">
                    <Terminal className="size-3.5" aria-hidden />
                    {t("auditCli")}
                  </span>
                ) : e.actor ? (
                  `@${e.actor.handle}`
                ) : (
                  t("auditGone")
                )}
              </span>{" "}
              <span data-testid="audit-action">{known(e.action) ? t(`auditActions.${e.action}`) : e.action}</span>{" "}
              {e.target ? (
                <span className="break-words text-zinc-700 dark:text-zinc-300">
                  @{e.target.handle} ({e.target.email})
                </span>
              ) : e.subjectId ? (
                <span className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{e.subjectId}</span>
              ) : e.action === "hide-quiz" || e.action === "restore-quiz" || e.action === "dismiss-report" ? null : (
                <span className="text-zinc-500 dark:text-zinc-400">{t("auditGone")}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label={t("auditPages")} className="mt-3 flex items-center justify-between gap-2">
          {page > 1 ? (
            <Link href={href(page - 1)} className={buttonClass("secondary", "sm")} rel="prev">
              <ChevronLeft className="size-4" aria-hidden />
              {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className={clsx("text-sm text-zinc-600 tabular-nums dark:text-zinc-400")}>{t("auditPage", { page, pages })}</span>
          {page < pages ? (
            <Link href={href(page + 1)} className={buttonClass("secondary", "sm")} rel="next" data-testid="audit-older">
              {t("older")}
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  );
}
