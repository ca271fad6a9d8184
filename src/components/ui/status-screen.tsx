import type { LucideIcon } from "lucide-react/types";
import type { ReactNode } from "react";

/** The shared look of the 404, 401, 403 and error screens. */
export function StatusScreen({
  icon: Icon,
  code,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  code?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="container-page flex flex-col items-center py-20 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon className="size-8" aria-hidden />
      </span>
      {code && <p className="mt-6 font-mono text-sm font-semibold text-zinc-500 dark:text-zinc-400">{code}</p>}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance">{title}</h1>
      {children && <div className="mt-3 max-w-md text-zinc-600 dark:text-zinc-400">{children}</div>}
      {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
