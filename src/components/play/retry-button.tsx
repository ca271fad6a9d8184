"use client";

import RefreshCw from "lucide-react/icons/refresh-cw";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { startPlayAction } from "@/server/actions/play";

/** Starts a new attempt of the same quiz under the same nickname. */
export function RetryButton({ slug, nickname }: { slug: string; nickname: string }) {
  const t = useTranslations("results");
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={buttonClass("primary", "md")}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const res = await startPlayAction(slug, { nickname });
            if (res.ok) router.push(`/play/${res.value.id}`);
            else setError(errorText(res.code));
          })
        }
      >
        <RefreshCw className="size-4" aria-hidden />
        {t("retry")}
      </button>
      {error && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
    </>
  );
}
