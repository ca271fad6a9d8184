import { signUpInBrowser } from "../accounts";
import { answer as answerSolo, keyFor } from "../answer-key";
import { expect, test } from "../fixtures";
import { answer, desktop, hostGame, importQuiz, joinAs, LIVE_QUIZ, pastScoreboard, phone, score, tap, waitForQuestion, watchErrors } from "../live-helpers";

/**
 * The classroom as it is: the server runs with the shipped defaults and phones reach it over plain
 * HTTP at a host name that is not loopback (http://quizdeck.test:PORT), so no page is a secure
 * context: no crypto.randomUUID, no Clipboard API, no Web Share, no camera. Every path a player or
 * a guest takes must work there, at the phone size, without a console error.
 *
 * Sign-ups and joins count against the default per-address limits (10 sign-ups, 20 joins a minute):
 * the live game signs up one host and joins a handful of phones.
 */

// Multiple-select first: on a build without the fallback, its Submit threw
// "crypto.randomUUID is not a function" and the host counted 0 answers.
const ORDERED = [1, 0, 2, 3, 4, 5].map((i) => LIVE_QUIZ.quiz.questions[i]!);
const CLASSROOM_QUIZ = { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title: "Classroom Six Types", questions: ORDERED } };

test("a live game on plain HTTP: phones join with the PIN as the big screen shows it, answer every type, see reveal and podium", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  expect(new URL(baseURL!).hostname).toBe("quizdeck.test");
  const errors: string[] = [];

  const host = await desktop(browser, baseURL!);
  watchErrors(host.page, errors);
  await signUpInBrowser(host.page);
  expect(await host.page.evaluate(() => window.isSecureContext)).toBe(false);
  const slug = await importQuiz(host.page, baseURL!, CLASSROOM_QUIZ);
  await hostGame(host.page, slug);
  const pin = (await host.page.getByTestId("host-pin").getAttribute("data-pin"))!;
  await host.page.getByText("Settings").click();
  await host.page.getByLabel("Reading time before answers (s)").fill("1");

  // Ana types the PIN into the join box as the big screen shows it ("312 781"); Ben opens the
  // join link with a dash in it.
  const ana = await phone(browser, baseURL!);
  const ben = await phone(browser, baseURL!);
  for (const p of [ana, ben]) watchErrors(p.page, errors);
  await ana.page.goto("/join");
  // No camera on plain HTTP: the join screen says so instead of a button that cannot work.
  await expect(ana.page.getByTestId("camera-needs-https")).toContainText("HTTPS");
  await expect(ana.page.getByRole("button", { name: "Scan the QR code" })).toHaveCount(0);
  await ana.page.getByLabel("Game PIN").fill(`${pin.slice(0, 3)} ${pin.slice(3)}`);
  await ana.page.getByRole("button", { name: "Join" }).click();
  await expect(ana.page).toHaveURL(new RegExp(`/join/${pin}$`));
  await joinAs(ana.page, ana.page.url(), "Ana");
  await joinAs(ben.page, `/join/${pin.slice(0, 3)}-${pin.slice(3)}`, "Ben");

  // A Spanish phone sees the game's refusals in Spanish: a name taken, a rude one.
  const eva = await phone(browser, baseURL!, "es-ES");
  watchErrors(eva.page, errors);
  await eva.page.goto(`/game/${pin}?name=ana`);
  await expect(eva.page.locator("#live-name-error")).toHaveText("Alguien en esta partida ya tiene ese apodo. Elige otro.");
  await eva.page.getByLabel("Apodo").fill("Pendejo");
  await eva.page.getByRole("button", { name: "Unirse" }).click();
  await expect(eva.page.locator("#live-name-error")).toHaveText("Ese apodo no está permitido. Elige otro.");
  await eva.context.close();

  await expect(host.page.getByTestId("player-count")).toHaveText(/\D2$/);
  await host.page.getByTestId("start").click();
  const phones = [ana, ben];

  for (const [qi, q] of ORDERED.entries()) {
    await expect(host.page.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    if (qi === 1) {
      // Ben answers; Ana's phone reloads mid-question. The question waits for her (she was
      // connected when it opened), and she comes back to it with the time that is left.
      await waitForQuestion(ben.page, qi);
      await answer(ben.page, q, true);
      await waitForQuestion(ana.page, qi);
      // Two seconds of the 30 gone first, so that a full clock after the reload cannot pass for one
      // that went on (on a quick machine the reload can take less than the countdown's 1 s step).
      await expect(ana.page.getByTestId("player-countdown")).toHaveText(/^(1?\d|2[0-8])$/);
      await ana.page.reload();
      await waitForQuestion(ana.page, qi);
      await expect(host.page.getByTestId("answered-count")).toHaveText("1 / 2 answered");
      const left = Number(await ana.page.getByTestId("player-countdown").textContent());
      expect(left, "the countdown goes on from where it was, not from the full 30 s").toBeLessThanOrEqual(28);
      expect(left).toBeGreaterThan(0);
      await expect(ana.page.getByTestId("one-tap")).toBeVisible();
      await answer(ana.page, q, true);
    } else {
      for (const p of phones) {
        await waitForQuestion(p.page, qi);
        await answer(p.page, q, true);
      }
    }
    // Both answers counted: the reveal comes at once, and both phones were right.
    await expect(host.page.getByTestId("host-reveal")).toBeVisible();
    expect(errors, "no page errors on the phones or the host").toEqual([]);
    for (const p of phones) await expect(p.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
    await pastScoreboard(host.page);
  }

  await expect(host.page.getByTestId("host-podium")).toBeVisible();
  for (const p of phones) await expect(p.page.getByTestId("player-final")).toBeVisible();
  expect(await score(ana.page)).toBeGreaterThan(0);

  // No Web Share on plain HTTP: the result goes to the clipboard through the fallback.
  const copied = ana.page.evaluate(
    () => new Promise<string>((resolve) => window.addEventListener("copy", (e) => resolve(e.clipboardData?.getData("text/plain") ?? ""), { once: true })),
  );
  await ana.page.getByTestId("share-result").click();
  await expect(ana.page.getByTestId("share-result")).toHaveText("Copied");
  expect(await copied).toContain(`${baseURL}`);
  expect(errors).toEqual([]);
  for (const c of [host, ana, ben]) await c.context.close();
});

test("a phone's answer on plain HTTP reaches the host; single choice and true/false are one tap, the others keep Submit", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  const host = await desktop(browser, baseURL!);
  watchErrors(host.page, errors);
  await signUpInBrowser(host.page);
  const [single, multiple, boolean] = [0, 1, 2].map((i) => LIVE_QUIZ.quiz.questions[i]!);
  const quiz = { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title: "One Tap", questions: [multiple, single, boolean] } };
  await hostGame(host.page, await importQuiz(host.page, baseURL!, quiz));
  const pin = (await host.page.getByTestId("host-pin").getAttribute("data-pin"))!;
  const cleo = await phone(browser, baseURL!);
  const dan = await phone(browser, baseURL!);
  for (const p of [cleo, dan]) watchErrors(p.page, errors);
  await joinAs(cleo.page, `/join/${pin}`, "Cleo");
  await joinAs(dan.page, `/join/${pin}`, "Dan");
  await host.page.getByTestId("start").click();

  // The classroom's first failure: Submit threw "crypto.randomUUID is not a function" on the
  // phone (not a secure context) and the host counted 0 answers.
  await waitForQuestion(cleo.page, 0);
  await cleo.page.getByRole("checkbox", { name: "Neon" }).click();
  await cleo.page.getByTestId("submit-answer").click();
  await expect(cleo.page.getByTestId("locked-in")).toBeVisible();
  expect(errors, "no page errors on the phone").toEqual([]);
  await expect(host.page.getByTestId("answered-count")).toHaveText("1 / 2 answered");
  await waitForQuestion(dan.page, 0);
  await dan.page.getByRole("checkbox", { name: "Argon" }).click();
  await dan.page.getByTestId("submit-answer").click();
  await expect(host.page.getByTestId("host-reveal")).toBeVisible();
  await pastScoreboard(host.page);

  // Single choice: one tap, no Submit; the phone shows the tapped answer locked in.
  await waitForQuestion(cleo.page, 1);
  await expect(cleo.page.getByTestId("submit-answer")).toHaveCount(0);
  await tap(cleo.page, "Mars");
  const locked = cleo.page.getByTestId("locked-in");
  await expect(locked).toBeVisible();
  await expect(locked).toHaveAttribute("role", "status");
  await expect(cleo.page.getByTestId("locked-in-answer")).toHaveText("Mars");
  await expect(host.page.getByTestId("answered-count")).toHaveText("1 / 2 answered");
  // A second tap is impossible: the options are gone.
  await expect(cleo.page.getByTestId("one-tap")).toHaveCount(0);
  await waitForQuestion(dan.page, 1);
  await tap(dan.page, "Venus");
  await expect(host.page.getByTestId("host-reveal")).toBeVisible();
  await expect(cleo.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
  await expect(dan.page.getByTestId("player-result")).toHaveAttribute("data-correct", "false");
  await pastScoreboard(host.page);

  // True or false: one tap too.
  await waitForQuestion(cleo.page, 2);
  await expect(cleo.page.getByTestId("submit-answer")).toHaveCount(0);
  await tap(cleo.page, "True");
  await expect(cleo.page.getByTestId("locked-in-answer")).toHaveText("True");
  expect(errors).toEqual([]);
  for (const c of [host, cleo, dan]) await c.context.close();
});

