import type { BrowserContext, Page } from "@playwright/test";
import { newAccount, signInAdmin, signUpByApi, type Account } from "./accounts";
import { expect } from "./fixtures";

/**
 * A walk through every page of the site, as a guest and then as a member (and the admin page as
 * the admin), calling `visit` on each once it has settled. Forms are also visited after a failed
 * submit, so their validation messages are on screen. The walk finds its way by URL and test ids
 * only, so it works in either language.
 */
export type Visit = (page: Page, label: string) => Promise<void>;

/** A quiz in Spanish for the Spanish walk (its content is not interface text), else one in English. */
export const tourQuiz = (locale: "en" | "es") => (locale === "es" ? "geografia-de-america-latina" : "solar-system-basics");

async function settle(page: Page) {
  await page.waitForLoadState("load");
  // Pages hydrate, then client components may show more (counts, menus): let that finish.
  await page.waitForLoadState("networkidle").catch(() => {});
}

function goer(page: Page, visit: Visit) {
  return async (path: string, label: string, status = 200) => {
    const res = await page.goto(path);
    expect(res?.status(), `${label} (${path}) answers ${status}`).toBe(status);
    await settle(page);
    await visit(page, label);
  };
}

/** The walk in three parts, so each runs as a test of its own (in parallel, within its time). */
export type TourPart = "guest" | "member" | "live";
export const TOUR_PARTS: TourPart[] = ["guest", "member", "live"];

/** `newContext` opens a context like the page's own (size, language, time zone) for the admin. */
export async function tourSite(part: TourPart, page: Page, newContext: () => Promise<BrowserContext>, baseURL: string, locale: "en" | "es", visit: Visit): Promise<void> {
  if (part === "guest") await tourGuest(page, baseURL, locale, visit);
  else if (part === "member") await tourMember(page, baseURL, locale, visit);
  else await tourLive(page, newContext, baseURL, locale, visit);
}

async function tourGuest(page: Page, baseURL: string, locale: "en" | "es", visit: Visit) {
  const quiz = tourQuiz(locale);
  const go = goer(page, visit);
  await go("/", "home");
  await go("/explore", "explore");
  await go("/explore?q=zzqqxxyy", "explore, no results");
  await go(`/quiz/${quiz}`, "quiz page");
  // Play without a nickname: the form says what is missing.
  await page.getByTestId("play").click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await visit(page, "quiz page, no nickname");
  await go("/join", "join");
  await go("/join?pin=12", "join, bad PIN");
  await go("/join/999999", "join, unknown PIN");
  await go("/no-such-page", "404", 404);
  await go("/me", "401", 401);
  await go("/classes", "classes, guest");
  await go("/sign-in", "sign-in");
  await page.locator('input[name="email"]').fill("not-an-email");
  await page.getByTestId("auth-submit").click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await visit(page, "sign-in, failed");
  await go("/sign-up", "sign-up");
  await page.locator('input[name="email"]').fill("not-an-email");
  await page.locator('input[name="handle"]').fill("A");
  await page.locator('input[name="password"]').fill("short");
  await page.getByTestId("auth-submit").click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
  await visit(page, "sign-up, failed");
  await go("/forgot-password", "forgot password");
  await page.locator('input[name="email"]').fill("not-an-email");
  await page.getByTestId("forgot-submit").click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await visit(page, "forgot password, failed");
  await page.locator('input[name="email"]').fill("nobody@quizdeck.test");
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toBeVisible();
  await visit(page, "forgot password, sent");
  await go("/reset-password?token=no-such-token", "reset password, expired link");
  await go("/email-verified", "email confirmed");
  await go("/email-verified?error=TOKEN_EXPIRED", "email confirmation, expired link");

  // Solo play as a guest, and its results.
  const started = await page.request.post(`/api/v1/quizzes/${quiz}/attempts`, { data: { nickname: "Tour" }, headers: { origin: baseURL } });
  expect(started.status(), await started.text()).toBe(201);
  const { attemptId } = (await started.json()) as { attemptId: string };
  await go(`/play/${attemptId}`, "play");
  const finished = await page.request.post(`/api/v1/attempts/${attemptId}/finish`, { headers: { origin: baseURL } });
  expect(finished.status()).toBe(200);
  await go(`/results/${attemptId}`, "results");
}

