"use client";

import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";

export type AudioLabels = { play: string; pause: string; failed: string; blocked: string };

/**
 * A question's audio clip (docs/rules.md §5 "Audio"), loaded by the browser from the author's
 * address like a picture: a play/pause button. `autoPlay` (the big screen) tries to start it
 * when the question shows; a browser that blocks autoplay leaves it to the button, and says so.
 * A clip that does not load shows a quiet message instead of the button. Loaded only with a
 * question that has a clip (see audio-slot.tsx).
 */
export function AudioClip({ src, labels, autoPlay = false, size = "md" }: { src: string; labels: AudioLabels; autoPlay?: boolean; size?: "md" | "lg" }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<"idle" | "playing" | "blocked" | "failed">("idle");

  useEffect(() => {
    setState("idle");
    const audio = ref.current;
    if (!autoPlay || !audio) return;
    audio.play().catch((e: unknown) => {
      // NotAllowedError: the browser wants a gesture first. Anything else: the clip failed.
      setState((e as { name?: string })?.name === "NotAllowedError" ? "blocked" : "failed");
    });
  }, [src, autoPlay]);

  const toggle = () => {
    const audio = ref.current;
    if (!audio) return;
    if (audio.paused) audio.play().catch(() => setState("failed"));
    else audio.pause();
  };

  return (
    <div className="flex flex-wrap items-center justify-center gap-3" data-testid="audio-clip" data-state={state}>
      <audio ref={ref} src={src} preload="metadata" onPlay={() => setState("playing")} onPause={() => setState((s) => (s === "failed" ? s : "idle"))} onEnded={() => setState("idle")} onError={() => setState("failed")} />
      {state === "failed" ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="audio-failed">
          {labels.failed}
        </p>
      ) : (
        <>
          <button type="button" className={buttonClass("secondary", size)} onClick={toggle} data-testid="audio-toggle">
            {state === "playing" ? <Pause className="size-5" aria-hidden /> : <Play className="size-5" aria-hidden />}
            {state === "playing" ? labels.pause : labels.play}
          </button>
          {state === "blocked" && (
            <span className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-testid="audio-blocked">
              {labels.blocked}
            </span>
          )}
        </>
      )}
    </div>
  );
}
