import type { Page } from "@playwright/test";
import { expect, isPhone, PHONE, skipOnPostgres, test } from "./fixtures";

/**
 * Nothing focused hides under the site's bars (WCAG 2.2, 2.4.11 Focus Not Obscured): tabbing
 * through a page on a small screen, every focused element lies clear of the bottom tab bar and the
 * sticky header. 195×422 is a 390×844 phone at 200 % zoom; 320×568 is the smallest phone we serve.
 */
test.beforeEach(({ page }) => {
  skipOnPostgres("layout does not depend on the database");
  test.skip(!isPhone(page), "the tab bar is on phones");
});

type Step = { what: string; covered: number; by: string } | null;

/** Tabs once and measures how much of the focused element the fixed or sticky bars cover. */
async function tab(page: Page): Promise<Step> {
  await page.keyboard.press("Tab");
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const what = `${el.tagName.toLowerCase()} “${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}”`;
    const bars = [...document.querySelectorAll<HTMLElement>("[data-site-chrome]")].filter((b) => {
      const position = getComputedStyle(b).position;
      return (position === "fixed" || position === "sticky") && b.checkVisibility();
    });
    // The bars' own links are never under themselves; the skip link sits above everything.
    if (bars.some((b) => b.contains(el)) || el.getAttribute("href") === "#main") return { what, covered: 0, by: "" };
    const r = el.getBoundingClientRect();
    const area = Math.max(1, r.width * r.height);
    let worst = { covered: 0, by: "" };
    for (const bar of bars) {
      const b = bar.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, b.right) - Math.max(r.left, b.left));
      const h = Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top));
      const covered = (w * h) / area;
      if (covered > worst.covered) worst = { covered, by: bar.tagName.toLowerCase() };
    }
    return { what, ...worst };
  });
}

for (const size of [
  { width: 195, height: 422 },
  { width: 320, height: 568 },
]) {
  test(`at ${size.width}×${size.height} no focused element is hidden under the tab bar or the header`, PHONE, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    for (const path of ["/explore", "/quiz/solar-system-basics"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" }).locator("visible=true")).toBeVisible();
      const hidden: string[] = [];
      let first: string | null = null;
      let steps = 0;
      // Through the whole page, until focus comes back round to where it started.
      for (; steps < 150; steps++) {
        const step = await tab(page);
        if (!step) continue;
        if (step.what === first) break;
        first ??= step.what;
        if (step.covered > 0) hidden.push(`${path}: ${step.what} is ${Math.round(step.covered * 100)} % under the ${step.by}`);
      }
      expect(steps, `${path}: focus went round the page`).toBeGreaterThan(10);
      expect(hidden).toEqual([]);
    }
  });
}
