import { networkInterfaces } from "node:os";
import { expect, test } from "../fixtures";
import { hostGame } from "../live-helpers";
import { lanOrigins } from "../../src/core/http/origin";
import { decodeQr, pageFetch, signUpInPage } from "./helpers";

/**
 * Links that phones can open: on the shipped defaults (no QUIZDECK_PUBLIC_URL), a page opened at
 * http://quizdeck.test:PORT puts that origin, never localhost, into every QR code, share URL and
 * Open Graph URL; a lobby opened as 127.0.0.1 says phones cannot reach it and offers this
 * machine's network addresses.
 */

const origin = (baseURL: string | undefined) => new URL(baseURL!).origin;

// Sign-up, hosting and the Open Graph image each take a server render or two.
test.describe.configure({ timeout: 60_000 });

test("the lobby's QR code and Join-at line carry the address the page was opened at", async ({ page, baseURL }) => {
  await signUpInPage(page);
  await hostGame(page, "world-capitals");
  const pin = await page.getByTestId("host-pin").getAttribute("data-pin");
  await expect(page.getByTestId("join-url-text")).toHaveText(`${new URL(baseURL!).host}/join`);
  expect(await decodeQr(page.getByTestId("join-qr"))).toBe(`${origin(baseURL)}/join/${pin}`);
  await expect(page.getByTestId("loopback-notice")).toHaveCount(0);
});

test("the quiz page's QR code and Open Graph URL", async ({ page, baseURL }) => {
  await page.goto("/quiz/world-capitals");
  expect(await decodeQr(page.getByTestId("share-qr"))).toBe(`${origin(baseURL)}/quiz/world-capitals`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${origin(baseURL)}/quiz/world-capitals`);
});

test("a result's QR code, Web Share URL, og:url and og:image", async ({ page, baseURL }) => {
  // The phone's share sheet, recorded: what a player would send.
  await page.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    Object.defineProperty(navigator, "share", { configurable: true, value: async (data: ShareData) => void w.shared.push(data) });
  });
  await page.goto("/");
  const started = await pageFetch<{ attemptId: string }>(page, "POST", "/api/v1/quizzes/world-capitals/attempts", { nickname: "Linker" });
  expect(started.status).toBe(201);
  const { attemptId } = started.json;
  expect((await pageFetch(page, "POST", `/api/v1/attempts/${attemptId}/finish`)).status).toBe(200);
  const url = `${origin(baseURL)}/results/${attemptId}`;

  await page.goto(`/results/${attemptId}`);
  expect(await decodeQr(page.getByTestId("share-qr"))).toBe(url);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
  const image = await page.locator('meta[property="og:image"]').first().getAttribute("content");
  expect(image).toMatch(new RegExp(`^${origin(baseURL).replace(/\./g, "\\.")}/results/${attemptId}/opengraph-image`));
  expect(await page.evaluate(async (src) => (await fetch(src)).headers.get("content-type"), image!)).toBe("image/png");

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared.map((s) => s.url)).toEqual([url]);
});

test("a lobby opened as 127.0.0.1 says phones cannot reach it and offers this machine's addresses", async ({ page, baseURL }) => {
  const local = `http://127.0.0.1:${new URL(baseURL!).port}`;
  await page.goto(local);
  await signUpInPage(page);
  await page.goto(`${local}/quiz/world-capitals`);
  await page.getByTestId("host-live").click({ timeout: 15_000 });
  await page.waitForURL(/\/host\/[0-9a-f-]{36}$/);
  const pin = await page.getByTestId("host-pin").getAttribute("data-pin");
  const gameId = page.url().split("/host/")[1]!;

  const notice = page.getByTestId("loopback-notice");
  await expect(notice).toContainText(`Phones can't open 127.0.0.1:${new URL(baseURL!).port}`);
  await expect(page.getByTestId("join-qr")).toHaveCount(0);
  // The test runs on the server's machine: the same interfaces, in the same order. This server
  // keeps the default HOSTNAME (0.0.0.0), so no IPv6 address is offered.
  const expected = lanOrigins(networkInterfaces(), Number(new URL(baseURL!).port), "0.0.0.0");
  if (expected.length === 0) {
    await expect(page.getByTestId("lan-none")).toBeVisible();
    return;
  }
  await expect(page.getByTestId("lan-join-url")).toHaveText(expected.map((o) => `${o}/join/${pin}`));
  await expect(page.getByTestId("lan-switch").first()).toHaveAttribute("href", `${expected[0]}/host/${gameId}`);
  expect(await decodeQr(page.getByTestId("lan-qr").first())).toBe(`${expected[0]}/join/${pin}`);
});
