import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { hostGame, joinAs, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * Polls and slides everywhere a question goes: an author writes a quiz with a scored question, a
 * poll and a slide in the editor; studies it (one card: polls and slides are not cards); plays it solo (the poll's bars, the slide's Continue, no points
 * for either); hosts it live with three phones that vote while the big screen shows the bars and
 * no "correct" mark; and the quiz goes out and back in through the JSON API unchanged.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives four browsers");
});

const POLL = { prompt: "Which planet would you visit?", options: ["Mars", "Venus", "Titan"] };
const SLIDE = { prompt: "Break: the planets", text: "Eight planets orbit the Sun.\nPluto is a dwarf planet." };
const SINGLE = { prompt: "Which planet is the red one?", options: ["Venus", "Mars"], correct: 1 };

async function fillOptions(page: Page, q: number, texts: readonly string[]) {
  for (const [i, text] of texts.entries()) {
    if (i >= (await page.locator(`[id^=q${q}-option-]`).count())) await page.locator(`#question-${q}`).getByRole("button", { name: "Add option" }).click();
    await page.locator(`#q${q}-option-${i}`).fill(text);
  }
  // Options beyond the texts (a new question has four) are removed.
  while ((await page.locator(`[id^=q${q}-option-]`).count()) > texts.length) {
    await page.locator(`#question-${q}`).getByRole("button", { name: `Remove option ${texts.length + 1}` }).click();
  }
}

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a poll and a slide: editor, study, solo play, a live game with three phones, JSON round trip", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signUp(page);

  // ——— the editor ———
  await page.goto("/create");
  await page.getByLabel("Title").fill("Planets poll and slide");
  await page.getByLabel("Description").fill("A scored question, a poll and a slide.");
  await page.getByLabel("Category").selectOption("science");
  await page.getByTestId("add-single").click();
  await page.locator("#q0-prompt").fill(SINGLE.prompt);
  await fillOptions(page, 0, SINGLE.options);
  await page.locator('input[name="q0-correct"]').nth(SINGLE.correct).check();
  await page.getByTestId("add-poll").click();
  await page.locator("#q1-prompt").fill(POLL.prompt);
  await fillOptions(page, 1, POLL.options);
  // A poll has no right option to mark.
  await expect(page.locator('input[name="q1-correct"]')).toHaveCount(0);
  await page.getByTestId("add-slide").click();
  await page.locator("#q2-prompt").fill(SLIDE.prompt);
  await page.locator("#q2-slide-text").fill(SLIDE.text);
  await page.locator("#question-2").getByRole("button", { name: "Preview as a player" }).click();
  await expect(page.getByTestId("question-preview").getByTestId("slide-text")).toHaveText(SLIDE.text);
  await page.getByRole("button", { name: "Close preview" }).click();
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);

  // ——— study: the poll and the slide are not cards; the scored question is the one card ———
  await page.goto(`/study/${slug}`);
  await expect(page.getByTestId("not-studied")).toContainText("2 polls, slides and word clouds are not studied");
  await expect(page.getByTestId("study-card")).toBeVisible();
  await expect(page.locator("#prompt")).toHaveText(SINGLE.prompt);
  await page.getByTestId("reveal").click();
  await expect(page.getByTestId("study-reveal")).toBeVisible();
  await expect(page.getByTestId("correct-answer")).toContainText(SINGLE.options[SINGLE.correct]!);

  // ——— solo play ———
  await page.goto(`/quiz/${slug}`);
  await expect(page.getByTestId("not-studied")).toContainText("2 polls, slides and word clouds are not studied");
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill("Solo");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("progress")).toHaveText(/Question 1 of 3/);
  await tap(page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  const afterFirst = Number((await page.getByTestId("score").innerText()).replace(/\D/g, ""));
  expect(afterFirst).toBeGreaterThan(0);
  await page.getByTestId("continue").click();

  await expect(page.locator("#prompt")).toHaveText(POLL.prompt);
  await expect(page.getByTestId("question-meta")).not.toContainText("points");
  await tap(page, "Titan");
  const bars = page.getByTestId("feedback").getByTestId("poll-bar");
  await expect(bars).toHaveCount(3);
  await expect(bars.nth(2)).toHaveAttribute("data-count", "1");
  await expect(bars.nth(2)).toContainText("1 vote · 100 %");
  await shoot(page, "solo-poll");
  expect(Number((await page.getByTestId("score").innerText()).replace(/\D/g, ""))).toBe(afterFirst);
  await page.getByTestId("continue").click();

  await expect(page.locator("#prompt")).toHaveText(SLIDE.prompt);
  await expect(page.getByTestId("slide-text")).toHaveText(SLIDE.text);
  await expect(page.getByTestId("timer")).toHaveCount(0);
  await shoot(page, "solo-slide");
  await page.getByTestId("slide-continue").click();
  await expect(page).toHaveURL(/\/results\//, { timeout: 15_000 });
  // One question has a right answer: "1 of 1", and the poll's vote is not a wrong answer.
  await expect(page.getByText("1 of 1 right")).toBeVisible();
  // The review: the vote by its option's text, with no mark and no "correct answer"; the slide has no row.
  const review = page.getByTestId("review").getByRole("listitem");
  await expect(review).toHaveCount(2);
  await expect(review.nth(1).locator("dt")).toHaveText(["Your vote"]);
  await expect(review.nth(1).locator("dd")).toHaveText(["Titan"]);
  await expect(review.nth(1).getByRole("img", { name: "No right answer" })).toBeVisible();
  await expect(review.nth(1).getByRole("img", { name: "Wrong" })).toHaveCount(0);
  await expect(review.nth(1).getByTestId("review-correct")).toHaveCount(0);

  // ——— live: a host and three phones ———
  await page.setViewportSize({ width: 1920, height: 1080 });
  await hostGame(page, slug);
  await page.getByText("Settings").click();
  await page.getByLabel("Reading time before answers (s)").fill("1");
  const url = await readQr(page);
  const names = ["Ana", "Ben", "Cleo"];
  const phones = await Promise.all(names.map(() => phone(browser, baseURL!)));
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, names[i]!);
  await page.getByTestId("start").click();

  // The scored question: everyone right.
  for (const p of phones) await waitForQuestion(p.page, 0);
  for (const p of phones) await tap(p.page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("next").click();
  await expect(page.getByTestId("host-scoreboard")).toBeVisible();
  const board = (await page.getByTestId("host-scoreboard").textContent())!;
  await page.getByTestId("next").click();

  // The poll: two vote Mars, one Titan; the bars, no right answer, no points.
  for (const p of phones) await waitForQuestion(p.page, 1);
  await tap(phones[0]!.page, "Mars");
  await tap(phones[1]!.page, "Mars");
  await tap(phones[2]!.page, "Titan");
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  const hostBars = page.getByTestId("host-options").getByTestId("poll-bar");
  await expect(hostBars).toHaveCount(3);
  await expect(hostBars.nth(0)).toHaveAttribute("data-count", "2");
  await expect(hostBars.nth(2)).toHaveAttribute("data-count", "1");
  await expect(hostBars.nth(0)).toContainText("67 %");
  await expect(page.getByTestId("correct-mark")).toHaveCount(0);
  await expect(page.getByTestId("host-reveal-answer")).toHaveCount(0);
  await shoot(page, "host-poll");
  await expect(phones[0]!.page.getByTestId("player-result")).toHaveAttribute("data-poll", "true");
  await shoot(phones[0]!.page, "phone-poll");
  await page.getByTestId("next").click();
  // The scoreboard is as it was: a poll scores nothing.
  await expect(page.getByTestId("host-scoreboard")).toHaveText(board);
  await page.getByTestId("next").click();

  // The slide: content on every phone, no answering, no clock; the host moves on.
  await expect(page.getByTestId("host-slide")).toContainText("Eight planets orbit the Sun.");
  for (const p of phones) await expect(p.page.getByTestId("player-slide")).toContainText("Pluto is a dwarf planet.");
  await expect(phones[0]!.page.getByTestId("answer-form")).toHaveCount(0);
  await expect(phones[0]!.page.getByTestId("player-countdown")).toHaveCount(0);
  await shoot(page, "host-slide");
  await shoot(phones[0]!.page, "phone-slide");
  await page.getByTestId("next").click();
  await expect(page.getByTestId("host-podium")).toBeVisible({ timeout: 20_000 });
  for (const p of phones) await p.context.close();
  // The host's tables at the end: the poll has no % right, the slide no row, and "right" is of 1.
  await page.getByTestId("finish").click();
  const rows = page.getByTestId("host-report").locator("table").first().locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText("100%");
  await expect(rows.nth(1).locator("td").nth(2)).toHaveText("–");
  await expect(page.getByTestId("report-players").locator("tbody tr").first().locator("td").nth(3)).toHaveText("1/1");

  // ——— JSON export and import through the API ———
  const exported = await page.evaluate(async (s) => {
    const r = await fetch(`/api/v1/quizzes/${s}/export?format=json`);
    return { status: r.status, body: await r.text() };
  }, slug);
  expect(exported.status).toBe(200);
  const doc = JSON.parse(exported.body) as { quiz: { questions: Record<string, unknown>[] } };
  expect(doc.quiz.questions[1]).toMatchObject({ type: "poll", prompt: POLL.prompt, options: POLL.options, points: 0 });
  expect(doc.quiz.questions[2]).toMatchObject({ type: "slide", prompt: SLIDE.prompt, text: SLIDE.text, points: 0 });
  const imported = await page.evaluate(async (content) => {
    const r = await fetch("/api/v1/imports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ format: "json", content }) });
    return { status: r.status, body: await r.text() };
  }, exported.body);
  expect(imported.status, imported.body).toBe(201);
  const again = JSON.parse(imported.body) as { quiz: { slug: string } };
  const second = await page.evaluate(async (s) => (await fetch(`/api/v1/quizzes/${s}/export?format=json`)).text(), again.quiz.slug);
  expect((JSON.parse(second) as typeof doc).quiz.questions).toEqual(doc.quiz.questions);
});
