"use client";

import { useFormatter } from "next-intl";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * The browser's time zone. The server renders in UTC (src/i18n/request.ts) and knows no other,
 * so the first render, on the server and while hydrating, says UTC; the browser's own zone
 * follows at once (useSyncExternalStore re-renders with it, without a hydration mismatch).
 */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserZone, () => "UTC");
}

const SHOWN = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;

/** Says a moment in the viewer's language and time zone, with the zone's name: "May 8, 2026, 2:00 PM GMT+2". */
export function useLocalDateTime(): (iso: string) => string {
  const format = useFormatter();
  const timeZone = useTimeZone();
  return (iso) => format.dateTime(new Date(iso), { ...SHOWN, timeZone });
}

export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const say = useLocalDateTime();
  return (
    <time dateTime={iso} className={className}>
      {say(iso)}
    </time>
  );
}
