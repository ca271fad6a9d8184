import type { Page } from "@playwright/test";

/**
 * Sums the layout shifts a page has had (Chromium's Layout Instability API) from its start, those
 * not caused by input; call before navigating. Returns a reader of the sum on the current page.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.layoutShift += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** Starts the sum again, e.g. once a page reached by a client-side navigation is on screen. */
export async function resetLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
  });
}
