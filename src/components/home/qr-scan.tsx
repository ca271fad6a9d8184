"use client";

import { ScanLine, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { pinFromQr } from "@/core/pin";

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

/**
 * "Scan the QR code" on the join screen: the camera in a full-screen layer; a join link (or a bare
 * PIN) in the code goes to /join/[pin] on this site. Browsers give a page the camera only in a
 * secure context (HTTPS or localhost): on plain HTTP at a LAN address, as classrooms mostly are,
 * the button gives way to a sentence saying so and pointing at the PIN box. A browser without a
 * camera API at all shows nothing; typing the PIN always works.
 */
export type QrScanLabels = Record<"scan" | "scanTitle" | "scanHelp" | "scanCancel" | "cameraDenied" | "notAGame" | "cameraNeedsHttps", string>;

// The labels come from the server (join-card.tsx), so the join page loads no translation runtime.
export function QrScan({ labels: t }: { labels: QrScanLabels }) {
  const [supported, setSupported] = useState<"yes" | "no" | "insecure">("no");
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(
    () =>
      setSupported(
        !window.isSecureContext ? "insecure" : typeof navigator.mediaDevices?.getUserMedia === "function" ? "yes" : "no",
      ),
    [],
  );
  if (supported === "insecure") {
    return (
      <p className="mt-4 flex gap-2 border-t border-zinc-200 pt-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400" data-testid="camera-needs-https">
        <ScanLine className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t.cameraNeedsHttps}</span>
      </p>
    );
  }
  if (supported === "no") return null;
  return (
    <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <button
        type="button"
        className={buttonClass("secondary", "lg", "w-full")}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <ScanLine className="size-5" aria-hidden />
        {t.scan}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      )}
      {open && (
        <Scanner
          labels={t}
          onClose={(message) => {
            setOpen(false);
            setError(message ?? null);
          }}
        />
      )}
    </div>
  );
}

function Scanner({ labels: t, onClose }: { labels: QrScanLabels; onClose: (error?: string) => void }) {
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
