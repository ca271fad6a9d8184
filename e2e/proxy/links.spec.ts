import { request as playwrightRequest } from "@playwright/test";
import { answer, keyFor } from "../answer-key";
import { expect, test } from "../fixtures";
import { decodeImgQr, proxy } from "./helpers";

/**
 * Solo play through nginx with TLS, as a guest: every link a page hands out (QR codes, Open Graph
 * URLs and image) is built from QUIZDECK_PUBLIC_URL and opens through the proxy, and the guest
 * cookie is Secure.
 */
const SLUG = "solar-system-basics";

test("solo play through the proxy: QR codes and Open Graph URLs at the public URL, a Secure guest cookie", async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto(`/quiz/${SLUG}`);
  expect(await decodeImgQr(page.getByTestId("share-qr"))).toBe(`${proxy.origin}/quiz/${SLUG}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${proxy.origin}/quiz/${SLUG}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${proxy.origin}/`));

  await page.getByLabel("Your nickname").fill("Proxy Ada");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  const guest = (await context.cookies()).find((c) => c.name === "qd_guest");
  expect(guest, "the guest cookie").toBeDefined();
  expect(guest!.secure, "the guest cookie is Secure over HTTPS").toBe(true);

  // Three answers, then "End quiz": the rest score nothing, the results page follows.
  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId("progress")).toHaveText(new RegExp(`Question ${i + 1} of`));
    await answer(page, keyFor(await page.locator("#prompt").innerText()), true, "mouse");
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
    await page.getByTestId("continue").click();
  }
  await expect(page.getByTestId("progress")).toHaveText(/Question 4 of/);
  await page.getByRole("button", { name: "End quiz" }).click();
  await expect(page).toHaveURL(/\/results\/[0-9a-f-]{36}$/);
  const resultUrl = `${proxy.origin}${new URL(page.url()).pathname}`;
  expect(page.url()).toBe(resultUrl);

  // The share panel's QR code, the share card's and the Open Graph URL all lead back here.
  expect(await decodeImgQr(page.getByTestId("share-qr"))).toBe(resultUrl);
  expect(await decodeImgQr(page.getByTestId("share-card").locator("img"))).toBe(resultUrl);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", resultUrl);
  const og = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
  expect(og.startsWith(`${resultUrl}/opengraph-image`), og).toBe(true);
  // …and the image is served through the proxy (opened as a crawler would, in a new tab).
  const image = await context.newPage();
  const res = await image.goto(og);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-type"]).toBe("image/png");
  await image.close();
});

test("a client's own X-Forwarded-Proto does not make a cookie Secure on a server that trusts no proxy", async () => {
  // The lan-phone project's server: the shipped defaults, no QUIZDECK_TRUST_PROXY, plain HTTP.
  const lan = `http://127.0.0.1:${Number(process.env.E2E_PORT_BASE ?? 3100) + 3}`;
  const api = await playwrightRequest.newContext({ baseURL: lan });
  const res = await api.post(`/api/v1/quizzes/${SLUG}/attempts`, { data: { nickname: "Forger" }, headers: { "x-forwarded-proto": "https" } });
  expect(res.status(), await res.text()).toBe(201);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("qd_guest="));
  expect(cookie, "the guest cookie is set").toBeDefined();
  expect(cookie!.value).not.toMatch(/;\s*secure/i);
  await api.dispose();
});
