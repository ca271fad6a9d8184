import type { Page, Request } from "@playwright/test";
import { signUp } from "./accounts";
import { expect, test, watchContext } from "./fixtures";
import { hostGame, importQuiz, joinAs, pastScoreboard, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * Formatting and math (docs/rules.md, "Formatting and math"): an inline and a display formula,
 * typeset by KaTeX on the server, on the quiz page, in the editor's preview, in solo play, on a
 * phone and on the big screen, on the results page, in study, and in a game's and a challenge's
 * report, with no CSP violation (the fixture fails on one) and no KaTeX script on any page; bold,
 * italic and code; an author's HTML shown as text.
 */
const INLINE = "$\\sqrt{16}$";
const DISPLAY = "$$\\int_0^1 x\\,dx = \\tfrac{1}{2}$$";
const PROMPT = `Which is ${INLINE}? **Think** *twice*, then \`compute\`.`;
const MATH_QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Math typeset",
    description: `Circles: $\\pi r^2$ and ${DISPLAY}`,
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["math"],
    timeLimit: 30,
    speedBonus: true,
    streakBonus: true,
    visibility: "public",
    questions: [
      { type: "single", prompt: PROMPT, options: ["$4$", "<b>8</b>", "$2^3$"], correct: 0, explanation: `Because ${DISPLAY} differs.` },
      { type: "boolean", prompt: "Plain text, no math: is 2 + 2 = 4?", correct: true },
    ],
  },
};

/** A formula typeset by KaTeX: its HTML and MathML are there and the style sheet is linked. */
async function expectTypeset(page: Page, scope: ReturnType<Page["locator"]>, { display }: { display: boolean }) {
  await expect(scope.locator(".katex").first()).toBeVisible();
  if (display) await expect(scope.locator(".katex-display").first()).toBeVisible();
  await expect(scope.locator("math").first()).toBeAttached();
  await expect(page.locator('link[rel=stylesheet][href="/katex/katex.min.css"]')).toHaveCount(1);
  // The style sheet applied: KaTeX's MathML copy is visually hidden, its fonts load.
  await expect(scope.locator(".katex-mathml").first()).toHaveCSS("position", "absolute");
  // No KaTeX script: only its CSS reaches the browser.
  expect(await page.evaluate(() => "katex" in window)).toBe(false);
}

/** MATH_SHOTS=<dir>: pictures of the page at a phone's and a laptop's size, light and dark, to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.MATH_SHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [size, viewport] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1440, height: 900 }]] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${dir}/${name}-${size}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (before) await page.setViewportSize(before);
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run drives four browsers");
});

test("formulas and formatting: quiz page, editor preview, solo play, phone and big screen, no CSP violation", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const slug = await importQuiz(page, baseURL!, MATH_QUIZ);

  // ——— the quiz page: the description's inline and display formulas ———
  await page.goto(`/quiz/${slug}`);
  const description = page.getByTestId("quiz-description");
  await expectTypeset(page, description, { display: true });

  // ——— the editor's preview (rendered by the server, as in play); members only ———
  await page.goto(`/quiz/${slug}/edit`);
  const previewed = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]) && (r.postData() ?? "").includes("sqrt"));
  await page.locator("#question-0").getByRole("button", { name: "Preview as a player" }).click();
  const preview = page.getByTestId("question-preview");
  await expectTypeset(page, preview.getByTestId("preview-prompt"), { display: false });
  await expect(preview.getByTestId("preview-prompt").locator("strong")).toHaveText("Think");
  await expect(preview.getByTestId("preview-prompt").locator("em")).toHaveText("twice");
  await expect(preview.getByTestId("preview-prompt").locator("code")).toHaveText("compute");
  const action: Request = await previewed;
  const guest = await browser.newContext({ baseURL });
  try {
    const h = action.headers();
    const res = await guest.request.post(action.url(), {
      headers: { "next-action": h["next-action"] ?? "", "content-type": h["content-type"] ?? "text/plain;charset=UTF-8", accept: "text/x-component", origin: baseURL! },
      data: action.postData() ?? "",
    });
    expect(await res.text()).toContain('"code":"unauthorized"');
  } finally {
    await guest.close();
  }
  await page.getByRole("button", { name: "Close preview" }).click();

  // ——— solo play: the prompt, an option, the explanation; an author's HTML is text ———
  await page.goto(`/quiz/${slug}`);
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill("Solo");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expectTypeset(page, page.locator("#prompt"), { display: false });
  await expect(page.locator("#prompt strong")).toHaveText("Think");
  await expect(page.getByTestId("one-tap").getByText("<b>8</b>")).toBeVisible();
  await expect(page.getByTestId("one-tap").locator(".katex")).toHaveCount(2);
  await page.getByTestId("one-tap").getByRole("radio").first().click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await expectTypeset(page, page.getByTestId("feedback"), { display: true });

  // ——— live: the big screen and a phone ———
  await page.setViewportSize({ width: 1920, height: 1080 });
  await hostGame(page, slug);
  await page.getByText("Settings").click();
  await page.getByLabel("Reading time before answers (s)").fill("1");
  const url = await readQr(page);
  const p = await phone(browser, baseURL!);
  const phoneErrors = await watchContext(p.context, []);
  try {
    await joinAs(p.page, url, "Ana");
    // The lobby has no formula: no KaTeX style sheet yet.
    await expect(p.page.locator('link[href="/katex/katex.min.css"]')).toHaveCount(0);
    await page.getByTestId("start").click();
    await waitForQuestion(p.page, 0);
    await expectTypeset(p.page, p.page.getByTestId("player-prompt"), { display: false });
    await expectTypeset(page, page.getByTestId("host-prompt"), { display: false });
    await expect(page.getByTestId("host-options").locator(".katex")).toHaveCount(2);
    // A wrong answer with a formula: the report names it as the most chosen wrong one, typeset.
    await p.page.getByTestId("one-tap").getByRole("radio").nth(2).click();
    await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
    await expectTypeset(page, page.getByTestId("host-why"), { display: true });
    await expectTypeset(p.page, p.page.getByTestId("player-result"), { display: true });

    // ——— to the end, and the game's report: its question card and dialog ———
    await pastScoreboard(page);
    await waitForQuestion(p.page, 1);
    await tap(p.page, "True");
    await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
    await pastScoreboard(page);
    await expect(page.getByTestId("host-podium")).toBeVisible();
    await page.getByTestId("finish").click();
    await page.getByTestId("open-report").click();
    await page.waitForURL(/\/games\/[0-9a-f-]{36}\/report$/);
    await expectReportTypeset(page);
    const wrong = page.getByTestId("question-card").first().getByTestId("most-chosen-wrong");
    await expect(wrong.locator(".katex")).toHaveCount(1);
    await expect(wrong).not.toContainText("$");
    await expect(wrong).toContainText("(1)");
    await shots(page, "game-report");
    expect(phoneErrors).toEqual([]);
  } finally {
    await p.context.close();
  }
});

/** A report's first question card and its dialog: the prompt, the option bars and the key typeset. */
async function expectReportTypeset(page: Page) {
  const card = page.getByTestId("question-card").first();
  await expectTypeset(page, card.locator("h3"), { display: false });
  await expect(card.getByTestId("distribution-bar").first().locator(".katex")).toHaveCount(1);
  await expect(card.getByTestId("distribution-bar").nth(1)).toContainText("<b>8</b>");
  // The plain question stays plain text; the grid names the option picked as the question shows it.
  await expect(page.getByTestId("question-card").nth(1).locator(".katex")).toHaveCount(0);
  await expect(page.getByTestId("report-grid").locator(".katex").first()).toBeVisible();
  await card.getByRole("button", { name: "Show question 1" }).click();
  const dialog = page.getByTestId("question-dialog");
  await expectTypeset(page, dialog.locator("#question-dialog-title"), { display: false });
  await expect(dialog.getByTestId("question-key").locator(".katex")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).not.toBeVisible();
}

