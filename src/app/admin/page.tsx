import EyeOff from "lucide-react/icons/eye-off";
import Flag from "lucide-react/icons/flag";
import History from "lucide-react/icons/rotate-ccw-clock";
import Search from "lucide-react/icons/search";
import ShieldCheck from "lucide-react/icons/shield-check";
import Users from "lucide-react/icons/users";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { forbidden, unauthorized } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { clsx } from "clsx";
import { AdminAction } from "@/components/admin/admin-action";
import { AuditLog } from "@/components/admin/audit-log";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { auditPageNumber } from "@/core/admin";
import { REPORT_REASONS } from "@/core/social";
import { auditLog, findMembers, hiddenQuizzes, openReports } from "@/server/admin";
import { getViewer } from "@/server/viewer";

type Props = { searchParams: Promise<{ q?: string | string[]; audit?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("title"), robots: { index: false } };
}

const card = "rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900";

function Section({ id, icon: Icon, title, count, children }: { id: string; icon: typeof Flag; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="mb-4 flex items-center gap-2 text-xl font-bold">
        <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
        {title}
        {count !== undefined && (
          <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-bold tabular-nums text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{count}</span>
        )}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{children}</p>;
}

/** The moderation queue (docs/rules.md §6): admins only; a guest gets 401, a member 403. */
export default async function AdminPage({ searchParams }: Props) {
  const viewer = await getViewer();
  if (!viewer) unauthorized();
  if (viewer.role !== "admin") forbidden();
  const params = await searchParams;
  const raw = params.q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 100) || undefined;
  const [t, format, reports, hidden, users, audit] = await Promise.all([
    getTranslations("admin"),
    getFormatter(),
    openReports(),
    hiddenQuizzes(),
    findMembers(q),
    auditLog(auditPageNumber(params.audit)),
  ]);
  const tr = await getTranslations("social.reasons");
  const reasonLabel = (r: string) => ((REPORT_REASONS as readonly string[]).includes(r) ? tr(r as (typeof REPORT_REASONS)[number]) : r);
  const date = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="container-page space-y-10 py-8">
      <header>
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
          <ShieldCheck className="size-8 text-brand-600 dark:text-brand-400" aria-hidden />
          {t("title")}
        </h1>
        <p className="mt-1 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("lead")}</p>
        <nav aria-label={t("tabs")} className="mt-4 flex flex-wrap gap-2">
          <a href="#reports" className={buttonClass("secondary", "sm")}>
            <Flag className="size-4" aria-hidden />
            {t("reports")} ({reports.length})
          </a>
          <a href="#hidden" className={buttonClass("secondary", "sm")}>
            <EyeOff className="size-4" aria-hidden />
            {t("hiddenQuizzes")} ({hidden.length})
          </a>
          <a href="#users" className={buttonClass("secondary", "sm")}>
            <Users className="size-4" aria-hidden />
            {t("users")}
          </a>
          <a href="#audit" className={buttonClass("secondary", "sm")}>
            <History className="size-4" aria-hidden />
            {t("auditLog")}
          </a>
        </nav>
      </header>

      <Section id="reports" icon={Flag} title={t("reports")} count={reports.length}>
        {reports.length === 0 ? (
          <Empty>{t("noReports")}</Empty>
        ) : (
          <ul className="space-y-3" data-testid="reports">
            {reports.map((r) => (
              <li key={r.id} className={clsx(card, "flex flex-col gap-3 sm:flex-row sm:items-start")} data-testid="report-item">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                      <Link href={`/quiz/${r.quiz.slug}`} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
                        {r.quiz.title}
                      </Link>
                      <span className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-rose-800 ring-1 ring-rose-200 ring-inset dark:bg-rose-950 dark:text-rose-300 dark:ring-rose-900">
                        {reasonLabel(r.reason)}
                      </span>
                  </div>
                  {r.details && <p className="mt-2 text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{r.details}</p>}
                  <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
                    {r.reporter ? (
                      <Link href={`/u/${r.reporter.handle}`} className="hover:underline">
                        {t("reportedBy", { name: r.reporter.name, handle: r.reporter.handle })}
                      </Link>
                    ) : (
                      t("reportedByGone")
                    )}{" "}
                    <time dateTime={r.createdAt.toISOString()}>{t("reportedOn", { date: date(r.createdAt) })}</time>
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {r.quiz.status === "published" && <AdminAction action={{ kind: "hide", quizId: r.quiz.id }} label={t("hide")} variant="primary" testId="hide-quiz" />}
                  <AdminAction action={{ kind: "dismiss", reportId: r.id }} label={t("dismiss")} testId="dismiss-report" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="hidden" icon={EyeOff} title={t("hiddenQuizzes")} count={hidden.length}>
        {hidden.length === 0 ? (
          <Empty>{t("noHidden")}</Empty>
        ) : (
          <ul className="space-y-3" data-testid="hidden-quizzes">
            {hidden.map((quiz) => (
              <li key={quiz.id} className={clsx(card, "flex flex-wrap items-center gap-3")} data-testid="hidden-quiz">
                <div className="min-w-0 flex-1 basis-56">
                  <Link href={`/quiz/${quiz.slug}`} className="font-semibold hover:underline">
                    {quiz.title}
                  </Link>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {t("hiddenBy", { name: quiz.owner.name, handle: quiz.owner.handle, date: date(quiz.updatedAt) })}
                  </p>
                </div>
                <AdminAction action={{ kind: "restore", quizId: quiz.id }} label={t("restore")} testId="restore-quiz" />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="users" icon={Users} title={t("users")}>
        <form method="get" action="/admin#users" role="search" className="mb-4 flex gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            {t("searchUsers")}
          </label>
          <input id="admin-user-search" name="q" type="search" defaultValue={q} placeholder={t("searchPlaceholder")} maxLength={100} className={clsx(inputClass, "h-11 max-w-md")} />
          <button type="submit" className={buttonClass("secondary")}>
            <Search className="size-4" aria-hidden />
            <span className="max-sm:sr-only">{t("search")}</span>
          </button>
        </form>
        {users.length === 0 ? (
          <Empty>{t("noUsers", { q: q ?? "" })}</Empty>
        ) : (
          <>
            <p className="mb-2 text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
              {t("usersShown", { count: users.length })}
            </p>
            <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" data-testid="users">
              {users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4" data-testid="user-row">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      <Link href={`/u/${u.handle}`} className="hover:underline">
                        {u.name}
                      </Link>
                      <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">@{u.handle}</span>
                      {u.id === viewer.id && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">({t("you")})</span>}
                    </p>
                    <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{u.email}</p>
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("joined", { date: format.dateTime(u.createdAt, { dateStyle: "medium" }) })}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {u.disabledAt && (
                      <span
                        className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-semibold text-rose-800 ring-1 ring-rose-200 ring-inset dark:bg-rose-950 dark:text-rose-300 dark:ring-rose-900"
                        data-testid="user-status"
                      >
                        {t("status.disabled")}
                      </span>
                    )}
                    <span
                      className={clsx(
                        "rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
                        u.role === "admin"
                          ? "bg-brand-50 text-brand-800 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800"
                          : "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
                      )}
                      data-testid="user-role"
                    >
                      {t(`roles.${u.role}`)}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-start gap-2">
                    <AdminAction
                      key={`${u.id}-${u.role}`}
                      action={{ kind: "role", userId: u.id, role: u.role === "admin" ? "member" : "admin" }}
                      label={u.role === "admin" ? t("makeMember") : t("makeAdmin")}
                      testId="change-role"
                    />
                    <AdminAction
                      key={`${u.id}-${u.disabledAt ? "off" : "on"}`}
                      action={{ kind: "status", userId: u.id, disabled: !u.disabledAt }}
                      label={u.disabledAt ? t("enable") : t("disable")}
                      testId="change-status"
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <Section id="audit" icon={History} title={t("auditLog")} count={audit.total}>
        <AuditLog entries={audit.entries} page={audit.page} pages={audit.pages} q={q} />
      </Section>
    </div>
  );
}
