import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export type Account = { email: string; handle: string; name: string; password: string };

/** A fresh account's details; unique per call so parallel tests never collide. */
export function newAccount(prefix = "u", email?: string): Account {
  const id = randomBytes(4).toString("hex");
  const handle = `${prefix}-${id}`.slice(0, 30);
  return { email: email ?? `${handle}@quizdeck.test`, handle, name: `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${id}`, password: `pw-${id}-secret` };
}

/** Signs up through the /sign-up form, as a person would; the page ends signed in. */
export async function signUpInBrowser(page: Page, account = newAccount()): Promise<Account> {
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Handle").fill(account.handle);
  await page.getByLabel("Display name").fill(account.name);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(/\/me$/);
  return account;
}

/**
 * Signs the page's browser up through the API, for tests about something else: the context keeps
 * the session cookie (page.request shares its cookies). It saves two page loads (the form, then
 * /me) against signUpInBrowser, whose form accounts.spec.ts and the every-page walks cover. A page
 * not on the site yet opens the health check's JSON, a document of the origin with nothing to
 * render, so that a `fetch` from the page goes to the site as before. `baseURL`: the server's,
 * when it is not the project's.
 */
export async function signUp(page: Page, account = newAccount(), baseURL = test.info().project.use.baseURL!): Promise<Account> {
  await signUpByApi(page.request, baseURL, account);
  if (!page.url().startsWith(baseURL)) await page.goto(new URL("/api/health", baseURL).href);
  return account;
}

/** Signs up through the API (quicker); the request context (or page.request) keeps the session cookie. */
export async function signUpByApi(request: APIRequestContext, baseURL: string, account = newAccount()): Promise<Account> {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { email: account.email, handle: account.handle, name: account.name, password: account.password },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return account;
}

/** Signs up from a context of its own, so the test's page stays signed out (to sign in there itself). */
export async function signUpElsewhere(browser: Browser, baseURL: string, account = newAccount()): Promise<Account> {
  const setup = await browser.newContext({ baseURL });
  try {
    return await signUpByApi(setup.request, baseURL, account);
  } finally {
    await setup.close();
  }
}

/** The admin of the e2e servers (QUIZDECK_ADMIN_EMAILS in playwright.config.ts): made once, signed in after. */
export const ADMIN_EMAIL = "admin@quizdeck.test";
export async function signInAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const account = { ...newAccount("admin", ADMIN_EMAIL), handle: "site-admin", name: "Admin", password: "admin-password-1" };
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL },
  });
  if (res.status() === 200) return;
  const up = await request.post("/api/auth/sign-up/email", { data: account, headers: { origin: baseURL } });
  if (up.status() === 200) return;
  // Another worker made it in between: sign in.
  const again = await request.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password }, headers: { origin: baseURL } });
  expect(again.status(), await again.text()).toBe(200);
}