test("solo play, the results page and copy link on plain HTTP", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/quiz/world-capitals");
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await page.getByLabel("Your nickname").fill("Lan Guest");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\//);
  for (let i = 0; i < 30; i++) {
    await expect(page.locator("#prompt")).toBeVisible();
    await answerSolo(page, keyFor(await page.locator("#prompt").innerText()), true, "mouse");
    await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
    const cont = page.getByTestId("continue");
    const last = (await cont.innerText()).includes("See results");
    await cont.click();
    if (last) break;
    await expect(page.getByTestId("progress")).toHaveText(new RegExp(`Question ${i + 2} of`));
  }
  await expect(page).toHaveURL(/\/results\//);
  const resultUrl = page.url();

  // Copy link: no Clipboard API here, so the fallback copies, and says it did.
  const copied = page.evaluate(
    () => new Promise<string>((resolve) => window.addEventListener("copy", (e) => resolve(e.clipboardData?.getData("text/plain") ?? ""), { once: true })),
  );
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copy-link")).toHaveText("Link copied");
  expect(await copied).toBe(resultUrl);
  // Neither Web Share nor copying an image exists on plain HTTP: their buttons are left out.
  await expect(page.getByRole("button", { name: "Copy image" })).toHaveCount(0);
  await expect(page.getByTestId("download-card")).toBeVisible();
});
