"use client";

import { useState } from "react";

/**
 * A question's audio clip on a phone and in solo play (docs/rules.md §5 "Audio"): the browser's
 * own player (its play button, no autoplay), loaded from the author's address like a picture;
 * a clip that does not load gives way to a quiet message. The browser's player keeps the pages'
 * JavaScript as it was; the big screen has its own (audio-clip.tsx, which tries autoplay).
 */
export function NativeClip({ src, failed: failedText, label }: { src: string; failed: string; label: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="audio-failed">
        {failedText}
      </p>
    );
  }
  return <audio controls preload="metadata" src={src} aria-label={label} className="w-full" onError={() => setFailed(src)} data-testid="audio-native" />;
}
