import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { englishOn } from "./english";
import { expect, isPhone, sidewaysOverflow, skipOnPostgres, test, watchContext, PHONE } from "./fixtures";
import { TOUR_PARTS, tourSite } from "./site-tour";

/**
 * Every page of the site, walked as a guest, a member and the admin (e2e/site-tour.ts), checked
 * three ways:
 *  - axe finds no WCAG 2.2 A/AA violation in the light theme, and no colour violation in the dark one;
 *  - no page is wider than the screen (WCAG 1.4.10, reflow);
 *  - in Spanish, no English interface text shows (validation messages after a failed submit too);
 *  - the server's HTML and the browser's first render agree: a page that logs React's hydration
 *    error 418 fails (the fixture fails on any page error). The browser runs in another time zone
 *    and with another default language than the server (UTC, English), so anything formatted by
 *    the runtime's defaults instead of the request's locale and time zone renders differently and
 *    fails here.
 */
const BROWSER = { timezoneId: "Pacific/Kiritimati", locale: "de-DE" } as const;
test.use(BROWSER);
test.beforeEach(() => skipOnPostgres("what pages show does not depend on the database"));

/** A context like the test's own (size, language, time zone), watched for errors like the page. */
function contextLike(browser: Browser, baseURL: string, page: Page, errors: string[]) {
  return async () => {
    const project = test.info().project.use;
    const context = await browser.newContext({ ...BROWSER, baseURL, viewport: page.viewportSize(), deviceScaleFactor: project.deviceScaleFactor, isMobile: project.isMobile, hasTouch: project.hasTouch });
    await context.addCookies((await page.context().cookies()).filter((c) => c.name === "NEXT_LOCALE"));
    await watchContext(context, errors);
    return context;
  };
}

for (const part of TOUR_PARTS) {
  test(`every page passes axe (WCAG 2.2 AA) in the light and the dark theme: ${part}`, PHONE, async ({ page, browser, baseURL, consoleErrors }) => {
    test.setTimeout(360_000);
    const found: string[] = [];
    await tourSite(part, page, contextLike(browser, baseURL!, page, consoleErrors), baseURL!, "en", async (p, label) => {
      const overflow = await sidewaysOverflow(p);
      if (overflow > 0) found.push(`${label}: ${overflow} px wider than the screen`);
      for (const scheme of ["light", "dark"] as const) {
        // Less motion, as people who ask for it get (globals.css): a theme's colours then apply at
        // once, where a colour transition still running (a page loaded in the other theme) would
        // give axe the colours half-way.
        await p.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        if (scheme === "dark") await expect(p.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(p.locator("html")).not.toHaveClass(/\bdark\b/);
        for (const v of await axeViolations(p, scheme)) found.push(`${label} (${scheme}): ${v.id} [${v.impact}] — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
    });
    expect(found).toEqual([]);
  });

  test(`every page in Spanish shows no English interface text: ${part}`, PHONE, async ({ page, browser, baseURL, context, consoleErrors }) => {
    test.setTimeout(180_000);
    // The words are the same at every size; one walk keeps CI within its minutes.
    test.skip(!isPhone(page), "the phone walk covers the interface text");
    await context.addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
    const found: string[] = [];
    await tourSite(part, page, contextLike(browser, baseURL!, page, consoleErrors), baseURL!, "es", async (p, label) => {
      await expect(p.locator("html")).toHaveAttribute("lang", "es");
      // Spanish words are longer than English ones: the phone's pages still fit its screen.
      const overflow = await sidewaysOverflow(p);
      if (overflow > 0) found.push(`${label}: ${overflow} px wider than the screen`);
      for (const text of await englishOn(p)) found.push(`${label}: ${text}`);
    });
    expect(found).toEqual([]);
  });
}
