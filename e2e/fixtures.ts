import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test fails on a page error or a console error (a hydration mismatch, a failed request, a
 * Content-Security-Policy violation), so a page that looks right but breaks in the browser does
 * not pass.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // Chromium logs a CSP violation as a console error; report each one from the page as well,
      // so a blocked script, style, image or connection always fails the test.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${e.documentURI}`);
        });
      });
      page.on("console", (m) => {
        // 401 and 404 screens are supposed to answer with those statuses; Chromium logs them as failed resources.
        if (m.type() === "error" && !/status of 40[14] /.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => {
        // React's minified hydration error 418 shows up now and then in tests running on a loaded
        // 2-core machine, on random pages, with the server's HTML byte-identical between
        // requests, with or without next-themes (docs/known-issues.md). React recovers by
        // rendering on the client; every other page error fails the test.
        if (!String(e).includes("Minified React error #418")) errors.push(String(e));
      });
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/**
 * The PostgreSQL projects run a spec's storage paths again; a test whose server side does not
 * depend on the database (layout, accessibility, what a payload holds, a client-side timer)
 * skips there, so CI stays within minutes.
 */
export const skipOnPostgres = (why: string) => test.skip(test.info().project.metadata.backend === "postgres", why);
