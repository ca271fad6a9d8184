"use client";

import { FileUp, LayoutDashboard, LogIn, LogOut, Plus, ShieldCheck, User, UserPlus } from "lucide-react";
import Link from "next/link";
import { useChromeTranslations } from "@/components/i18n/chrome-messages";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";

export type MenuViewer = { name: string; handle: string; role: "member" | "admin" } | null;

const itemClass =
  "flex items-center gap-2 rounded-lg px-2 py-2 font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800";

/** The account menu: sign in or up as a guest; profile, own things, create, sign out as a member. */
export function UserMenu({ viewer }: { viewer: MenuViewer }) {
  const t = useChromeTranslations("nav");
  const router = useRouter();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => setOpen(false), [pathname]);
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

  const signOut = () =>
    startTransition(async () => {
      await fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      setOpen(false);
      router.push("/");
      router.refresh();
    });

  const next = pathname && pathname !== "/" && !pathname.startsWith("/sign-") ? `?next=${encodeURIComponent(pathname)}` : "";
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className={buttonClass("ghost", "icon", viewer ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200" : undefined)}
        aria-label={viewer ? t("accountOf", { name: viewer.name }) : t("account")}
        aria-expanded={open}
        aria-controls={id}
        data-testid="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        {viewer ? <span className="text-sm font-bold uppercase">{viewer.name.slice(0, 1)}</span> : <User className="size-5" aria-hidden />}
      </button>
      {open && (
        <div
          id={id}
          className="absolute right-0 z-50 mt-2 w-64 rounded-2xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          {viewer ? (
            <>
              <div className="px-2 pb-2">
                <p className="truncate font-semibold">{viewer.name}</p>
                <p className="truncate text-zinc-500 dark:text-zinc-400">@{viewer.handle}</p>
              </div>
              <nav aria-label={t("account")} className="border-t border-zinc-200 pt-2 dark:border-zinc-800">
                <Link href={`/u/${viewer.handle}`} className={itemClass}>
                  <User className="size-4" aria-hidden /> {t("profile")}
                </Link>
                <Link href="/me" className={itemClass}>
                  <LayoutDashboard className="size-4" aria-hidden /> {t("me")}
                </Link>
                <Link href="/create" className={itemClass}>
                  <Plus className="size-4" aria-hidden /> {t("create")}
                </Link>
                <Link href="/import" className={itemClass}>
                  <FileUp className="size-4" aria-hidden /> {t("import")}
                </Link>
                {viewer.role === "admin" && (
                  <Link href="/admin" className={itemClass}>
                    <ShieldCheck className="size-4" aria-hidden /> {t("admin")}
                  </Link>
                )}
                <button type="button" className={`${itemClass} w-full`} onClick={signOut} disabled={pending} data-testid="sign-out">
                  <LogOut className="size-4" aria-hidden /> {t("signOut")}
                </button>
              </nav>
            </>
          ) : (
            <div className="p-1">
              <p className="font-semibold">{t("guest")}</p>
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("guestText")}</p>
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Link href={`/sign-in${next}`} className={buttonClass("secondary", "sm")}>
                  <LogIn className="size-4" aria-hidden /> {t("signIn")}
                </Link>
                <Link href={`/sign-up${next}`} className={buttonClass("primary", "sm")}>
                  <UserPlus className="size-4" aria-hidden /> {t("signUp")}
                </Link>
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
