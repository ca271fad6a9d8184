"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import type { SpokenData } from "@/core/play/spoken";

const noop = () => () => {};
/** Speech synthesis exists in this browser (false on the server, so the first render matches). */
const useSpeech = () =>
  useSyncExternalStore(
    noop,
    () => "speechSynthesis" in window,
    () => false,
  );

// The button and its icons load only in a browser that can speak, after the page has shown: they
// are not in the first-load JS of the phone and play pages (scripts/check-bundles.mjs).
const Button = lazy(() => import("./read-aloud-button").then((m) => ({ default: m.ReadAloudButton })));

/**
 * "Read aloud": the browser's own speech synthesis reads the question and its options in the
 * quiz's language (`lang`, a two-letter code). Nothing shows where the browser cannot speak.
 */
export function ReadAloud(props: { prompt: string; data: SpokenData; lang: string; className?: string }) {
  if (!useSpeech()) return null;
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}