async function tourMember(page: Page, baseURL: string, locale: "en" | "es", visit: Visit) {
  const quiz = tourQuiz(locale);
  const go = goer(page, visit);
  const member: Account = await signUpByApi(page.request, baseURL, newAccount("tour"));
  await go("/me", "me");
  await go("/me?tab=quizzes", "me, quizzes");
  await go("/me?tab=favorites", "me, favorites");
  await go("/me?tab=challenges", "me, challenges");
  await go("/me?tab=tokens", "me, tokens");
  await go("/me?tab=settings", "me, settings");
  await page.locator('input[name="name"]').fill("");
  await page.getByTestId("save-settings").click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  // Clicking Save scrolled the page; back at the top, so no link sits half under the sticky header
  // (axe counts a target the header covers as too small, wherever the page happens to be scrolled).
  await page.evaluate(() => window.scrollTo(0, 0));
  await visit(page, "me, settings, failed");
  await go("/me?tab=security", "me, security");
  await go(`/u/${member.handle}`, "profile");
  await go("/study", "study dashboard");
  await go(`/study/${quiz}`, "study session");
  // A challenge: the form (with a refused number of attempts), then its page as its owner sees it.
  await go(`/quiz/${quiz}/challenge`, "new challenge");
  await page.locator('input[name="attemptsAllowed"]').fill("0");
  await page.getByTestId("challenge-create").click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
  await visit(page, "new challenge, failed");
  await page.locator('input[name="attemptsAllowed"]').fill("2");
  await page.getByTestId("challenge-create").click();
  await page.waitForURL(/\/challenge\/[0-9A-Z]{8}$/);
  await settle(page);
  await visit(page, "challenge, owner");
  // A class: the list with its form, the teacher's page (the challenge assigned), its join page.
  await go("/classes", "classes");
  await page.locator("#class-name").fill("Tour 7B");
  await page.getByTestId("create-class").locator('button[type="submit"]').click();
  await page.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
  await page.getByTestId("assign-form").locator('button[type="submit"]').click();
  await expect(page.getByTestId("assignments")).toBeVisible();
  await settle(page);
  await visit(page, "class, teacher");
  const classCode = (await page.getByTestId("class-code").innerText()).trim();
  await go(`/classes/join/${classCode}`, "class, join");
  await go("/create", "editor");
  // A saved draft that cannot be published yet: the editor lists what is missing.
  await page.locator("#f-title").fill("Tour");
  await page.getByTestId("publish").click();
  await expect(page.getByTestId("publish-errors")).toBeVisible({ timeout: 20_000 });
  await visit(page, "editor, publish refused");
  await go("/import", "import");
  await go("/admin", "403", 403);
}

async function tourLive(page: Page, newContext: () => Promise<BrowserContext>, baseURL: string, locale: "en" | "es", visit: Visit) {
  const quiz = tourQuiz(locale);
  await signUpByApi(page.request, baseURL, newAccount("host"));
  // A live game: the host's lobby, and a player joining it.
  await page.goto(`/quiz/${quiz}`);
  await page.getByTestId("host-live").click();
  await page.waitForURL(/\/host\/[0-9a-f-]{36}$/);
  const pin = (await page.getByTestId("host-pin").innerText()).replace(/\D/g, "");
  expect(pin).toMatch(/^\d{6}$/);
  await settle(page);
  await visit(page, "host lobby");
  const player = await page.context().newPage();
  await player.goto(`/join/${pin}`);
  await settle(player);
  await visit(player, "join a game");
  await player.locator("#join-nickname").fill("Tour player");
  await player.getByTestId("join-submit").click();
  await player.waitForURL(/\/game\/\d{6}$/);
  await expect(player.getByTestId("player-phase")).toHaveAttribute("data-phase", "lobby");
  await settle(player);
  await visit(player, "game, player");
  await player.close();

  // The admin's page.
  const admin = await newContext();
  try {
    await admin.addCookies((await page.context().cookies()).filter((c) => c.name === "NEXT_LOCALE"));
    await signInAdmin(admin.request, baseURL);
    const adminPage = await admin.newPage();
    const res = await adminPage.goto("/admin");
    expect(res?.status()).toBe(200);
    await settle(adminPage);
    await visit(adminPage, "admin");
  } finally {
    await admin.close();
  }
}
