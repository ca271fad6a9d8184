import type { ReactNode } from "react";

/** A form's error, read out when it appears; nothing when there is none. */
export function Alert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
      {children}
    </p>
  );
}
