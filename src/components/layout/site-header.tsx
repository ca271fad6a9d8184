import Brain from "lucide-react/icons/brain";
import Globe from "lucide-react/icons/globe";
import Moon from "lucide-react/icons/moon";
import Search from "lucide-react/icons/search";
import Sun from "lucide-react/icons/sun";
import User from "lucide-react/icons/user";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { HeaderNav } from "./header-nav";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";
import { getViewer } from "@/server/viewer";
import { UserMenu } from "./user-menu";
import { UserMenuPanel } from "./user-menu-panel";

async function HeaderSearch({ id, className }: { id: string; className?: string }) {
  const t = await getTranslations("nav");
  return (
    <form action="/explore" method="get" role="search" className={className}>
      <label htmlFor={id} className="sr-only">
        {t("search")}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <input
          id={id}
          name="q"
          type="search"
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-10 w-full rounded-xl border border-zinc-200 bg-zinc-100 pr-3 pl-9 text-sm placeholder:text-zinc-500 focus:border-brand-500 focus:bg-white dark:border-zinc-800 dark:bg-zinc-900 dark:focus:bg-zinc-950"
        />
      </div>
    </form>
  );
}

export async function SiteHeader() {
  const t = await getTranslations("nav");
  const viewer = await getViewer();
  return (
    <header data-site-chrome className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="container-page flex h-16 items-center gap-3">
        <Link href="/" className="flex items-center gap-2 rounded-xl text-lg font-extrabold tracking-tight" aria-label={t("brandHome")}>
          <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm dark:bg-brand-500">
            <Brain className="size-5" aria-hidden />
          </span>
          <span className="max-[359px]:sr-only">Quizdeck</span>
        </Link>
        <HeaderNav />
        <HeaderSearch id="header-search" className="ml-auto hidden w-full max-w-xs sm:block" />
        <div className="ml-auto flex items-center gap-0.5 sm:ml-0">
          {/* The client parts get their words and icons from here: no icon code in the pages' scripts. */}
          <LanguageSwitcher label={t("language")} icon={<Globe className="pointer-events-none absolute left-2 size-5" aria-hidden />} />
          <ThemeToggle toLight={t("themeToLight")} toDark={t("themeToDark")} sun={<Sun className="size-5" aria-hidden />} moon={<Moon className="size-5" aria-hidden />} />
          <UserMenu
            label={viewer ? t("accountOf", { name: viewer.name }) : t("account")}
            face={viewer ? <span className="text-sm font-bold uppercase">{viewer.name.slice(0, 1)}</span> : <User className="size-5" aria-hidden />}
            signedIn={viewer !== null}
          >
            <UserMenuPanel viewer={viewer && { name: viewer.name, handle: viewer.handle, role: viewer.role }} />
          </UserMenu>
        </div>
      </div>
      <div className="container-page pb-3 sm:hidden">
        <HeaderSearch id="header-search-mobile" />
      </div>
    </header>
  );
}
