"use client";

import Brain from "lucide-react/icons/brain";
import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import Share2 from "lucide-react/icons/share-2";
import Smartphone from "lucide-react/icons/smartphone";
import Target from "lucide-react/icons/target";
import Trophy from "lucide-react/icons/trophy";
import Zap from "lucide-react/icons/zap";
import Image from "next/image";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export type CardData = {
  quizTitle: string;
  nickname: string;
  score: number;
  accuracy: number;
  rank: number;
  players: number;
  bestStreak: number;
  qr: string;
  url: string;
  fileName: string;
};

const subscribe = () => () => {};

/**
 * The share card: drawn in the page at 1200×630 (scaled to fit), turned into a PNG in the browser
 * with modern-screenshot, which copes with the oklch() colours Tailwind 4 uses. Download, copy as
 * an image, or hand the file to the phone's share sheet.
 */
export function ResultCard({ card, shareText }: { card: CardData; shareText: string }) {
  const t = useTranslations("results");
  const ts = useTranslations("share");
  const format = useFormatter();
  const frame = useRef<HTMLDivElement>(null);
  const node = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  const [status, setStatus] = useState("");
  const canShareFiles = useSyncExternalStore(
    subscribe,
    () => typeof navigator.canShare === "function" && navigator.canShare({ files: [new File([""], "x.png", { type: "image/png" })] }),
    () => false,
  );
  // Copying an image needs the Clipboard API, which plain HTTP at a LAN address does not have:
  // the button is left out there (Download always works).
  const canCopyImage = useSyncExternalStore(
    subscribe,
    () => globalThis.isSecureContext && typeof ClipboardItem === "function" && typeof navigator.clipboard?.write === "function",
    () => false,
  );

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setScale((entry?.contentRect.width ?? CARD_WIDTH) / CARD_WIDTH));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const toBlob = async (): Promise<Blob> => {
    const { domToBlob } = await import("modern-screenshot");
    if (!node.current) throw new Error("no card");
    return domToBlob(node.current, { width: CARD_WIDTH, height: CARD_HEIGHT, scale: 1, type: "image/png" });
  };

  const act = (fn: () => Promise<string>) => async () => {
    try {
      setStatus(await fn());
    } catch {
      setStatus(ts("failed"));
    }
  };

  const download = act(async () => {
    const url = URL.createObjectURL(await toBlob());
    const a = document.createElement("a");
    a.href = url;
    a.download = card.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return "";
  });
  const copy = act(async () => {
    await navigator.clipboard.write([new ClipboardItem({ "image/png": toBlob() })]);
    return ts("imageCopied");
  });
  const share = act(async () => {
    const file = new File([await toBlob()], card.fileName, { type: "image/png" });
    await navigator.share({ files: [file], title: card.quizTitle, text: shareText, url: card.url });
    return "";
  });

  return (
    <div className="space-y-4">
      <div ref={frame} className="relative w-full overflow-hidden rounded-2xl shadow-lg" style={{ aspectRatio: `${CARD_WIDTH} / ${CARD_HEIGHT}` }}>
        <div className="absolute top-0 left-0 origin-top-left" style={{ transform: `scale(${scale})` }}>
          <div
            ref={node}
            data-testid="share-card"
            style={{ width: CARD_WIDTH, height: CARD_HEIGHT }}
            className="flex flex-col justify-between bg-gradient-to-br from-brand-700 via-brand-600 to-fuchsia-600 p-16 text-white"
          >
            <div className="flex items-center justify-between">
              <span className="flex items-center gap-4 text-4xl font-extrabold tracking-tight">
                <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-white/15">
                  <Brain className="size-10" aria-hidden />
                </span>
                Quizdeck
              </span>
              <span className="max-w-[640px] truncate text-right text-3xl font-semibold text-white/85">{card.quizTitle}</span>
            </div>
            <div className="flex items-end justify-between gap-10">
              <div className="min-w-0">
                {/* Room above the letters: truncate clips, and text-5xl alone would cut the tilde of an Ñ. */}
                <p className="truncate text-5xl leading-[1.2] font-bold">{card.nickname}</p>
                <p className="mt-2 text-[140px] leading-none font-black tracking-tight tabular-nums">{format.number(card.score)}</p>
                <p className="mt-1 text-3xl font-semibold text-white/80">{t("cardScore")}</p>
              </div>
              <div className="flex flex-col items-center gap-3">
                <Image unoptimized src={card.qr} alt="" width={200} height={200} className="size-[200px] rounded-2xl bg-white p-2" />
                <span className="flex items-center gap-2 text-xl text-white/85">
                  <Smartphone className="size-5" aria-hidden />
                  {t("cardScan")}
                </span>
              </div>
            </div>
            <div className="flex gap-12 text-3xl font-bold">
              <span className="flex items-center gap-3">
                <Target className="size-9" aria-hidden />
                {format.number(card.accuracy / 100, { style: "percent" })} <span className="font-medium text-white/75">{t("cardAccuracy")}</span>
              </span>
              <span className="flex items-center gap-3">
                <Trophy className="size-9" aria-hidden />#{format.number(card.rank)} <span className="font-medium text-white/75">/ {format.number(card.players)}</span>
              </span>
              <span className="flex items-center gap-3">
                <Zap className="size-9" aria-hidden />
                {format.number(card.bestStreak)} <span className="font-medium text-white/75">{t("cardStreak")}</span>
              </span>
            </div>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("primary", "md")} onClick={download} data-testid="download-card">
          <Download className="size-4" aria-hidden />
          {ts("download")}
        </button>
        {canCopyImage && (
          <button type="button" className={buttonClass("secondary", "md")} onClick={copy}>
            <Copy className="size-4" aria-hidden />
            {ts("copyImage")}
          </button>
        )}
        {canShareFiles && (
          <button type="button" className={buttonClass("secondary", "md")} onClick={share}>
            <Share2 className="size-4" aria-hidden />
            {ts("share")}
          </button>
        )}
        <span role="status" className="self-center text-sm text-zinc-600 dark:text-zinc-400">
          {status && (
            <>
              <Check className="mr-1 inline size-4" aria-hidden />
              {status}
            </>
          )}
        </span>
      </div>
    </div>
  );
}
