"use client";

import { useEffect, useState } from "react";

/** What a countdown runs from: the milliseconds the server said were left, and whether the clock is stopped. */
export type CountdownSource = { remainingMs: number; paused?: boolean };

/**
 * With `leftMs` left, how long until the whole seconds shown (`Math.ceil(left / 1000)`) change:
 * 4,300 ms shows 5 until 4,000 (300 ms), 4,000 shows 4 until 3,000 (1,000 ms).
 */
export function msToNextSecond(leftMs: number): number {
  return leftMs % 1000 || 1000;
}

/**
 * Milliseconds left of `source` (null without one), counted on this device's monotonic clock
 * from the server's number. It ticks when the whole seconds shown change, not several times a
 * second: a phone re-renders its question once a second (time bars run on the compositor:
 * CountdownBar). The value is keyed to the source it was measured for, by identity: the render
 * that shows a new source (a new question, or the host's view after each answer) has that
 * source's own number at once, never the previous question's 0 — which would send "no answer"
 * for the new question — and never nothing, which blanked the host's clock for a frame at every
 * answer. Used by solo play and live games alike.
 */
export function useCountdown(source: CountdownSource | null): number | null {
  const [measured, setMeasured] = useState<{ source: CountdownSource; left: number } | null>(null);
  useEffect(() => {
    if (!source) return;
    const start = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = source.paused ? source.remainingMs : Math.max(0, source.remainingMs - (performance.now() - start));
      setMeasured({ source, left });
      // A timer that fires a little early finds the same second shown and waits the rest.
      if (!source.paused && left > 0) timer = setTimeout(tick, msToNextSecond(left));
    };
    tick();
    return () => clearTimeout(timer);
  }, [source]);
  if (!source) return null;
  return measured?.source === source ? measured.left : Math.max(0, source.remainingMs);
}
