"use client";

import { ScanLine } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { buttonClass } from "@/components/ui/button";

// The camera layer and its QR reader load when the button is pressed, not with the join page.
const Scanner = lazy(() => import("./qr-scanner").then((m) => ({ default: m.Scanner })));

/**
 * "Scan the QR code" on the join screen: the camera in a full-screen layer; a join link (or a bare
 * PIN) in the code goes to /join/[pin] on this site. Shown only where the browser can reach a
 * camera; typing the PIN always works.
 */
export type QrScanLabels = Record<"scan" | "scanTitle" | "scanHelp" | "scanCancel" | "cameraDenied" | "notAGame", string>;

// The labels come from the server (join-card.tsx), so the join page loads no translation runtime.
export function QrScan({ labels: t }: { labels: QrScanLabels }) {
  const [supported, setSupported] = useState(false);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setSupported(typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function"), []);
  if (!supported) return null;
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
        <Suspense fallback={null}>
          <Scanner
            labels={t}
            onClose={(message) => {
              setOpen(false);
              setError(message ?? null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

