"use client";

import { User } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";

/** The account menu; until accounts exist everyone browses as a guest. */
export function UserMenu() {
  const t = useTranslations("nav");
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
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
        className={buttonClass("ghost", "icon")}
        aria-label={t("account")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <User className="size-5" aria-hidden />
      </button>
      {open && (
        <div
          id={id}
          className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-zinc-200 bg-white p-4 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <p className="font-semibold">{t("guest")}</p>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("guestText")}</p>
        </div>
      )}
    </div>
  );
}
