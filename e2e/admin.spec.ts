import type { Browser, Page } from "@playwright/test";
import { signInAdmin, signUpByApi } from "./accounts";
import { expect, test } from "./fixtures";
import { seriousViolations } from "./axe";

/**
 * The administrators' part of /admin (docs/rules.md §6): an admin finds a member, disables them
 * (their session ends at once and the sign-in form says the account is disabled), enables them
 * again, and reads both in the audit log, newest first; the page is axe-clean and in Spanish too.
 */

async function adminPage(browser: Browser, baseURL: string, locale?: "es") {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? null });
  if (locale) await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  await signInAdmin(context.request, baseURL);
  return { context, page: await context.newPage() };
}

async function seriousA11y(page: Page, label: string) {
  expect(await seriousViolations(page, label)).toEqual([]);
}

// Two browsers, several sign-ins and a page re-rendered after each action: more than the default 30 s on a loaded machine.
test.beforeEach(() => test.setTimeout(120_000));

async function signInForm(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("auth-submit").click();
}

test("an admin disables a member (signed out at once, sign-in refused) and enables them; the audit log says so", async ({ page, browser, baseURL }) => {
  const member = await signUpByApi(page.request, baseURL!);
  expect((await page.request.get("/me")).status()).toBe(200);
  const admin = await adminPage(browser, baseURL!);
  try {
    await admin.page.goto(`/admin?q=${encodeURIComponent(member.email)}#users`);
    const row = admin.page.getByTestId("user-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(member.email);
    await expect(row.getByTestId("user-status")).toHaveCount(0);
    await row.getByRole("button", { name: "Disable" }).click();
    await expect(row.getByTestId("user-status")).toHaveText("Disabled");
    await expect(row.getByRole("button", { name: "Enable" })).toBeEnabled();

    // The member's session stopped working, and signing in says why.
    expect((await page.request.get("/me")).status()).toBe(401);
    await page.context().clearCookies();
    await signInForm(page, member.email, member.password);
    await expect(page.getByRole("alert").filter({ hasText: "This account has been disabled by an administrator. Ask them to enable it again." })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);

    await row.getByRole("button", { name: "Enable" }).click();
    await expect(row.getByTestId("user-status")).toHaveCount(0);
    await signInForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/me$/);

    // Both in the audit log, newest first, under the admin's handle.
    await admin.page.goto("/admin#audit");
    const mine = admin.page.getByTestId("audit-entry").filter({ hasText: `@${member.handle} (${member.email})` });
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(0)).toContainText(`@site-admin enabled @${member.handle}`);
    await expect(mine.nth(1)).toContainText(`@site-admin disabled @${member.handle}`);
    await seriousA11y(admin.page, "/admin");
  } finally {
    await admin.context.close();
  }
});

test("the admin page in Spanish: status, buttons and the audit log", async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!, "es");
  try {
    await admin.page.goto("/admin");
    await expect(admin.page.getByRole("heading", { name: /Registro de auditoría/ })).toBeVisible();
    await expect(admin.page.getByTestId("change-status").first()).toHaveText(/Desactivar|Activar/);
    await seriousA11y(admin.page, "/admin (es)");
  } finally {
    await admin.context.close();
  }
});
