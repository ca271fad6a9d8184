"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/** Copies an absolute link of this site; the path is resolved against the page's own origin. */
export function CopyLinkButton({ path }: { path: string }) {
  const t = useTranslations("share");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className={buttonClass("secondary", "md")}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
            setState("copied");
          } catch {
            setState("failed");
          }
          setTimeout(() => setState("idle"), 2500);
        }}
      >
        {state === "copied" ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {state === "copied" ? t("copied") : t("copyLink")}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? t("copied") : state === "failed" ? t("copyFailed") : ""}
      </span>
    </>
  );
}
