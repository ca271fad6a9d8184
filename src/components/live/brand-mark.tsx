import { Brain } from "lucide-react";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";

/**
 * The way home from a full-window live screen (the site's header steps aside there, see
 * globals.css): the brand's icon, linking to the home page. A player's token stays stored, so
 * coming back to /game/[pin] resumes the game. A plain link, not next/link: leaving a game is a
 * whole-page step anyway, and the router's link code would weigh on every game and play page.
 */
export function BrandMark({ className }: { className?: string }) {
  const t = useTranslations("nav");
  return (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- a whole-page step on purpose (see above)
    <a
      href="/"
      aria-label={t("brandHome")}
      title="Quizdeck"
      className={clsx(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm dark:bg-brand-500",
        className,
      )}
    >
      <Brain className="size-5" aria-hidden />
    </a>
  );
}
