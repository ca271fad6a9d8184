import type { LucideIcon } from "lucide-react/types";
import type { ReactNode } from "react";

/** The card of the account pages (sign-in, sign-up, forgot and reset password, email confirmed). */
export function AuthCard({ icon: Icon, title, lead, children }: { icon: LucideIcon; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mb-6 flex items-center gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white dark:bg-brand-500">
          <Icon className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
          {lead && <p className="text-sm text-zinc-600 dark:text-zinc-400">{lead}</p>}
        </div>
      </div>
      {children}
    </div>
  );
}

/** A sentence in the card that stands out: a notice (sent, done) or a problem. */
export function AuthNotice({ tone, children, testId }: { tone: "ok" | "problem"; children: ReactNode; testId?: string }) {
  return (
    <p
      role={tone === "problem" ? "alert" : "status"}
      data-testid={testId}
      className={
        tone === "problem"
          ? "rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200"
          : "rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      }
    >
      {children}
    </p>
  );
}
