import type { Locator, Page } from "@playwright/test";
import { signUpByApi } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { expect, isPhone, test, PHONE } from "./fixtures";
import { resetLayoutShifts, watchLayoutShifts } from "./layout-shift";

/**
 * A question's picture from the editor to every screen that shows the question: an author adds
 * one with a description, sees it in the preview and publishes; the player sees it (with its alt
 * text, no referrer, in a box that does not move the page when it arrives) in solo play, on the
 * results review and in a study session. A refused address is named at its field, and a picture
 * that cannot be loaded never stops anyone answering. The pictures are the test server's own
 * (its icon; a 404 for the broken one), so no outside network is needed.
 */

const ALT = "The Quizdeck logo: a white brain on a purple square";
/** The broken picture's description, shown in its place when it fails. */
const BROKEN_ALT = "A ray of sunlight outrunning a sound wave";
const URL_MESSAGE = "Use a web address that starts with http:// or https://";
const PROMPTS = ["Which of these are noble gases?", "Sound travels faster than light.", "Water boils at 100 °C at sea level."];

test.beforeEach(() => test.setTimeout(120_000));

/** The picture of the question card `q` in the editor. */
const editorPicture = (page: Page, q: number) => page.locator(`#question-${q} [data-testid=question-image]`);

/**
 * Writes a quiz of three questions in the editor: a multiple-choice question with a picture and its
 * description (checked against a refused address first), a true/false question whose picture is a
 * broken link, and one without a picture; publishes it and returns its slug.
 */
async function writeQuiz(page: Page, baseURL: string): Promise<string> {
  const picture = `${baseURL}/icon.svg?slow`;
  await page.goto("/create");
  await page.getByLabel("Title").fill(`Pictures ${Date.now().toString(36)}`);
  await page.getByLabel("Category").selectOption("science");

  await page.getByTestId("add-multiple").click();
  await page.locator("#q0-prompt").fill(PROMPTS[0]!);
  for (const [i, text] of ["Neon", "Oxygen", "Argon", "Nitrogen"].entries()) await page.locator(`#q0-option-${i}`).fill(text);
  await page.locator('input[name="q0-correct"]').nth(0).check();
  await page.locator('input[name="q0-correct"]').nth(2).check();

  // A javascript: address is refused at its field as the author leaves it; nothing is loaded.
  await page.locator("#question-0").getByRole("button", { name: "Add a picture" }).click();
  const url = page.locator("#q0-imageUrl");
  await expect(url).toBeFocused();
  await url.fill("javascript:alert(document.cookie)");
  await url.press("Tab");
  await expect(page.locator("#q0-imageUrl-msg")).toHaveText(URL_MESSAGE);
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(editorPicture(page, 0)).toHaveCount(0);
  // Publishing refuses it too, naming the question and linking to the field.
  await page.getByTestId("publish").click();
  const problems = page.getByTestId("publish-errors");
  await expect(problems).toContainText(`Question 1, picture address: u${URL_MESSAGE.slice(1)}`);
  await expect(problems.getByRole("link", { name: "Question 1, picture address" })).toHaveAttribute("href", "#q0-imageUrl");
  await expect(page.getByTestId("quiz-status")).toHaveText("Draft");

  // A real picture with its description: the preview shows it as players will see it.
  await url.fill(picture);
  await expect(page.locator("#q0-imageUrl-msg")).not.toHaveText(URL_MESSAGE);
  await expect(url).not.toHaveAttribute("aria-invalid", "true");
  await page.locator("#q0-imageAlt").fill(ALT);
  await expect(editorPicture(page, 0)).toHaveAttribute("data-status", "loaded");
  await expect(editorPicture(page, 0).getByRole("img", { name: ALT })).toBeVisible();

  await page.getByTestId("add-boolean").click();
  await page.locator("#q1-prompt").fill(PROMPTS[1]!);
  await page.locator("#question-1").getByLabel("False").check();
  await page.locator("#question-1").getByRole("button", { name: "Add a picture" }).click();
  await page.locator("#q1-imageUrl").fill(`${baseURL}/no-such-picture.png`);
  await expect(editorPicture(page, 1)).toHaveAttribute("data-status", "failed");
  await page.locator("#q1-imageAlt").fill(BROKEN_ALT);
  await expect(page.locator("#question-1").getByTestId("picture-status")).toContainText("The picture could not be loaded.");

  // Removing a picture takes its address and description away and gives "Add a picture" back.
  await page.getByTestId("add-boolean").click();
  await page.locator("#q2-prompt").fill(PROMPTS[2]!);
  await page.locator("#question-2").getByRole("button", { name: "Add a picture" }).click();
  await page.locator("#q2-imageUrl").fill(picture);
  await page.locator("#q2-imageAlt").fill("To be removed");
  await page.locator("#question-2").getByRole("button", { name: "Remove picture" }).click();
  await expect(page.locator("#question-2").getByRole("button", { name: "Add a picture" })).toBeFocused();
  await expect(page.locator("#q2-imageUrl")).toHaveCount(0);

  // The preview dialog shows the picture too.
  await page.locator("#question-0").getByRole("button", { name: "Preview as a player" }).click();
  await expect(page.getByTestId("question-preview").getByRole("img", { name: ALT })).toBeVisible();
  await page.getByRole("button", { name: "Close preview" }).click();

  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);
  // Autosave kept both fields, and the published quiz reopens with them.
  await page.reload();
  await expect(page.locator("#q0-imageUrl")).toHaveValue(picture);
  await expect(page.locator("#q0-imageAlt")).toHaveValue(ALT);
  await expect(page.locator("#q1-imageUrl")).toHaveValue(`${baseURL}/no-such-picture.png`);
  await expect(page.locator("#question-2").getByRole("button", { name: "Add a picture" })).toBeVisible();
  return slug;
}

