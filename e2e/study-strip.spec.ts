import type { BrowserContext, Page } from "@playwright/test";
import { signUpByApi } from "./accounts";
import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { watchLayoutShifts } from "./layout-shift";

/**
 * The home page's "due for study" strip and a guest's own /study dashboard (docs/rules.md §2, §10):
 * a member's strip comes with the page; a guest's from the cards their browser keeps.
 */
const SLUG = "solar-system-basics"; // 13 questions
const TITLE = "Solar System Basics";
const MIN = 60_000;
const DAY = 86_400_000;

/** Moves study mode's clock on the server (QUIZDECK_TEST_CLOCK) for this browser's requests. */
async function setServerClock(context: BrowserContext, baseURL: string, offsetMs: number) {
  await context.addCookies([{ name: "qd_test_clock_offset", value: String(offsetMs), url: baseURL }]);
}

/** A member's reviews through the API (their session cookie), one per question given. */
async function reviewByApi(page: Page, rating: "again" | "easy", count: number) {
  const quiz = (await (await page.request.get(`/api/v1/quizzes/${SLUG}`)).json()) as { questions: { id: string }[] };
  expect(quiz.questions).toHaveLength(13);
  for (const [i, q] of quiz.questions.slice(0, count).entries()) {
    const res = await page.request.post("/api/v1/study/reviews", { data: { questionId: q.id, rating, clientReviewId: `strip-review-${i}` } });
    expect(res.status()).toBe(201);
  }
}

const strip = (page: Page) => page.getByTestId("study-strip");

/** No WCAG 2.2 A/AA violation within `selector`, in the light and the dark theme. */
async function expectAccessible(page: Page, selector: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    // The theme follows the system's until the visitor picks one: wait for the page to switch.
    if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    const violations = await axeViolations(page, colorScheme, selector);
    expect(violations.map((v) => `${colorScheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
}

/** The home page with all of its sections drawn (a strip, if any, comes before them). */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("new-quizzes")).toBeVisible();
}

test("a member who reviewed cards finds the deck on the home page's strip and studies it from there", async ({ page, baseURL, context }) => {
  test.setTimeout(90_000);
  await signUpByApi(page.request, baseURL!);
  // Never studied: no strip.
  await openHome(page);
  await expect(strip(page)).toHaveCount(0);

  // Two cards forgotten (Again: back in a minute). Right away nothing is due, but 11 new cards wait.
  await reviewByApi(page, "again", 2);
  await openHome(page);
  await expect(strip(page)).toHaveAttribute("data-state", "due");
  await expect(page.getByTestId("study-strip-deck")).toHaveText([`${TITLE}0 due · 11 new`]);

  // Two minutes on, both are due; the strip comes before the popular quizzes and leads to the session.
  await setServerClock(context, baseURL!, 2 * MIN);
  await openHome(page);
  const deck = page.getByTestId("study-strip-deck");
  await expect(deck).toHaveText([`${TITLE}2 due · 11 new`]);
  await expect(strip(page).getByRole("link", { name: "All decks" })).toHaveAttribute("href", "/study");
  await expectAccessible(page, '[data-testid="study-strip"]');
  const [stripBox, popularBox] = [await strip(page).boundingBox(), await page.getByTestId("popular-quizzes").boundingBox()];
  expect(stripBox!.y).toBeLessThan(popularBox!.y);
  await deck.click();
  await expect(page).toHaveURL(new RegExp(`/study/${SLUG}$`));
  await expect(page.getByTestId("study-card")).toHaveAttribute("data-kind", "learning");
  expect(await page.getByTestId("study-left").innerText()).toMatch(/^13 cards left$/);
});

test("with nothing due, a member's strip says when the next card comes", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signUpByApi(page.request, baseURL!);
  // Every card of the deck known (Easy: days away): nothing due, nothing new.
  await reviewByApi(page, "easy", 13);
  await openHome(page);
  await expect(strip(page)).toHaveAttribute("data-state", "later");
  await expect(page.getByTestId("study-strip-later")).toHaveText(/^You're all caught up\.Next card in \d+ (days|weeks?)\.$/);
  await expect(page.getByTestId("study-strip-deck")).toHaveCount(0);
  await expectAccessible(page, '[data-testid="study-strip"]');
});

/** Shows the card's answer and rates it; resolves once the next card (or the end) is on screen. */
async function revealAndRate(page: Page, rating: "easy", left: number) {
  await page.getByTestId("reveal").click();
  await expect(page.getByTestId("study-reveal")).toBeVisible();
  await page.locator(`[data-rating="${rating}"]`).click();
  await expect(page.getByTestId("study-left")).toHaveText(`${left} cards left`);
}

test("a guest who studied on this device sees their strip and their own dashboard", async ({ page }) => {
  test.setTimeout(90_000);
  const layoutShift = await watchLayoutShifts(page);
  // Never studied here: no strip, and /study shows no decks but says how to keep them.
  await openHome(page);
  await expect(strip(page)).toHaveCount(0);
  await page.goto("/study");
  await expect(page.getByTestId("guest-invitation")).toContainText("Keep your cards on every device");
  await expect(page.getByTestId("no-decks")).toBeVisible();
  await expect(page.getByTestId("decks")).toHaveCount(0);

  // Two cards, Easy: days away. The browser keeps them.
  await page.goto(`/study/${SLUG}`);
  await expect(page.getByTestId("guest-notice")).toBeVisible();
  await expect(page.getByTestId("study-left")).toHaveText("13 cards left");
  await revealAndRate(page, "easy", 12);
  await revealAndRate(page, "easy", 11);

  // The strip: nothing due yet, 11 new cards within today's limit; drawn where room was kept for it.
  await openHome(page);
  await expect(strip(page)).toHaveAttribute("data-state", "due");
  await expect(page.getByTestId("study-strip-deck")).toHaveText([`${TITLE}0 due · 11 new`]);
  expect(await layoutShift()).toBeLessThan(0.01);

  // A month on (this browser's clock: a guest's cards are scheduled by it), both cards are due.
  await page.clock.setFixedTime(new Date(Date.now() + 30 * DAY));
  await openHome(page);
  await expect(page.getByTestId("study-strip-deck")).toHaveText([`${TITLE}2 due · 11 new`]);

  // Their dashboard: the deck with its counts and a way to study it, and the invitation to sign up.
  await strip(page).getByRole("link", { name: "All decks" }).click();
  await expect(page).toHaveURL(/\/study$/);
  await expect(page.getByTestId("decks")).toContainText(`${TITLE}2 Due · 11 New · 13 Cards`);
  await expect(page.getByTestId("tile-due")).toContainText("2");
  // A new day's allowance is 20, but the one deck holds 11 new cards: 11 are left today.
  await expect(page.getByTestId("tile-new")).toHaveText("New left today11");
  await expect(page.getByTestId("guest-invitation").getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/sign-up?next=%2Fstudy");
  await expectAccessible(page, "main");
  await page.getByRole("link", { name: `Study ${TITLE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/study/${SLUG}$`));
  await expect(page.getByTestId("study-card")).toHaveAttribute("data-kind", "review");
  await expect(page.getByTestId("study-left")).toHaveText("13 cards left");
});

test("the quiz page links its author's name to their profile", async ({ page }) => {
  await page.goto(`/quiz/${SLUG}`);
  const author = page.getByTestId("quiz-author");
  await expect(author).toHaveText("Quizdeck Team");
  await author.click();
  await expect(page).toHaveURL(/\/u\/quizdeck$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quizdeck Team");
});
