import Brain from "lucide-react/icons/brain";
import { useTranslations } from "next-intl";
import Link from "@/components/ui/link";
import { clsx } from "clsx";

/**
 * The way home from a full-window live screen (the site's header steps aside there, see
 * globals.css): the brand's icon, linking to the home page. A player's token stays stored, so
 * coming back to /game/[pin] resumes the game. Not prefetched: a phone in a game on a slow network
 * has better use for its bandwidth than the home page's data and scripts.
 */
export function BrandMark({ className }: { className?: string }) {
  const t = useTranslations("nav");
  return (
    <Link
      href="/"
      prefetch={false}
      aria-label={t("brandHome")}
      title="Quizdeck"
      className={clsx(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm dark:bg-brand-500",
        className,
      )}
    >
      <Brain className="size-5" aria-hidden />
    </Link>
  );
}
