"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useChromeTranslations } from "@/components/i18n/chrome-messages";
import { clsx } from "clsx";
import { NAV_LINKS } from "./nav-links";

/** Bottom tab bar on phones, where the header has no room for the main links. */
export function MobileNav() {
  const t = useChromeTranslations("nav");
  const pathname = usePathname();
  return (
    <nav
      data-site-chrome
      aria-label={t("main")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-zinc-800 dark:bg-zinc-950/95"
    >
      <ul className="grid grid-cols-4">
        {NAV_LINKS.map(({ href, key, icon: Icon, match }) => {
          const active = match(pathname);
          return (
            <li key={key}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "flex h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium",
                  active ? "text-brand-700 dark:text-brand-300" : "text-zinc-600 dark:text-zinc-400",
                )}
              >
                <Icon className="size-5" aria-hidden />
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
