import type { Page } from "@playwright/test";
import { newAccount, signUpByApi, signUp } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { expect, test, sidewaysOverflow, holdScripts, PHONE } from "./fixtures";

test.beforeEach(() => test.setTimeout(90_000));

/**
 * The quiz editor as a member uses it: every question type, the publish check naming each broken
 * rule at its field, autosave that survives a reload and a closed tab, a conflicting second tab
 * that loses nothing, reordering by keyboard and by drag, preview, and export → import round trips.
 */

async function waitSaved(page: Page) {
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
}

/** The quiz made on /create lives at its own address; a reload of /create opens it there. */
async function editUrl(page: Page): Promise<string> {
  await waitSaved(page);
  await page.reload();
  await expect(page).toHaveURL(/\/quiz\/[a-z0-9-]+\/edit$/);
  return page.url();
}

async function fillOptions(page: Page, q: number, texts: string[]) {
  for (const [i, text] of texts.entries()) {
    if (i >= (await page.locator(`[id^=q${q}-option-]`).count())) await page.locator(`#question-${q}`).getByRole("button", { name: "Add option" }).click();
    await page.locator(`#q${q}-option-${i}`).fill(text);
  }
}

/** Writes a quiz with one question of every type; the number question's range is left broken. */
async function writeQuiz(page: Page, title: string) {
  await page.goto("/create");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Written in the editor by an end-to-end test.");
  await page.getByLabel("Category").selectOption("science");

  await page.getByTestId("add-single").click();
  await page.locator("#q0-prompt").fill("Which planet is known as the Red Planet?");
  await fillOptions(page, 0, ["Venus", "Mars", "Jupiter", "Saturn"]);
  await page.locator('input[name="q0-correct"]').nth(1).check();

  await page.getByTestId("add-multiple").click();
  await page.locator("#q1-prompt").fill("Which of these are noble gases?");
  await fillOptions(page, 1, ["Helium", "Oxygen", "Neon", "Nitrogen"]);
  await page.locator('input[name="q1-correct"]').nth(0).uncheck();
  await page.locator('input[name="q1-correct"]').nth(0).check();
  await page.locator('input[name="q1-correct"]').nth(2).check();

  await page.getByTestId("add-boolean").click();
  await page.locator("#q2-prompt").fill("Sound travels faster than light.");
  await page.locator("#question-2").getByLabel("False").check();

  await page.getByTestId("add-text").click();
  await page.locator("#q3-prompt").fill("What is the chemical symbol for gold?");
  await page.locator("#q3-accepted-0").fill("Au");

  await page.getByTestId("add-order").click();
  await page.locator("#q4-prompt").fill("Order these from smallest to largest.");
  await page.locator("#q4-item-0").fill("Atom");
  await page.locator("#q4-item-1").fill("Cell");
  await page.locator("#q4-item-2").fill("Planet");

  await page.getByTestId("add-number").click();
  await page.locator("#q5-prompt").fill("How many legs does a spider have?");
  await page.locator("#q5-answer").fill("8");
  await page.locator("#q5-min").fill("20");
  await page.locator("#q5-max").fill("0");
  await waitSaved(page);
}

