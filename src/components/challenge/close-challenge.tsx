"use client";

import Lock from "lucide-react/icons/lock";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { closeChallengeAction } from "@/server/actions/challenges";

/** "Close now", then confirm in place: a class may still be playing, and a closed challenge stays closed. */
export function CloseChallenge({ code }: { code: string }) {
  const t = useTranslations("challenge");
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const opener = useRef<HTMLButtonElement>(null);
  // Cancel puts the Close button back: focus goes back to it rather than to the page's start.
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) {
      refocus.current = false;
      opener.current?.focus();
    }
  }, [confirming]);

  if (!confirming) {
    return (
      <button ref={opener} type="button" className={buttonClass("secondary", "sm")} onClick={() => setConfirming(true)} data-testid="close-challenge">
        <Lock className="size-4" aria-hidden />
        {t("closeNow")}
      </button>
    );
  }
  return (
    <div className="w-full rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-950 dark:text-rose-100" role="alertdialog" aria-label={t("closeNow")} aria-describedby="close-challenge-text">
      <p id="close-challenge-text">{t("closeConfirm")}</p>
      {error && (
        <p role="alert" className="mt-2 font-medium">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          autoFocus
          className={buttonClass("primary", "sm", "bg-rose-600 hover:bg-rose-700 dark:bg-rose-500 dark:hover:bg-rose-400")}
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const res = await closeChallengeAction(code);
              // The action revalidates the page, whose new render comes back with its answer.
              if (res.ok) setConfirming(false);
              else setError(errorText(res.code));
            })
          }
          data-testid="close-challenge-confirm"
        >
          {t("closeYes")}
        </button>
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          onClick={() => {
            refocus.current = true;
            setConfirming(false);
          }}
        >
          {t("closeCancel")}
        </button>
      </div>
    </div>
  );
}
