import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One /me section: a heading with its icon, optional actions beside it, then the content. */
export function Panel({ icon: Icon, title, actions, children }: { icon: LucideIcon; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="me-panel-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="me-panel-title" className="flex items-center gap-2 text-xl font-bold">
          <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
      <p>{children}</p>
      {action}
    </div>
  );
}
