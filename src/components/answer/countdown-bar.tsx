"use client";

import { clsx } from "clsx";
import { useEffect, useRef } from "react";
import type { CountdownSource } from "./use-countdown";

/**
 * A time bar that empties over what is left of `source`, out of `totalMs`. The browser's
 * compositor runs it (one Web Animation of a transform per deadline), so the page itself does not
 * re-render or lay out while it moves; a stopped clock (paused) holds it where it is.
 * `fillClassName` sets the colour, which may change as time runs low without restarting it.
 */
export function CountdownBar({
  source,
  totalMs,
  className,
  fillClassName,
}: {
  source: CountdownSource | null;
  totalMs: number;
  className?: string;
  fillClassName?: string;
}) {
  const fill = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = fill.current;
    if (!el || !source) return;
    const from = totalMs > 0 ? Math.min(1, Math.max(0, source.remainingMs / totalMs)) : 0;
    el.style.transform = `scaleX(${from})`;
    if (source.paused || from === 0 || typeof el.animate !== "function") return;
    const run = el.animate([{ transform: `scaleX(${from})` }, { transform: "scaleX(0)" }], {
      duration: source.remainingMs,
      easing: "linear",
      fill: "forwards",
    });
    return () => run.cancel();
  }, [source, totalMs]);
  return (
    <div className={clsx("overflow-hidden rounded-full", className)} aria-hidden>
      <div ref={fill} className={clsx("h-full origin-left", fillClassName)} />
    </div>
  );
}