test("formulas on the results page, in study, and in a challenge's report", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const slug = await importQuiz(page, baseURL!, MATH_QUIZ);

  // ——— solo play to the end, then the review of answers on the results page ———
  await page.goto(`/quiz/${slug}`);
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill("Solo");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await page.getByTestId("one-tap").getByRole("radio").first().click();
  await page.getByTestId("continue").click();
  await tap(page, "True");
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/results\//);
  const review = page.getByTestId("review");
  await expectTypeset(page, review.getByTestId("review-prompt").first(), { display: false });
  await expect(review.getByTestId("review-prompt").first().locator("strong")).toHaveText("Think");
  await expect(review.getByTestId("review-correct").first().locator(".katex")).toHaveCount(1);
  await expectTypeset(page, review.getByTestId("review-explanation").first(), { display: true });
  await expect(review.getByTestId("review-prompt").nth(1).locator(".katex")).toHaveCount(0);
  await shots(page, "results");

  // ——— study: the card's front (prompt and options), then its back ———
  await page.goto(`/study/${slug}`);
  const studyCard = page.getByTestId("study-card");
  await expectTypeset(page, studyCard.locator("#prompt"), { display: false });
  await expect(studyCard.getByRole("radiogroup").locator(".katex")).toHaveCount(2);
  await page.getByTestId("reveal").click();
  const back = page.getByTestId("study-reveal");
  await expect(back.getByTestId("correct-answer").locator(".katex")).toHaveCount(1);
  await expectTypeset(page, back.getByTestId("study-explanation"), { display: true });
  await shots(page, "study");

  // ——— a challenge played by a guest (through the API), and its report ———
  const closesAt = new Date(Date.now() + 86_400_000).toISOString();
  const created = await page.request.post("/api/v1/challenges", { data: { quiz: slug, closesAt, attemptsAllowed: 1 }, headers: { origin: baseURL! } });
  expect(created.status(), await created.text()).toBe(201);
  const { code } = (await created.json()) as { code: string };
  const guest = await browser.newContext({ baseURL });
  try {
    const start = await guest.request.post(`/api/v1/challenges/${code}/attempts`, { data: { nickname: "Guest" }, headers: { origin: baseURL! } });
    expect(start.status(), await start.text()).toBe(201);
    const { attemptId, question: first } = (await start.json()) as { attemptId: string; question: { id: string; data: { options?: { id: string; text: string }[] } } | null };
    let question = first;
    for (const pick of [(q: NonNullable<typeof question>) => q.data.options!.find((o) => o.text === "$4$")!.id, () => true]) {
      const res = await guest.request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question!.id, answer: pick(question!) }, headers: { origin: baseURL! } });
      expect(res.status(), await res.text()).toBe(200);
      question = ((await res.json()) as { next: typeof question }).next;
    }
  } finally {
    await guest.close();
  }
  await page.goto(`/challenge/${code}/report`);
  await expectReportTypeset(page);
  await page.getByTestId("question-card").first().getByRole("button", { name: "Show question 1" }).click();
  await shots(page, "report-dialog");
});
