"use client";

import { lazy, Suspense } from "react";
import type { AudioLabels } from "./audio-clip";

const AudioClip = lazy(() => import("./audio-clip").then((m) => ({ default: m.AudioClip })));

/** A question's clip, its code loaded only when a question has one (most have none). */
export function AudioSlot(props: { src: string | null | undefined; labels: AudioLabels; autoPlay?: boolean; size?: "md" | "lg" }) {
  if (!props.src) return null;
  return (
    <Suspense fallback={<div className="h-11" />}>
      <AudioClip key={props.src} {...props} src={props.src} />
    </Suspense>
  );
}
