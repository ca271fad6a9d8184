"use client";

import { lazy, Suspense } from "react";

// Only a challenge's owner sees the share panel: the players who open the page on their phones
// never load its code (nor does the quiz page, which would otherwise share a chunk with this one).
const SharePanel = lazy(() => import("@/components/share/share-panel").then((m) => ({ default: m.SharePanel })));

/** The QR code, copy link and Web Share of a challenge's link, for its owner. */
export function OwnerShare(props: { path: string; title: string; text: string; qr: string }) {
  return (
    <Suspense fallback={null}>
      <SharePanel {...props} />
    </Suspense>
  );
}