test("a member writes a quiz of every type; a broken rule blocks publishing until fixed; it appears in explore", PHONE, async ({ page, browser }) => {
  await signUp(page);
  const title = `Editor quiz ${Date.now().toString(36)}`;
  await writeQuiz(page, title);
  // A question of every type fits the screen: on a phone too, the page never scrolls sideways.
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByTestId("publish").click();
  const problems = page.getByTestId("publish-errors");
  await expect(problems).toContainText("2 problems block publishing");
  await expect(problems).toContainText("Question 6, slider maximum: minimum must be below maximum");
  await expect(problems).toContainText("Question 6, answer: the answer must lie between minimum and maximum");
  // The message sits next to its field and is tied to it.
  await expect(page.locator("#q5-max")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#q5-max-msg")).toHaveText("Minimum must be below maximum");
  await expect(page.getByTestId("quiz-status")).toHaveText("Draft");

  await page.locator("#q5-min").fill("0");
  await page.locator("#q5-max").fill("20");
  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);
  await expect(page.getByTestId("publish-errors")).toHaveCount(0);
  // Publishing names the quiz after its title.
  expect(slug).toMatch(/^editor-quiz-/);

  await page.goto(`/explore?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();

  // A guest sees the quiz page and can play it, but another member cannot edit or export it.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const guestView = await otherPage.goto(`/quiz/${slug}`);
    expect(guestView?.status()).toBe(200);
    await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText(title);
    await signUpByApi(otherPage.request, new URL(otherPage.url()).origin, newAccount("other"));
    const edit = await otherPage.goto(`/quiz/${slug}/edit`);
    expect(edit?.status()).toBe(403);
    const exported = await otherPage.request.get(`/api/v1/quizzes/${slug}/export?format=json`);
    expect(exported.status()).toBe(403);
    expect((await exported.json()).error.code).toBe("forbidden");
  } finally {
    await other.close();
  }
});

test("export and re-import give the same questions and answers, in JSON, CSV and GIFT", async ({ page }) => {
  await signUp(page);
  const title = `Round trip ${Date.now().toString(36)}`;
  await writeQuiz(page, title);
  await page.locator("#q5-min").fill("0");
  await page.locator("#q5-max").fill("20");
  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);

  const original = await (await page.request.get(`/api/v1/quizzes/${slug}/export?format=json`)).json();
  expect(original.quiz.questions).toHaveLength(6);
  for (const format of ["json", "csv", "gift"] as const) {
    // The export button offers the same file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      (async () => {
        await page.locator("summary", { hasText: "Export" }).click();
        await page.getByRole("link", { name: { json: "Quizdeck JSON", csv: "CSV spreadsheet", gift: "Moodle GIFT" }[format] }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slug}.${format}`);
    const content = (await (await page.request.get(`/api/v1/quizzes/${slug}/export?format=${format}`)).text()).toString();
    const imported = await page.request.post("/api/v1/imports", { data: { format, content } });
    expect(imported.status(), await imported.text()).toBe(201);
    const body = await imported.json();
    expect(body.imported).toBe(6);
    expect(body.skipped).toEqual([]);
    const again = await (await page.request.get(`/api/v1/quizzes/${body.quiz.slug}/export?format=json`)).json();
    expect(again.quiz.questions, `${format} round trip`).toEqual(original.quiz.questions);
  }
});

test("a draft survives a reload and a closed tab", async ({ page, context }) => {
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("Survivor quiz");
  await page.getByTestId("add-text").click();
  await page.locator("#q0-prompt").fill("Typed just before the reload");
  // Reload at once: the copy on this device carries the change until the server has it.
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue("Survivor quiz");
  await expect(page.locator("#q0-prompt")).toHaveValue("Typed just before the reload");
  const url = await editUrl(page);
  expect(url).toMatch(/\/quiz\/survivor-quiz-[a-z0-9-]+\/edit$/);

  await page.locator("#q0-prompt").fill("Typed just before closing the tab");
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.locator("#q0-prompt")).toHaveValue("Typed just before closing the tab");
  await waitSaved(again);
  // And the server has it: the editor page as the server renders it, without this device's copy.
  expect(await (await again.request.get(url)).text()).toContain("Typed just before closing the tab");
});

