"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useChromeTranslations } from "@/components/i18n/chrome-messages";
import { clsx } from "clsx";
import { NAV_LINKS } from "./nav-links";

export function HeaderNav() {
  const t = useChromeTranslations("nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("main")} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_LINKS.map(({ href, key, icon: Icon, match }) => {
          const active = match(pathname);
          return (
            <li key={key}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium transition-colors",
                  active
                    ? "bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-200"
                    : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
                )}
              >
                <Icon className="size-4" aria-hidden />
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
