"use client";

import RefreshCw from "lucide-react/icons/refresh-cw";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useChromeTranslations } from "@/components/i18n/chrome-messages";
import { buttonClass } from "@/components/ui/button";
import { StatusScreen } from "@/components/ui/status-screen";

/** The root error boundary's screen (src/app/error.tsx loads it when a page fails). */
export default function ErrorScreen({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useChromeTranslations("errors");
  return (
    <StatusScreen
      icon={TriangleAlert}
      title={t("errorTitle")}
      actions={
        <button type="button" onClick={reset} className={buttonClass("primary")}>
          <RefreshCw className="size-4" aria-hidden />
          {t("retry")}
        </button>
      }
    >
      <p>{t("errorText")}</p>
      {error.digest && (
        <p className="mt-4 text-sm">
          {t("digest")} <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono dark:bg-zinc-800">{error.digest}</code>
        </p>
      )}
    </StatusScreen>
  );
}
