import Brain from "lucide-react/icons/brain";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";

export async function SiteFooter() {
  const t = await getTranslations("footer");
  return (
    <footer data-site-chrome className="mt-16 border-t border-zinc-200 bg-white pb-20 md:pb-0 dark:border-zinc-800 dark:bg-zinc-950">
      <div className="container-page flex flex-col gap-4 py-8 text-sm text-zinc-600 sm:flex-row sm:items-center sm:justify-between dark:text-zinc-400">
        <p className="flex items-center gap-2">
          <Brain className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
          <span>
            <strong className="font-semibold text-zinc-900 dark:text-zinc-100">Quizdeck</strong> — {t("tagline")}
          </span>
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <Link className="hover:text-zinc-900 dark:hover:text-zinc-100" href="/explore">
              {t("library")}
            </Link>
          </li>
          <li>
            <a className="hover:text-zinc-900 dark:hover:text-zinc-100" href="/api/v1/openapi.json">
              {t("api")}
            </a>
          </li>
          <li>
            <a className="hover:text-zinc-900 dark:hover:text-zinc-100" href="/api/health">
              {t("status")}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
