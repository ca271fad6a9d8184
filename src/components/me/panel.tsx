import type { LucideIcon } from "lucide-react/types";
import type { ReactNode } from "react";

/** A small rounded label in a list item's details (a status, a visibility); its colours come with it. */
export const pill = "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset";

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

/** One thing of the member's in a /me list: its title, a line of details, and its buttons. */
export function PanelItem({ title, details, actions, testId }: { title: ReactNode; details: ReactNode; actions: ReactNode; testId: string }) {
  return (
    <li className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate font-semibold">{title}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">{details}</div>
      </div>
      {actions}
    </li>
  );
}
