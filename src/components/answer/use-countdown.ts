"use client";

import { useEffect, useState } from "react";

/** What a countdown runs from: the milliseconds the server said were left, and whether the clock is stopped. */
export type CountdownSource = { remainingMs: number; paused?: boolean };

/**
 * Milliseconds left of `source`, counted on this device's monotonic clock from the server's
 * number; null until the countdown of this source has ticked once. The value is keyed to the
 * source it was measured for (by identity: keep the object stable while the deadline is the
 * same), so the render that shows a new question never sees the previous question's 0 — which
 * would send "no answer" for the new question at once. Used by solo play and live games alike.
 */
export function useCountdown(source: CountdownSource | null, everyMs = 200): number | null {
  const [measured, setMeasured] = useState<{ source: CountdownSource; left: number } | null>(null);
  useEffect(() => {
    if (!source) return;
    const start = performance.now();
    const tick = () =>
      setMeasured({ source, left: source.paused ? source.remainingMs : Math.max(0, source.remainingMs - (performance.now() - start)) });
    tick();
    if (source.paused) return;
    const id = setInterval(tick, everyMs);
    return () => clearInterval(id);
  }, [source, everyMs]);
  return source && measured?.source === source ? measured.left : null;
}
