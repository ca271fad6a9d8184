import { getTranslations } from "next-intl/server";
import { NavLink } from "./nav-link";
import { NAV_LINKS } from "./nav-links";

export async function HeaderNav() {
  const t = await getTranslations("nav");
  return (
    <nav aria-label={t("main")} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_LINKS.map(({ href, key, icon: Icon, match }) => (
          <li key={key}>
            <NavLink
              href={href}
              match={match}
              className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium transition-colors"
              active="bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-200"
              idle="text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <Icon className="size-4" aria-hidden />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
