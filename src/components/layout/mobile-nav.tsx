import { getTranslations } from "next-intl/server";
import { NavLink } from "./nav-link";
import { NAV_LINKS } from "./nav-links";

/** Bottom tab bar on phones, where the header has no room for the main links. */
export async function MobileNav() {
  const t = await getTranslations("nav");
  return (
    <nav
      data-site-chrome
      aria-label={t("main")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-zinc-800 dark:bg-zinc-950/95"
    >
      <ul className="grid grid-cols-4">
        {NAV_LINKS.map(({ href, key, icon: Icon, match }) => (
          <li key={key}>
            <NavLink
              href={href}
              match={match}
              className="flex h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium"
              active="text-brand-700 dark:text-brand-300"
              idle="text-zinc-600 dark:text-zinc-400"
            >
              <Icon className="size-5" aria-hidden />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
