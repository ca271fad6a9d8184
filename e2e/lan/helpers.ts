import jsQR from "jsqr";
import { expect, type Locator, type Page } from "@playwright/test";
import { newAccount, type Account } from "../accounts";

/** Decodes a QR code on the page from a screenshot of its element (jsQR on the pixels). */
export async function decodeQr(image: Locator): Promise<string> {
  const png = await image.screenshot();
  const pixels = await image.page().evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, png.toString("base64"));
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(code, "the QR code decodes").not.toBeNull();
  return code!.data;
}

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
