"use client";

import { useMemo } from "react";
import { useFormatter } from "next-intl";

/** Numbers of a report in the viewer's locale: a 0–1 share as a percentage, milliseconds as seconds. */
export function useReportFormat() {
  const format = useFormatter();
  return useMemo(
    () => ({
      percent: (share: number) => format.number(share, { style: "percent", maximumFractionDigits: 0 }),
      seconds: (ms: number) => format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      number: (n: number) => format.number(n),
    }),
    [format],
  );
}
