import type { Page, WebSocket } from "@playwright/test";
import { signUp } from "./accounts";
import { axeViolations } from "./axe";
import { expect, skipOnPostgres, test } from "./fixtures";
import { hostGame, importQuiz, joinAs, LIVE_QUIZ, pastScoreboard, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * Ways of taking part that a class needs: the host shows the question on the big screen only, and
 * the phones get tiles with letters and shapes, never the question's text; questions are read
 * aloud in the quiz's language.
 */
const [FIRST, SECOND] = LIVE_QUIZ.quiz.questions;

test("the question on the big screen only: phones answer by letter and shape, and get none of its text", async ({ page: host, browser, baseURL }) => {
  test.skip(test.info().project.name !== "desktop-pglite", "one run is enough: it drives two browsers");
  test.setTimeout(180_000);
  await host.setViewportSize({ width: 1920, height: 1080 });
  await signUp(host);
  const slug = await importQuiz(host, baseURL!);
  await hostGame(host, slug);
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("1");
  const onPhones = host.getByTestId("setting-questionOnPhones");
  await expect(onPhones).toBeChecked();
  await onPhones.click(); // the box shows the server's setting once it has it
  await expect(onPhones).not.toBeChecked();

  const p = await phone(browser, baseURL!);
  const frames: string[] = [];
  p.page.on("websocket", (ws: WebSocket) => ws.on("framereceived", (f) => frames.push(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"))));
  await joinAs(p.page, await readQr(host), "Ana");
  await host.getByTestId("start").click();

  // Question 1 (single choice): the big screen has it all; the phone has lettered tiles only.
  await expect(host.getByTestId("host-prompt")).toHaveText(FIRST.prompt);
  await waitForQuestion(p.page, 0);
  await expect(p.page.getByTestId("player-on-screen")).toContainText("The question is on the big screen.");
  await expect(p.page.getByTestId("player-prompt")).toHaveCount(0);
  const tiles = p.page.getByTestId("one-tap").getByRole("radio");
  await expect(tiles).toHaveCount(FIRST.options.length);
  for (const [i, letter] of ["A", "B", "C", "D"].entries()) await expect(tiles.nth(i)).toHaveAccessibleName(letter);
  expect(await axeViolations(p.page, "light")).toEqual([]);
  // Until the reveal (which brings the explanation) the phone has had none of the question's text.
  const beforeReveal = (n: number) => frames.slice(0, n);
  let seen = frames.length;
  await tap(p.page, "B"); // Mars, the right one
  await expect(p.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
  for (const text of [FIRST.prompt, ...FIRST.options]) {
    expect(beforeReveal(seen).some((f) => f.includes(text)), `"${text}" reached the phone`).toBe(false);
  }

  // Question 2 (multiple choice): checkboxes by letter; Neon and Argon are A and C.
  await pastScoreboard(host);
  await waitForQuestion(p.page, 1);
  await expect(p.page.getByTestId("player-on-screen")).toBeVisible();
  await p.page.getByRole("checkbox", { name: "A", exact: true }).click();
  await p.page.getByRole("checkbox", { name: "C", exact: true }).click();
  seen = frames.length;
  await p.page.getByTestId("submit-answer").click();
  await expect(p.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
  for (const text of [SECOND.prompt, ...SECOND.options]) {
    expect(beforeReveal(seen).some((f) => f.includes(text)), `"${text}" reached the phone`).toBe(false);
  }
  await p.context.close();
});

/** Records what the page asks the browser to say (headless Chromium has no voice to hear). */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const said: { text: string; lang: string }[] = [];
    (window as unknown as { said: typeof said }).said = said;
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => {
      said.push({ text: u.text, lang: u.lang });
      setTimeout(() => u.onend?.(new Event("end") as SpeechSynthesisEvent), 50);
    };
  });
  return () => page.evaluate(() => (window as unknown as { said: { text: string; lang: string }[] }).said);
}

test("read aloud: solo play and study read the question and its options in the quiz's language", async ({ page, context, baseURL }) => {
  skipOnPostgres("speech is in the browser; the pages' data is the same on both databases");
  const said = await recordSpeech(page);
  await page.goto("/quiz/solar-system-basics");
  await page.locator("input[autocomplete=nickname]").fill("Reader");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  const prompt = await page.locator("#prompt").innerText();
  await page.getByTestId("read-aloud").click();
  await expect.poll(said).toHaveLength(1);
  const [first] = await said();
  expect(first!.lang).toBe("en");
  expect(first!.text.startsWith(prompt.trim())).toBe(true);
  // A choice question's options follow the prompt, each after its tile's letter.
  if (/^(Pick one|Pick all that apply|Poll)/.test(await page.getByTestId("question-meta").innerText())) expect(first!.text).toMatch(/ A: .+\. B: /);
  // Back to "Read aloud" once the speech has ended.
  await expect(page.getByTestId("read-aloud")).toHaveText("Read aloud");

  await page.goto("/study/solar-system-basics");
  const card = page.getByTestId("study-card");
  await expect(card).toBeVisible();
  await card.getByTestId("read-aloud").click();
  // A new page: a new record.
  await expect.poll(said).toHaveLength(1);
  expect((await said())[0]!.text.startsWith((await page.locator("#prompt").innerText()).trim())).toBe(true);

  // The button speaks the interface's language; the voice the quiz's.
  await context.addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
  await page.reload();
  await expect(page.getByTestId("read-aloud")).toHaveText("Leer en voz alta");
});
