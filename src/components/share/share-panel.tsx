"use client";

import Share2 from "lucide-react/icons/share-2";
import Image from "next/image";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";
import { CopyLinkButton } from "./copy-link-button";

const subscribe = () => () => {};

/** QR code, copy link, and the phone's own share sheet where there is one. */
export function SharePanel({ path, title, text, qr }: { path: string; title: string; text: string; qr: string }) {
  const t = useTranslations("share");
  const canShare = useSyncExternalStore(subscribe, () => typeof navigator.share === "function", () => false);
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <Image unoptimized src={qr} alt={t("qr")} width={144} height={144} className="size-36 rounded-xl border border-zinc-200 bg-white p-1 dark:border-zinc-700" data-testid="share-qr" />
      <div className="flex flex-wrap gap-2">
        <CopyLinkButton path={path} />
        {canShare && (
          <button
            type="button"
            className={buttonClass("secondary", "md")}
            onClick={() => void navigator.share({ title, text, url: new URL(path, window.location.origin).toString() }).catch(() => {})}
          >
            <Share2 className="size-4" aria-hidden />
            {t("share")}
          </button>
        )}
      </div>
    </div>
  );
}
