"use client";

import LogIn from "lucide-react/icons/log-in";
import Star from "lucide-react/icons/star";
import X from "lucide-react/icons/x";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useState, useTransition } from "react";
import { clsx } from "clsx";
import { buttonClass } from "@/components/ui/button";
import type { SocialState } from "@/core/social";
import { setFavoriteAction } from "@/server/actions/social";
import { RatingInput } from "./rating-input";
import { ReportDialog } from "./report-dialog";

type Props = { slug: string; title: string; signedIn: boolean; isOwner: boolean; initial: SocialState };

export function SocialControls({ slug, title, signedIn, isOwner, initial }: Props) {
  const t = useTranslations("social");
  const pathname = usePathname();
  const [favorite, setFavorite] = useState(initial.favorite);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [prompt, setPrompt] = useState(false);
  const [pending, startTransition] = useTransition();

  /** Guests get the sign-in prompt instead of the action. */
  const guard = (fn: () => void) => () => {
    if (!signedIn) {
      setPrompt(true);
      return;
    }
    fn();
  };

  const toggleFavorite = guard(() => {
    const next = !favorite;
    setFavorite(next);
    startTransition(async () => {
      const res = await setFavoriteAction({ slug, favorite: next });
      if (res.ok) setStatus({ text: next ? t("favoriteOn") : t("favoriteOff") });
      else {
        setFavorite(!next);
        setStatus({ text: res.code === "unauthorized" ? t("signInPrompt") : t("failed"), error: true });
      }
    });
  });

  return (
    <div className="rounded-2xl border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900">
      {/* Phone: favorite and report share a row, the stars get their own; wider: one row. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <button
          type="button"
          aria-pressed={favorite}
          onClick={toggleFavorite}
          disabled={pending}
          className={buttonClass(
            "secondary",
            "md",
            favorite ? "border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200 dark:hover:bg-amber-900" : undefined,
          )}
          data-testid="favorite"
        >
          <Star className={clsx("size-4", favorite && "fill-amber-400 text-amber-500")} aria-hidden />
          {t("favorite")}
        </button>
        <div className="order-3 w-full sm:order-2 sm:w-auto">
          <RatingInput slug={slug} initial={initial.rating} disabled={isOwner} onGuest={signedIn ? null : () => setPrompt(true)} onStatus={setStatus} />
        </div>
        {!isOwner && (
          <div className="order-2 ml-auto sm:order-3">
            <ReportDialog slug={slug} title={title} reported={initial.reported} onGuest={signedIn ? null : () => setPrompt(true)} onStatus={setStatus} />
          </div>
        )}
      </div>
      {isOwner && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t("ownQuiz")}</p>}
      {prompt && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-950 dark:text-brand-100" role="status" data-testid="sign-in-prompt">
          <p className="flex-1">{t("signInPrompt")}</p>
          <Link href={`/sign-in?next=${encodeURIComponent(pathname)}`} className={buttonClass("primary", "sm")}>
            <LogIn className="size-4" aria-hidden />
            {t("signIn")}
          </Link>
          <button type="button" className={buttonClass("ghost", "icon")} onClick={() => setPrompt(false)} aria-label={t("close")}>
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
      <p role="status" aria-live="polite" className={clsx("text-sm", status ? "mt-2" : "sr-only", status?.error ? "font-medium text-rose-700 dark:text-rose-400" : "text-zinc-600 dark:text-zinc-400")} data-testid="social-status">
        {status?.text}
      </p>
    </div>
  );
}
