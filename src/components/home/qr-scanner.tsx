"use client";

import X from "lucide-react/icons/x";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { pinFromQr } from "@/core/pin";
import type { QrScanLabels } from "./qr-labels";

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeDetectorClass = {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * The browser's own QR reader where it has one (Chrome on Android, Safari on macOS); else jsQR,
 * loaded only now, on a downscaled frame. Neither is in the join page's first load.
 */
async function makeDetector(): Promise<Detect> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes("qr_code")) {
    const detector = new Native({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!ctx || video.videoWidth === 0) return null;
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

export function Scanner({ labels: t, onClose }: { labels: QrScanLabels; onClose: (error?: string) => void }) {
  const router = useRouter();
  const video = useRef<HTMLVideoElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [notAGame, setNotAGame] = useState(false);
  const done = useRef(onClose);
  done.current = onClose;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    closeButton.current?.focus();
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        if (!stopped) done.current(t.cameraDenied);
        return;
      }
      const el = video.current;
      if (stopped || !el) return stop();
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const detect = await makeDetector();
      const scan = async () => {
        if (stopped) return;
        const text = el.readyState >= 2 ? await detect(el) : null;
        const pin = text === null ? null : pinFromQr(text);
        if (pin) {
          stop();
          router.push(`/join/${pin}`);
          return;
        }
        if (text !== null) setNotAGame(true);
        timer = setTimeout(() => void scan(), 200);
      };
      void scan();
    })();
    return stop;
  }, [router, t]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="qr-scan-title"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-black/90 p-4 text-white"
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
      data-testid="qr-scanner"
    >
      <h2 id="qr-scan-title" className="text-xl font-bold">
        {t.scanTitle}
      </h2>
      <video ref={video} muted playsInline className="aspect-square w-full max-w-sm rounded-3xl bg-zinc-900 object-cover" />
      <p className="max-w-sm text-center text-zinc-200" aria-live="polite">
        {notAGame ? t.notAGame : t.scanHelp}
      </p>
      <button ref={closeButton} type="button" className={buttonClass("secondary", "lg")} onClick={() => onClose()}>
        <X className="size-5" aria-hidden />
        {t.scanCancel}
      </button>
    </div>
  );
}
