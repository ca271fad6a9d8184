"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

/**
 * The account menu's button and its open/close behaviour. What it shows (user-menu-panel.tsx) is
 * rendered on the server and passed in, so its links and icons add nothing to the pages' scripts.
 */
export function UserMenu({ label, face, signedIn, children }: { label: string; face: ReactNode; signedIn: boolean; children: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  // Following a link, or signing in or out, closes it.
  useEffect(() => setOpen(false), [pathname, signedIn]);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className={buttonClass("ghost", "icon", signedIn ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200" : undefined)}
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        data-testid="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        {face}
      </button>
      {open && (
        <div id={id} className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
          {children}
        </div>
      )}
    </div>
  );
}
