import Book from "lucide-react/icons/book";
import Database from "lucide-react/icons/database";
import History from "lucide-react/icons/rotate-ccw-clock";
import Shield from "lucide-react/icons/shield";
import Star from "lucide-react/icons/star";
import Swords from "lucide-react/icons/swords";
import User from "lucide-react/icons/user";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { clsx } from "clsx";

export const ME_TABS = ["history", "favorites", "quizzes", "challenges", "tokens", "settings", "security"] as const;
export type MeTab = (typeof ME_TABS)[number];

const ICONS = { history: History, favorites: Star, quizzes: Book, challenges: Swords, tokens: Database, settings: User, security: Shield } as const;

/**
 * The sections of /me as links (each is its own URL, so it works without JavaScript and the back
 * button): pills that wrap on a phone (all in view), a column beside the content on a wide screen.
 */
export async function MeTabs({ active }: { active: MeTab }) {
  const t = await getTranslations("me");
  return (
    <nav aria-label={t("sections")}>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {ME_TABS.map((tab) => {
          const Icon = ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab} className="shrink-0">
              <Link
                href={tab === "history" ? "/me" : `/me?tab=${tab}`}
                aria-current={current ? "page" : undefined}
                className={clsx(
                  "flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors",
                  current
                    ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-zinc-950"
                    : "bg-white text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-100 ring-inset lg:bg-transparent lg:ring-0 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-800 dark:hover:bg-zinc-800 lg:dark:bg-transparent",
                )}
                data-testid={`me-tab-${tab}`}
              >
                <Icon className="size-4" aria-hidden />
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
