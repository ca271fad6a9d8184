"use client";

import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { copyText } from "@/components/browser/copy-text";
import { buttonClass } from "@/components/ui/button";

/**
 * Copies an absolute link of this site; the path is resolved against the page's own origin. Where
 * the browser lets nothing be copied, the link is shown selected for the person to copy.
 */
export function CopyLinkButton({ path }: { path: string }) {
  const t = useTranslations("share");
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const [url, setUrl] = useState("");
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === "manual") field.current?.select();
  }, [state]);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={buttonClass("secondary", "md")}
        data-testid="copy-link"
        onClick={async () => {
          const link = new URL(path, window.location.origin).toString();
          setUrl(link);
          const outcome = await copyText(link);
          setState(outcome);
          if (outcome === "copied") setTimeout(() => setState((s) => (s === "copied" ? "idle" : s)), 2500);
        }}
      >
        {state === "copied" ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {state === "copied" ? t("copied") : t("copyLink")}
      </button>
      {state === "manual" && (
        <input
          ref={field}
          readOnly
          value={url}
          aria-label={t("copyManual")}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 w-full min-w-0 rounded-xl border border-zinc-300 bg-white px-3 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-950"
          data-testid="copy-link-manual"
        />
      )}
      <span role="status" className={state === "manual" ? "text-sm text-zinc-600 dark:text-zinc-400" : "sr-only"} data-testid="copy-link-status">
        {state === "copied" ? t("copied") : state === "manual" ? t("copyManual") : ""}
      </span>
    </div>
  );
}
