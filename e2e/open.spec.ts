import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { hostGame, joinAs, pastScoreboard, phone, readQr, tap, waitForQuestion } from "./live-helpers";
import { seriousViolations } from "./axe";

/**
 * Open questions everywhere a question goes: the editor (with its preview) writes one; solo play
 * takes free text, scores 0 and shows it "not marked" with the model answer (never a wrong answer);
 * study makes it a card whose reveal shows the model answer; JSON and GIFT (Moodle's essay) go out
 * and back in unchanged; and a live game with three phones shows the answers on the big screen only
 * when the host chooses, one by one or all, while every frame each phone receives is recorded and
 * holds no other player's answer (the capture test).
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives four browsers");
});

const OPEN = { prompt: "Why do leaves change colour in autumn?", model: "Chlorophyll breaks down and other pigments show.", maxLength: 80 };
const SINGLE = { prompt: "Which planet is the red one?", options: ["Venus", "Mars"], correct: 1 };

async function fillOptions(page: Page, q: number, texts: readonly string[]) {
  for (const [i, text] of texts.entries()) await page.locator(`#q${q}-option-${i}`).fill(text);
  while ((await page.locator(`[id^=q${q}-option-]`).count()) > texts.length) {
    await page.locator(`#question-${q}`).getByRole("button", { name: `Remove option ${texts.length + 1}` }).click();
  }
}

/** Screenshots in light and dark, each checked by axe (no serious or critical violation). */
async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
    expect(await seriousViolations(page, `${name} ${scheme}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Every text a page receives from the server over its WebSockets (Socket.IO frames). */
function captureFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"))));
  return frames;
}

async function exportAs(page: Page, slug: string, format: "json" | "gift") {
  return page.evaluate(
    async ([s, f]) => {
      const r = await fetch(`/api/v1/quizzes/${s}/export?format=${f}`);
      return { status: r.status, body: await r.text() };
    },
    [slug, format] as const,
  );
}

async function importAs(page: Page, format: "json" | "gift", content: string): Promise<string> {
  const res = await page.evaluate(
    async ([f, c]) => {
      const r = await fetch("/api/v1/imports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ format: f, content: c }) });
      return { status: r.status, body: await r.text() };
    },
    [format, content] as const,
  );
  expect(res.status, res.body).toBe(201);
  return (JSON.parse(res.body) as { quiz: { slug: string } }).quiz.slug;
}

test("an open question: editor, solo play, study, JSON and GIFT round trips", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);

  // ——— the editor, with its preview ———
  await page.goto("/create");
  await page.getByLabel("Title").fill("Autumn thoughts");
  await page.getByLabel("Description").fill("An open question and a scored one.");
  await page.getByLabel("Category").selectOption("science");
  await page.getByTestId("add-open").click();
  await page.locator("#q0-prompt").fill(OPEN.prompt);
  await page.locator("#q0-max-length").fill(String(OPEN.maxLength));
  await page.locator("#q0-model-answer").fill(OPEN.model);
  await page.getByTestId("add-single").click();
  await page.locator("#q1-prompt").fill(SINGLE.prompt);
  await fillOptions(page, 1, SINGLE.options);
  await page.locator('input[name="q1-correct"]').nth(SINGLE.correct).check();
  await page.locator("#question-0").scrollIntoViewIfNeeded();
  await shoot(page, "editor-open");
  await page.locator("#question-0").getByRole("button", { name: "Preview as a player" }).click();
  const preview = page.getByTestId("question-preview");
  await expect(preview.getByTestId("open-input")).toHaveAttribute("maxlength", String(OPEN.maxLength));
  await expect(preview).not.toContainText(OPEN.model);
  await shoot(page, "editor-open-preview");
  await page.getByRole("button", { name: "Close preview" }).click();
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);

  // ——— solo play: typed, 0 points, "not marked" with the model answer; not a wrong answer ———
  await page.goto(`/quiz/${slug}`);
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.locator("#prompt")).toHaveText(OPEN.prompt);
  await expect(page.getByTestId("question-meta")).not.toContainText("points");
  await page.getByTestId("open-input").fill("The days get shorter, so the green fades.");
  await page.getByTestId("submit").click();
  const feedback = page.getByTestId("feedback");
  await expect(feedback).toHaveAttribute("data-open", "true");
  await expect(feedback).toContainText("Not marked");
  await expect(feedback.getByTestId("open-own")).toHaveText("The days get shorter, so the green fades.");
  await expect(feedback.getByTestId("model-answer")).toHaveText(OPEN.model);
  await expect(page.getByTestId("score")).toHaveText(/^0/);
  await shoot(page, "solo-open");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "solo-open-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId("continue").click();
  await tap(page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/results\//, { timeout: 15_000 });
  // One question has a right answer: "1 of 1", 100 %; the open one is not marked, not wrong.
  await expect(page.getByText("1 of 1 right")).toBeVisible();
  const review = page.getByTestId("review");
  await expect(review.getByTestId("not-marked")).toHaveCount(1);
  await expect(review).toContainText(OPEN.model);
  await shoot(page, "results-open");

  // ——— study: the open question is a card; its reveal shows the model answer, rated by the learner ———
  await page.goto(`/study/${slug}`);
  await expect(page.getByTestId("open-cards")).toBeVisible();
  await expect(page.getByTestId("not-studied")).toHaveCount(0);
  await expect(page.locator("#prompt")).toHaveText(OPEN.prompt);
  await page.getByTestId("open-input").fill("Less sunlight");
  await page.getByTestId("submit").click();
  const reveal = page.getByTestId("study-reveal");
  await expect(reveal.getByTestId("correct-answer")).toHaveText(OPEN.model);
  await expect(reveal).toContainText("Model answer");
  await expect(reveal).not.toContainText("Wrong");
  await expect(page.locator('[data-rating="good"]')).toHaveAttribute("data-selected", "true");
  await shoot(page, "study-open");
  await page.locator('[data-rating="good"]').click();
  await expect(page.locator("#prompt")).toHaveText(SINGLE.prompt);

  // ——— JSON and GIFT round trips ———
  const json = await exportAs(page, slug, "json");
  expect(json.status).toBe(200);
  const doc = JSON.parse(json.body) as { quiz: { questions: Record<string, unknown>[] } };
  expect(doc.quiz.questions[0]).toMatchObject({ type: "open", prompt: OPEN.prompt, maxLength: OPEN.maxLength, modelAnswer: OPEN.model, points: 1000 });
  const fromJson = await importAs(page, "json", json.body);
  expect((JSON.parse((await exportAs(page, fromJson, "json")).body) as typeof doc).quiz.questions).toEqual(doc.quiz.questions);

  const gift = await exportAs(page, slug, "gift");
  expect(gift.status).toBe(200);
  expect(gift.body).toContain(`${OPEN.prompt.replace("?", "?")} {\n}`);
  const fromGift = await importAs(page, "gift", gift.body);
  expect((JSON.parse((await exportAs(page, fromGift, "json")).body) as typeof doc).quiz.questions).toEqual(doc.quiz.questions);
  // A plain Moodle essay imports as an open question.
  const essay = await importAs(page, "gift", "::E1:: Describe your favourite season. {}\n\n::Q2:: Capital of France? {=Paris}\n");
  const essayDoc = JSON.parse((await exportAs(page, essay, "json")).body) as typeof doc;
  expect(essayDoc.quiz.questions[0]).toMatchObject({ type: "open", prompt: "Describe your favourite season.", maxLength: 200 });
});

test("an open question in a live game: answers on the big screen only when the host shows them, never on other phones", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signUp(page);
  const slug = await importAs(
    page,
    "json",
    JSON.stringify({
      format: "quizdeck",
      version: 1,
      quiz: {
        title: "Open live",
        category: "general",
        questions: [
          { type: "open", prompt: OPEN.prompt, maxLength: OPEN.maxLength, modelAnswer: OPEN.model, timeLimit: 180 },
          { type: "single", prompt: SINGLE.prompt, options: SINGLE.options, correct: SINGLE.correct },
        ],
      },
    }),
  );
  await page.goto(`/quiz/${slug}/edit`);
  await page.getByTestId("publish").click();
  await expect(page.getByTestId("quiz-status")).toHaveText("Published", { timeout: 20_000 });
  const live = (await page.getByRole("link", { name: "Open", exact: true }).getAttribute("href", { timeout: 20_000 }))!.split("/")[2]!;

  await page.setViewportSize({ width: 1920, height: 1080 });
  await hostGame(page, live);
  await page.getByText("Settings").click();
  await page.getByLabel("Reading time before answers (s)").fill("1");
  const url = await readQr(page);
  const names = ["Ana", "Ben", "Cleo"];
  const own = ["Zanzibar sunsets fade", "Quokka leaves drop", "Xylophone of colours"];
  const phones = await Promise.all(names.map(() => phone(browser, baseURL!)));
  const received = phones.map((p) => captureFrames(p.page));
  const host = captureFrames(page);
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, names[i]!);
  await page.getByTestId("start").click();

  for (const p of phones) await waitForQuestion(p.page, 0);
  await expect(phones[0]!.page.getByTestId("open-input")).toHaveAttribute("maxlength", String(OPEN.maxLength));
  await shoot(phones[0]!.page, "phone-open");
  await phones[0]!.page.getByTestId("open-input").fill(own[0]!);
  await phones[0]!.page.getByTestId("submit-answer").click();
  await phones[1]!.page.getByTestId("open-input").fill(own[1]!);
  await phones[1]!.page.getByTestId("submit-answer").click();
  await expect(page.getByTestId("answered-count")).toContainText("2");
  // Two have answered: the big screen shows the count, never their text before the reveal.
  expect(host.join("\n")).not.toContain(own[0]!);
  await expect(page.getByText(own[0]!)).toHaveCount(0);
  await phones[2]!.page.getByTestId("open-input").fill(own[2]!);
  await phones[2]!.page.getByTestId("submit-answer").click();
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });

  // The host shows the answers one by one, then all, then hides them.
  const shown = page.getByTestId("open-answer");
  await expect(page.getByTestId("open-shown")).toHaveText("0 of 3 answers shown");
  await expect(shown).toHaveCount(0);
  await page.getByTestId("open-show-next").click();
  await expect(shown).toHaveCount(1);
  await expect(shown.first()).toHaveText(own[0]!);
  await page.getByTestId("open-show-all").click();
  await expect(shown).toHaveText(own);
  await shoot(page, "host-open");
  await page.getByTestId("open-hide").click();
  await expect(shown).toHaveCount(0);
  await page.getByTestId("open-show-next").click();
  await expect(shown).toHaveCount(1);

  // Each phone shows its own answer, not marked.
  for (const [i, p] of phones.entries()) {
    await expect(p.page.getByTestId("player-result")).toContainText("Answer sent");
    await expect(p.page.getByTestId("player-own-answer")).toHaveText(own[i]!);
  }
  await shoot(phones[1]!.page, "phone-open-result");
  await pastScoreboard(page);
  for (const p of phones) await waitForQuestion(p.page, 1);
  for (const p of phones) await tap(p.page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  await pastScoreboard(page);
  await expect(page.getByTestId("host-podium")).toBeVisible({ timeout: 20_000 });
  for (const p of phones) await expect(p.page.getByTestId("player-phase")).toHaveAttribute("data-phase", /podium|finished/);

  // The capture: each phone received its own answer (the recording works) and no one else's, nor the model answer.
  for (const [i, frames] of received.entries()) {
    const all = frames.join("\n");
    expect(frames.length, `${names[i]}: frames recorded`).toBeGreaterThan(5);
    expect(all, `${names[i]}: its own answer echoed`).toContain(own[i]!);
    for (const [j, text] of own.entries()) if (j !== i) expect(all, `${names[i]} received ${text}`).not.toContain(text);
    expect(all, `${names[i]} received the model answer`).not.toContain(OPEN.model);
    for (const [j, text] of own.entries()) if (j !== i) await expect(phones[i]!.page.getByText(text)).toHaveCount(0);
  }
  for (const p of phones) await p.context.close();
});

test("a challenge's owner marks open answers right or wrong; the attempt's score and the report follow", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const draft = await importAs(
    page,
    "json",
    JSON.stringify({
      format: "quizdeck",
      version: 1,
      quiz: { title: "Open marking", category: "general", speedBonus: false, questions: [{ type: "open", prompt: OPEN.prompt, modelAnswer: OPEN.model, timeLimit: 120 }] },
    }),
  );
  await page.goto(`/quiz/${draft}/edit`);
  await page.getByTestId("publish").click();
  await expect(page.getByTestId("quiz-status")).toHaveText("Published", { timeout: 20_000 });
  const slug = (await page.getByRole("link", { name: "Open", exact: true }).getAttribute("href", { timeout: 20_000 }))!.split("/")[2]!;
  const res = await page.request.post("/api/v1/challenges", {
    data: { quiz: slug, closesAt: new Date(Date.now() + 86_400_000).toISOString(), attemptsAllowed: 1 },
    headers: { origin: baseURL! },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { code } = (await res.json()) as { code: string };

  // A guest plays it on a phone: not marked yet, 0 points.
  const guest = await phone(browser, baseURL!);
  await guest.page.goto(`/challenge/${code}`);
  await guest.page.getByLabel("Your nickname").fill("Gus");
  await guest.page.getByTestId("challenge-play").click();
  await guest.page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await guest.page.getByTestId("open-input").fill("Less sunlight in autumn");
  await guest.page.getByTestId("submit").click();
  await expect(guest.page.getByTestId("feedback")).toContainText("Not marked");
  await guest.page.getByTestId("continue").click();
  await guest.page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  const results = guest.page.url();
  await expect(guest.page.getByTestId("not-marked")).toHaveCount(1);

  // The owner marks it right on the report page.
  await page.goto(`/challenge/${code}/report`);
  const row = page.getByTestId("open-mark-row");
  await expect(row).toHaveAttribute("data-mark", "none");
  await expect(row).toContainText("Less sunlight in autumn");
  await shoot(page, "report-open-marking");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "report-open-marking-phone");
  await page.setViewportSize({ width: 1440, height: 900 });
  await row.getByTestId("mark-right").click();
  await expect(row).toHaveAttribute("data-mark", "right");
  await page.reload();
  await expect(page.getByTestId("open-mark-row")).toHaveAttribute("data-mark", "right");
  await expect(page.getByTestId("open-marking")).toBeVisible();
  await page.goto(`/challenge/${code}`);
  await expect(page.getByTestId("leaderboard")).toContainText("1,000");

  // The player's results now show the mark and count it.
  await guest.page.goto(results);
  await expect(guest.page.getByTestId("not-marked")).toHaveCount(0);
  await expect(guest.page.getByText("1 of 1 right")).toBeVisible();
  await guest.context.close();
});
