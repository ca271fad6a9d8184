import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

/**
 * Every test fails on a page error or a console error (a hydration mismatch, a failed request, a
 * Content-Security-Policy violation), so a page that looks right but breaks in the browser does
 * not pass.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      await watchContext(context, errors);
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Collects the errors of every page of a context: uncaught errors (React's hydration error 418
 * among them), console errors, and each Content-Security-Policy violation.
 */
export async function watchContext(context: BrowserContext, errors: string[]): Promise<string[]> {
  // Chromium logs a CSP violation as a console error; report each one from the page as well,
  // so a blocked script, style, image or connection always fails the test.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${e.documentURI}`);
    });
  });
  context.on("console", (m) => {
    // 401, 403 and 404 screens are supposed to answer with those statuses; Chromium logs them as failed resources.
    if (m.type() === "error" && !/status of 40[134] /.test(m.text())) errors.push(`${m.page()?.url() ?? ""}: ${m.text()}`);
  });
  context.on("weberror", (e) => errors.push(`${e.page()?.url() ?? ""}: ${String(e.error())}`));
  return errors;
}

export { expect };

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/**
 * The tag of the tests the phone project runs (playwright.config.ts: its `grep`). Every test runs
 * at the desktop size; at the phone size (390×844, touch) only those that check what the phone
 * changes: the walks of every page (axe, reflow, Spanish), the phone-only layouts (tab bar, solo
 * play's screen, focus under the bars, the camera, the class flow), and one pass of each main
 * flow a person takes on a phone (sign up, play, study, write a quiz, a picture). The rest run
 * once, at the desktop size: the rules behind them do not depend on the screen.
 */
export const PHONE = { tag: "@phone" } as const;

/**
 * Holds the page's scripts back from now on, as a slow connection does, so the next load shows its
 * server-rendered HTML alone; the returned function lets them through.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * How many CSS pixels the page is wider than the screen (0 or less: no sideways scrolling). It
 * compares with the screen's width, not `window.innerWidth`: on an emulated phone a page wider than
 * the screen widens the layout viewport, and `innerWidth` grows with it.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return scrollWidth - page.viewportSize()!.width;
}

/**
 * The PostgreSQL projects run a spec's storage paths again; a test whose server side does not
 * depend on the database (layout, accessibility, what a payload holds, a client-side timer)
 * skips there, so CI stays within minutes.
 */
export const skipOnPostgres = (why: string) => test.skip(test.info().project.metadata.backend === "postgres", why);
