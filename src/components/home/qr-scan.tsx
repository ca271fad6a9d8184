"use client";

import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";
import type { QrScanLabels } from "./qr-labels";

// The camera layer and its QR reader load when the button is pressed, not with the join page.
const Scanner = lazy(() => import("./qr-scanner").then((m) => ({ default: m.Scanner })));

/**
 * "Scan the QR code" on the join screen: the camera in a full-screen layer; a join link (or a bare
 * PIN) in the code goes to /join/[pin] on this site. Browsers give a page the camera only in a
 * secure context (HTTPS or localhost): on plain HTTP at a LAN address, as classrooms mostly are,
 * the button gives way to a sentence saying so and pointing at the PIN box. A browser without a
 * camera API at all shows nothing; typing the PIN always works.
 *
 * The labels and icons come from the server (join-card.tsx), so the join page loads no translation
 * runtime and no icon code.
 */
export function QrScan({ labels: t, icons }: { labels: QrScanLabels; icons: { note: ReactNode; button: ReactNode } }) {
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
        {icons.note}
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
        {icons.button}
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

