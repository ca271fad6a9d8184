import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { hostGame, joinAs, phone, readQr, tap, waitForQuestion } from "./live-helpers";
import { seriousViolations } from "./axe";

/**
 * Word clouds everywhere a question goes: an author writes a quiz with a scored question and a
 * word cloud in the editor (with its preview); the quiz and study pages say a word cloud is not a
 * card and study shows only the scored one; solo play shows the cloud of everyone's answers,
 * grouped ignoring case, accents and spaces, without points; a live game with three phones shows
 * the cloud on the big screen at the reveal, while every message each phone receives is recorded
 * and holds no other player's word (the capture test); and JSON goes out and back in unchanged.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives four browsers");
});

const SINGLE = { prompt: "Which planet is the red one?", options: ["Venus", "Mars"], correct: 1 };
const CLOUD = { prompt: "Which words come to mind for space?" };

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

/** Types a word cloud's answers on the page and sends them. */
async function sendWords(page: Page, words: readonly string[], submit: "submit" | "submit-answer") {
  for (const [i, w] of words.entries()) await page.locator(`#word-${i}`).fill(w);
  await page.getByTestId(submit).click();
}

/** Every text a page receives from the server over its WebSockets (Socket.IO frames). */
function captureFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"))));
  return frames;
}

/** Plays the quiz solo to the word cloud, sends `words` and returns the cloud shown. */
async function soloToCloud(page: Page, slug: string, words: readonly string[]) {
  await page.goto(`/quiz/${slug}`);
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill("Solo");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await tap(page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  const score = Number((await page.getByTestId("score").innerText()).replace(/\D/g, ""));
  await page.getByTestId("continue").click();
  await expect(page.locator("#prompt")).toHaveText(CLOUD.prompt);
  await expect(page.getByTestId("question-meta")).not.toContainText("points");
  await expect(page.getByTestId("word-input")).toHaveCount(2);
  await sendWords(page, words, "submit");
  await expect(page.getByTestId("feedback")).toContainText("Answer counted");
  expect(Number((await page.getByTestId("score").innerText()).replace(/\D/g, ""))).toBe(score);
  return page.getByTestId("feedback").getByTestId("cloud-word");
}

test("a word cloud: editor, study, solo play, a live game with three phones that never see others' words, JSON round trip", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signUp(page);

  // ——— the editor, with its preview ———
  await page.goto("/create");
  await page.getByLabel("Title").fill("Space words");
  await page.getByLabel("Description").fill("A scored question and a word cloud.");
  await page.getByLabel("Category").selectOption("science");
  await page.getByTestId("add-single").click();
  await page.locator("#q0-prompt").fill(SINGLE.prompt);
  await fillOptions(page, 0, SINGLE.options);
  await page.locator('input[name="q0-correct"]').nth(SINGLE.correct).check();
  await page.getByTestId("add-wordcloud").click();
  await page.locator("#q1-prompt").fill(CLOUD.prompt);
  await page.locator("#q1-max-words").selectOption("2");
  await shoot(page, "editor-wordcloud");
  await page.locator("#question-1").getByRole("button", { name: "Preview as a player" }).click();
  await expect(page.getByTestId("question-preview").getByTestId("word-input")).toHaveCount(2);
  await shoot(page, "editor-wordcloud-preview");
  await page.getByRole("button", { name: "Close preview" }).click();
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await page.getByTestId("publish").click();
  const slug = await publishedSlug(page);

  // ——— study: the word cloud is not a card ———
  await page.goto(`/quiz/${slug}`);
  await expect(page.getByTestId("not-studied")).toContainText("1 poll, slide or word cloud is not studied");
  await page.goto(`/study/${slug}`);
  await expect(page.getByTestId("not-studied")).toContainText("1 poll, slide or word cloud is not studied");
  await expect(page.getByTestId("study-card")).toBeVisible();
  await expect(page.locator("#prompt")).toHaveText(SINGLE.prompt);

  // ——— solo play: the cloud of everyone's answers, grouped ———
  let words = await soloToCloud(page, slug, ["Black hole", "Stars"]);
  await expect(words).toHaveCount(2);
  await page.getByTestId("continue").click();
  await expect(page).toHaveURL(/\/results\//, { timeout: 15_000 });
  // One question has a right answer: "1 of 1", and the cloud's words are not a wrong answer.
  await expect(page.getByText("1 of 1 right")).toBeVisible();
  words = await soloToCloud(page, slug, ["  BLACK  HOLE ", "Comet"]);
  await expect(words).toHaveCount(3);
  await expect(words.filter({ hasText: "Black hole" })).toHaveAttribute("data-count", "2");
  await expect(words.filter({ hasText: "Comet" })).toHaveAttribute("data-count", "1");
  await shoot(page, "solo-wordcloud");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "solo-wordcloud-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // ——— live: a host and three phones, every message to a phone recorded ———
  await page.setViewportSize({ width: 1920, height: 1080 });
  await hostGame(page, slug);
  await page.getByText("Settings").click();
  await page.getByLabel("Reading time before answers (s)").fill("1");
  const url = await readQr(page);
  const names = ["Ana", "Ben", "Cleo"];
  const phones = await Promise.all(names.map(() => phone(browser, baseURL!)));
  const received = phones.map((p) => captureFrames(p.page));
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, names[i]!);
  await page.getByTestId("start").click();

  for (const p of phones) await waitForQuestion(p.page, 0);
  for (const p of phones) await tap(p.page, SINGLE.options[SINGLE.correct]!);
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("next").click();
  await expect(page.getByTestId("host-scoreboard")).toBeVisible();
  const board = (await page.getByTestId("host-scoreboard").getByRole("list").textContent())!;
  await page.getByTestId("next").click();

  // Each phone's words are its own: none may reach another phone.
  const answers = [
    ["Nebula", "Quasar"],
    ["nébula", "Pulsar"],
    ["NEBULA", "Zodiacal"],
  ] as const;
  const own = ["Quasar", "Pulsar", "Zodiacal"];
  for (const p of phones) await waitForQuestion(p.page, 1);
  await expect(page.getByTestId("host-options")).toHaveCount(0); // nothing on the big screen while answering
  await sendWords(phones[0]!.page, answers[0], "submit-answer");
  await sendWords(phones[1]!.page, answers[1], "submit-answer");
  await expect(phones[1]!.page.getByTestId("locked-in")).toBeVisible();
  // Two have answered: the big screen does not show their words before the reveal.
  await expect(page.getByText("Quasar")).toHaveCount(0);
  await sendWords(phones[2]!.page, answers[2], "submit-answer");
  await expect(page.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  const cloud = page.getByTestId("host-options").getByTestId("cloud-word");
  await expect(cloud).toHaveCount(4);
  await expect(cloud.filter({ hasText: "Nebula" })).toHaveAttribute("data-count", "3");
  for (const w of own) await expect(cloud.filter({ hasText: w })).toHaveAttribute("data-count", "1");
  await expect(page.getByTestId("host-reveal-answer")).toHaveCount(0);
  await shoot(page, "host-wordcloud");
  await expect(phones[0]!.page.getByTestId("player-result")).toHaveAttribute("data-poll", "true");
  await expect(phones[0]!.page.getByTestId("player-result")).toContainText("Answer counted");
  await shoot(phones[0]!.page, "phone-wordcloud");
  await page.getByTestId("next").click();
  // A word cloud scores nothing (the table is as it was; the button now leads to the podium).
  await expect(page.getByTestId("host-scoreboard").getByRole("list")).toHaveText(board);
  await page.getByTestId("next").click();
  await expect(page.getByTestId("host-podium")).toBeVisible({ timeout: 20_000 });
  for (const p of phones) await expect(p.page.getByTestId("player-phase")).toHaveAttribute("data-phase", /podium|finished/);

  // The capture: each phone received its own words (the recording works) and no one else's.
  for (const [i, frames] of received.entries()) {
    const all = frames.join("\n");
    expect(frames.length, `${names[i]}: frames recorded`).toBeGreaterThan(5);
    expect(all, `${names[i]}: its own words echoed`).toContain(own[i]!);
    for (const [j, word] of own.entries()) if (j !== i) expect(all, `${names[i]} received ${word}`).not.toContain(word);
    // The DOM never showed them either.
    for (const [j, word] of own.entries()) if (j !== i) await expect(phones[i]!.page.getByText(word)).toHaveCount(0);
  }
  for (const p of phones) await p.context.close();

  // ——— JSON export and import through the API ———
  const exported = await page.evaluate(async (s) => {
    const r = await fetch(`/api/v1/quizzes/${s}/export?format=json`);
    return { status: r.status, body: await r.text() };
  }, slug);
  expect(exported.status).toBe(200);
  const doc = JSON.parse(exported.body) as { quiz: { questions: Record<string, unknown>[] } };
  expect(doc.quiz.questions[1]).toMatchObject({ type: "wordcloud", prompt: CLOUD.prompt, maxWords: 2, points: 0 });
  const imported = await page.evaluate(async (content) => {
    const r = await fetch("/api/v1/imports", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ format: "json", content }) });
    return { status: r.status, body: await r.text() };
  }, exported.body);
  expect(imported.status, imported.body).toBe(201);
  const again = JSON.parse(imported.body) as { quiz: { slug: string } };
  const second = await page.evaluate(async (s) => (await fetch(`/api/v1/quizzes/${s}/export?format=json`)).text(), again.quiz.slug);
  expect((JSON.parse(second) as typeof doc).quiz.questions).toEqual(doc.quiz.questions);
});
