"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { GuestStudySummary } from "@/core/study/decks";

/**
 * A guest's part of a page (their strip, their decks) from the study this browser keeps: once the
 * page has loaded, the cards are read from IndexedDB and summed up (guest-summary.ts, loaded only
 * then), and `render` (a server action, src/app/study/guest-views.tsx) draws them with the same
 * components as a member's. Little code reaches the browser this way: no messages, no formatting,
 * no deck markup. `fallback` holds the place meanwhile; `empty` stands in when there is nothing.
 */
export function GuestStudyView({
  render,
  fallback,
  empty = null,
}: {
  render: (summary: GuestStudySummary) => Promise<ReactNode>;
  fallback: ReactNode;
  empty?: ReactNode;
}) {
  const [view, setView] = useState<{ node: ReactNode } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const summary = await import(/* webpackChunkName: "guest-study" */ "./guest-summary").then((m) => m.readGuestSummary()).catch(() => null);
      // A failed read or request shows what a guest without progress sees: the page works without it.
      const node = summary ? await render(summary).catch(() => null) : null;
      if (!cancelled) setView({ node });
    })();
    return () => {
      cancelled = true;
    };
  }, [render]);
  if (!view) return fallback;
  return view.node ?? empty;
}