test("a save from a second tab is a conflict; keeping one version saves the other as a copy", async ({ page, context }) => {
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("Two tabs quiz");
  const url = await editUrl(page);

  const second = await context.newPage();
  await second.goto(url);
  await second.getByLabel("Title").fill("Two tabs quiz — second tab");
  await waitSaved(second);

  await page.getByLabel("Description").fill("Written in the first tab, which is now stale");
  await expect(page.getByTestId("conflict")).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "conflict");
  await page.getByRole("button", { name: "Keep my version" }).click();
  await expect(page.getByRole("status")).toContainText("The other one was kept as a new draft");
  await waitSaved(page);
  await expect(page.getByLabel("Description")).toHaveValue("Written in the first tab, which is now stale");

  // The other tab's version lives on as its own draft.
  await page.getByRole("status").getByRole("link", { name: "Open" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Two tabs quiz — second tab (other version)");
});

test("questions reorder by keyboard and by drag; preview shows the player's view without the answer", async ({ page }) => {
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("Reorder quiz");
  for (const [i, prompt] of ["First", "Second", "Third"].entries()) {
    await page.getByTestId("add-boolean").click();
    await page.locator(`#q${i}-prompt`).fill(prompt);
  }
  const prompts = () => page.locator("[id$=-prompt]").evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));

  await page.getByTestId("drag-handle").nth(2).focus();
  await page.keyboard.press("ArrowUp");
  expect(await prompts()).toEqual(["First", "Third", "Second"]);
  await expect(page.getByTestId("drag-handle").nth(1)).toBeFocused();

  // A mouse drag of the first question's handle onto the last question.
  await page.getByTestId("drag-handle").nth(0).hover();
  await page.mouse.down();
  const target = await page.getByTestId("question-card").nth(2).boundingBox();
  if (!target) throw new Error("no drop target");
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + 5, { steps: 2 });
  await page.mouse.up();
  expect(await prompts()).toEqual(["Third", "Second", "First"]);

  await page.getByTestId("add-single").click();
  await page.locator("#q3-prompt").fill("Pick the vowel");
  await fillOptions(page, 3, ["B", "A", "C", "D"]);
  await page.locator('input[name="q3-correct"]').nth(1).check();
  await page.locator("#question-3").getByRole("button", { name: "Preview as a player" }).click();
  const preview = page.getByTestId("question-preview");
  await expect(preview).toContainText("Pick the vowel");
  await expect(preview.getByRole("radio")).toHaveCount(4);
  // A player can pick an option in the preview; nothing marks the right one.
  await preview.getByRole("radio", { name: /A$/ }).click();
  await expect(preview.getByRole("radio", { checked: true })).toHaveCount(1);
  await expect(preview).not.toContainText("Correct");
  await page.getByRole("button", { name: "Close preview" }).click();
  await expect(preview).toHaveCount(0);
  await waitSaved(page);
});

test("a publishing problem names its question and field, in en and es, and that field takes focus", async ({ page, baseURL }) => {
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("Named problems quiz");
  await page.getByTestId("add-single").click();
  await page.locator("#q0-prompt").fill("Which is a primary colour?");
  // Option D is left empty.
  await fillOptions(page, 0, ["Red", "Green", "Purple"]);
  await waitSaved(page);

  await page.getByTestId("publish").click();
  const problems = page.getByTestId("publish-errors");
  await expect(problems).toContainText("1 problem blocks publishing");
  await expect(problems).toContainText("Question 1, option D: this cannot be empty");
  await expect(page.locator("#q0-option-3")).toBeFocused();
  await expect(problems.getByRole("link", { name: "Question 1, option D" })).toHaveAttribute("href", "#q0-option-3");

  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
  await page.reload();
  // Publish stays off until the page has hydrated; the click waits for it.
  await page.getByTestId("publish").click();
  await expect(problems).toContainText("Pregunta 1, opción D: esto no puede quedar vacío");
  await expect(page.locator("#q0-option-3")).toBeFocused();
});

test("the editor's controls wait for the page's code: nothing typed or clicked before it is lost", async ({ page }) => {
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("Typed before the code ran");
  await page.getByTestId("add-single").click();
  await page.locator("#q0-prompt").fill("Which is a primary colour?");
  await waitSaved(page);
  const url = await editUrl(page);
  // Reloaded with its scripts held back, as a slow connection gets it: the editor comes with the HTML alone.
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await expect(page.getByLabel("Title")).toHaveValue("Typed before the code ran");
  for (const control of [page.getByLabel("Title"), page.locator("#q0-prompt"), page.getByTestId("add-single"), page.getByTestId("publish"), page.locator("#question-0").getByRole("button", { name: "Preview as a player" })]) {
    await expect(control).toBeDisabled();
  }
  release();
  // Once the code runs, the same controls work.
  await page.locator("#question-0").getByRole("button", { name: "Preview as a player" }).click();
  await expect(page.getByTestId("question-preview")).toContainText("Which is a primary colour?");
  await page.getByRole("button", { name: "Close preview" }).click();
  await page.getByLabel("Title").fill("Typed after the code ran");
  await waitSaved(page);
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue("Typed after the code ran");
});

test("on a phone, when a long title wraps the toolbar, the Export menu opens inside the screen", async ({ page }) => {
  const width = 390;
  await page.setViewportSize({ width, height: 844 });
  await signUp(page);
  await page.goto("/create");
  await page.getByLabel("Title").fill("A quiz with a title long enough to wrap the editor's toolbar on a phone");
  await waitSaved(page);
  await page.locator("summary", { hasText: "Export" }).click();
  for (const name of ["Quizdeck JSON", "CSV spreadsheet", "Moodle GIFT", "Anki deck (.apkg)"]) {
    const link = page.getByRole("link", { name });
    await expect(link).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
});
