"use client";

import { useEffect, useState } from "react";
import type { Timing } from "@/core/live/protocol";

/** Milliseconds left until the timing's next boundary, counted on this device from the server's numbers. */
export function useRemaining(timing: Timing | null): number | null {
  const [left, setLeft] = useState<number | null>(timing ? timing.remainingMs : null);
  useEffect(() => {
    if (!timing) {
      setLeft(null);
      return;
    }
    const start = performance.now();
    const tick = () => setLeft(timing.paused ? timing.remainingMs : Math.max(0, timing.remainingMs - (performance.now() - start)));
    tick();
    if (timing.paused) return;
    const id = setInterval(tick, 100);
    return () => clearInterval(id);
  }, [timing]);
  return left;
}