/** The attributes every place draws the picture with. */
async function expectPicture(scope: Locator, loading: "eager" | "lazy") {
  const img = scope.getByRole("img", { name: ALT });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("referrerpolicy", "no-referrer");
  await expect(img).toHaveAttribute("loading", loading);
  await expect(img).toHaveAttribute("decoding", "async");
  await expect(scope.locator("[data-testid=question-image]").first()).toHaveAttribute("data-status", "loaded");
}

test("an author adds a picture with a description; players see it in solo play, on the review and in study", PHONE, async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!);
  const slug = await writeQuiz(page, baseURL!);

  // The picture arrives late (1.5 s): the page has its room already, so nothing moves.
  let asked = 0;
  await page.route(/\/icon\.svg\?slow$/, async (route) => {
    asked++;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  const layoutShift = await watchLayoutShifts(page);
  await page.goto(`/quiz/${slug}`);
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.locator("#prompt")).toHaveText(PROMPTS[0]!);
  const box = page.getByTestId("play-screen").getByTestId("question-image");
  await expect(box).toHaveAttribute("data-status", "loading");
  // Count this page's own shifts, not the move from the quiz page (a client-side navigation that a
  // busy machine can stretch past the half second after the click that input excuses).
  await resetLayoutShifts(page);
  // The options can be picked before the picture is there: nothing waits for it.
  await page.getByRole("checkbox", { name: "Neon", exact: true }).click();
  await expectPicture(page.getByTestId("play-screen"), "eager");
  expect(asked).toBeGreaterThan(0);
  expect(await layoutShift()).toBeLessThan(0.01);
  if (isPhone(page)) {
    // On a 390×844 phone the prompt, the picture, every option and Submit are on the first screen.
    await expect(page.getByRole("checkbox", { name: "Nitrogen", exact: true })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("submit")).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
  await page.getByRole("checkbox", { name: "Argon", exact: true }).click();
  await page.getByTestId("submit").click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.getByTestId("continue").click();

  // A broken picture: a quiet box in its place, and the question is answered as any other.
  await expect(page.locator("#prompt")).toHaveText(PROMPTS[1]!);
  const broken = page.getByTestId("play-screen").getByTestId("question-image");
  await expect(broken).toHaveAttribute("data-status", "failed");
  await expect(broken.locator("img")).toHaveCount(0);
  // Its quiet icon (loaded only once a picture fails) takes the browser's broken-image mark's place.
  await expect(broken.locator("svg")).toBeVisible();
  await expect(broken).toContainText(BROKEN_ALT);
  await page.getByRole("radio", { name: "False", exact: true }).click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.getByTestId("continue").click();

  // No picture, no box.
  await expect(page.locator("#prompt")).toHaveText(PROMPTS[2]!);
  await expect(page.getByTestId("play-screen").getByTestId("question-image")).toHaveCount(0);
  await page.getByRole("radio", { name: "True", exact: true }).click();
  await page.getByTestId("continue").click();

  // The results page's review: the picture beside its question (lazily), the broken one quiet.
  await expect(page).toHaveURL(/\/results\//);
  const review = page.getByTestId("review").locator("li");
  await expect(review).toHaveCount(3);
  await resetLayoutShifts(page);
  await review.first().scrollIntoViewIfNeeded();
  await expectPicture(review.nth(0), "lazy");
  await review.nth(1).scrollIntoViewIfNeeded();
  await expect(review.nth(1).getByTestId("question-image")).toHaveAttribute("data-status", "failed");
  await expect(review.nth(1).getByTestId("question-image")).toContainText(BROKEN_ALT);
  await expect(review.nth(2).getByTestId("question-image")).toHaveCount(0);
  expect(await layoutShift()).toBeLessThan(0.01);

  // A study session shows the same card with its picture.
  await page.goto(`/study/${slug}`);
  await expect(page.getByTestId("study-card")).toBeVisible();
  await expect(page.locator("#prompt")).toHaveText(PROMPTS[0]!);
  await expectPicture(page.getByTestId("study-card"), "eager");
  expect(await layoutShift()).toBeLessThan(0.01);
});
