import { expect, type Page } from "@playwright/test";
import { newAccount, type Account } from "../accounts";

export { decodeQr } from "../live-helpers";

/**
 * A JSON request made by the page itself: quizdeck.test resolves only inside Chromium (its
 * host-resolver rules), not for Playwright's own request context, and the page's cookies follow.
 */
export async function pageFetch<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  ) as Promise<{ status: number; json: T }>;
}

/** Signs a fresh account up from the page (which must be on the site); the page ends signed in. */
export async function signUpInPage(page: Page, account: Account = newAccount("lan")): Promise<Account> {
  if (page.url() === "about:blank") await page.goto("/");
  const res = await pageFetch(page, "POST", "/api/auth/sign-up/email", account);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return account;
}
