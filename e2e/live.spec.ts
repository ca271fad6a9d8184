import { expect, test, type Page, type WebSocket } from "@playwright/test";
import { signUp } from "./accounts";
import { answer, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, readQr, score, waitForQuestion } from "./live-helpers";

/**
 * A whole live game in Chromium: a host on a desktop screen and three phones (each its own
 * browser context) that join through the URL inside the QR code on the host screen, answer all
 * six question types, see reveals, scoreboards and the podium. A phone is closed and reopened and
 * keeps its place; the host reloads mid-question and carries on; the CSV has one row per player;
 * and every Socket.IO frame one phone received is searched for the answer key before each reveal.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives four browsers");
});

const QUESTIONS = LIVE_QUIZ.quiz.questions;
/** The multiple-choice question carries a picture (the test server's own icon) with a description. */
const PICTURED = 1;
const PICTURE_ALT = "The Quizdeck logo: a white brain on a purple square";
const withPicture = (baseURL: string) => ({
  ...LIVE_QUIZ,
  quiz: { ...LIVE_QUIZ.quiz, questions: QUESTIONS.map((q, i) => (i === PICTURED ? { ...q, imageUrl: `${baseURL}/icon.svg`, imageAlt: PICTURE_ALT } : q)) },
});
const NAMES = ["Ana", "Ben", "Cleo"];
// Who answers right, per question (Ana always, Ben on even questions, Cleo on odd ones).
const RIGHT = (player: number, q: number) => player === 0 || (player === 1 ? q % 2 === 0 : q % 2 === 1);

type Frame = { text: string };

function captureFrames(page: Page): Frame[] {
  const frames: Frame[] = [];
  page.on("websocket", (ws: WebSocket) => {
    ws.on("framereceived", (f) => frames.push({ text: typeof f.payload === "string" ? f.payload : f.payload.toString("utf8") }));
  });
  return frames;
}

/** Strings that would give an answer away: key fields, the explanations, the number key. */
const SECRETS = ['"key"', '"result":{', '"accepted"', '"tolerance"', '"correct"', '"answer":8', ...QUESTIONS.map((q) => q.explanation)];

test("a live game: QR join, six question types, reconnects, reveal, scoreboard, podium, report", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(300_000);
  await host.setViewportSize({ width: 1920, height: 1080 });
  await signUp(host);
  const slug = await importQuiz(host, baseURL!, withPicture(baseURL!));
  const gameId = await hostGame(host, slug);
  const pin = (await host.getByTestId("host-pin").getAttribute("data-pin"))!;
  expect(pin).toMatch(/^\d{6}$/);

  // Shorter reading time keeps the test quick (and shows the settings work).
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("1");

  const url = await readQr(host);
  expect(url).toBe(`${baseURL}/join/${pin}`);

  const phones = await Promise.all(NAMES.map(() => phone(browser, baseURL!)));
  const frames = captureFrames(phones[0]!.page);
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, NAMES[i]!);
  await expect(host.getByTestId("player-count")).toHaveText(/\D3$/);
  // The game screens take the whole window: no site header or tab bar, a brand mark to leave by.
  for (const page of [host, phones[0]!.page]) {
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Quizdeck home" })).toBeVisible();
  }
  for (const name of NAMES) await expect(host.getByTestId("lobby-players")).toContainText(name);

  await host.getByTestId("start").click();
  const scores = [0, 0, 0];

  for (const [qi, q] of QUESTIONS.entries()) {
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    await expect(host.getByTestId("host-prompt")).toHaveText(q.prompt);
    // The big screen shows a question's picture with its description, and nothing for the others.
    if (qi === PICTURED) await expect(host.getByTestId("host-question").getByRole("img", { name: PICTURE_ALT })).toBeVisible();
    else await expect(host.getByTestId("question-image")).toHaveCount(0);

    if (qi === 2) {
      // Cleo's phone is closed mid-question and opened again: same name, same score.
      const before = await score(phones[2]!.page);
      await phones[2]!.page.close();
      phones[2]!.page = await phones[2]!.context.newPage();
      await phones[2]!.page.goto(`/game/${pin}`);
      await expect(phones[2]!.page.getByTestId("player-nickname")).toHaveText("Cleo");
      expect(await score(phones[2]!.page)).toBe(before);
    }

    for (const [pi, p] of phones.entries()) {
      await waitForQuestion(p.page, qi);
      if (qi === PICTURED && pi === 0) {
        // The phone shows the picture beside the prompt, with its description and no referrer, and
        // on a 390×844 screen every option and Submit stay in view without scrolling.
        const picture = p.page.getByTestId("player-phase").getByRole("img", { name: PICTURE_ALT });
        await expect(picture).toBeVisible();
        await expect(picture).toHaveAttribute("referrerpolicy", "no-referrer");
        await expect(p.page.getByTestId("question-image")).toHaveAttribute("data-status", "loaded");
        await expect(p.page.getByRole("checkbox", { name: QUESTIONS[PICTURED].options.at(-1) })).toBeInViewport({ ratio: 1 });
        await expect(p.page.getByTestId("submit-answer")).toBeInViewport({ ratio: 1 });
        expect(await p.page.evaluate(() => window.scrollY)).toBe(0);
      }
      if (qi === 0 && pi === 0) {
        // The host's clock stays on screen while answers come in (each one is a new host view).
        await host.evaluate(() => {
          const w = window as unknown as { clockGone: number };
          w.clockGone = 0;
          new MutationObserver((records) => {
            for (const r of records) for (const n of r.removedNodes) if (n instanceof Element && (n.matches("[data-testid=host-countdown]") || n.querySelector("[data-testid=host-countdown]"))) w.clockGone++;
          }).observe(document.body, { childList: true, subtree: true });
        });
      }
      await answer(p.page, q, RIGHT(pi, qi));
      if (qi === 0 && pi === 1) {
        await expect(host.getByTestId("answered-count")).toHaveText("2 / 3 answered");
        expect(await host.evaluate(() => (window as unknown as { clockGone: number }).clockGone)).toBe(0);
      }
      if (qi === 3 && pi === 0) {
        // The host reloads mid-question and carries on.
        await host.reload();
        await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", "3");
        await expect(host.getByTestId("answered-count")).toHaveText("1 / 3 answered");
      }
    }

    // Everyone answered: the reveal comes at once.
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    await expect(host.getByTestId("host-reveal-answer")).not.toBeEmpty();
    await expect(host.getByTestId("host-why")).toHaveText(q.explanation);
    if (q.type === "single" || q.type === "multiple" || q.type === "boolean") {
      // The right options are marked with a check (not only by colour), the others are not, and
      // the bars count every phone's answer.
      const right =
        q.type === "boolean" ? [q.correct ? "True" : "False"] : (Array.isArray(q.correct) ? q.correct : [q.correct]).map((i) => q.options[i]!);
      const tiles = host.getByTestId("host-options").locator("li");
      const marked = tiles.filter({ has: host.getByTestId("correct-mark") });
      await expect(marked).toHaveCount(right.length);
      for (const text of right) await expect(marked.filter({ hasText: text })).toHaveCount(1);
      const counts = (await host.getByTestId("option-count").allTextContents()).map(Number);
      const chosen = q.type === "multiple" ? counts.reduce((a, b) => a + b, 0) >= phones.length : counts.reduce((a, b) => a + b, 0) === phones.length;
      expect(chosen, `option counts ${counts.join(", ")}`).toBe(true);
    }
    for (const [pi, p] of phones.entries()) {
      const result = p.page.getByTestId("player-result");
      await expect(result).toHaveAttribute("data-correct", String(RIGHT(pi, qi) && !(q.type === "multiple" && !RIGHT(pi, qi))));
      const points = Number((await p.page.getByTestId("player-points").textContent())!.replace(/\D/g, ""));
      if (RIGHT(pi, qi)) expect(points).toBeGreaterThan(0);
      else expect(points).toBe(0);
      scores[pi]! += points;
    }

    await host.getByTestId("next").click();
    await expect(host.getByTestId("host-scoreboard")).toBeVisible();
    for (const name of NAMES) await expect(host.getByTestId("host-scoreboard")).toContainText(name);
    for (const [pi, p] of phones.entries()) {
      await expect(p.page.getByTestId("player-standing")).toBeVisible();
      expect(await score(p.page)).toBe(scores[pi]);
    }
    await host.getByTestId("next").click();
  }

  await expect(host.getByTestId("host-podium")).toBeVisible();
  await expect(host.getByTestId("host-podium")).toContainText("Ana"); // always right: first
  for (const p of phones) await expect(p.page.getByTestId("player-final")).toBeVisible();
  await expect(phones[0]!.page.getByTestId("player-final")).toHaveAttribute("data-rank", "1");
  await host.getByTestId("finish").click();
  await expect(host.getByTestId("host-report")).toBeVisible();
  await expect(host.getByTestId("report-players").locator("tbody tr")).toHaveCount(3);

  const csv = await host.request.get(`/host/${gameId}/report`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("rank,nickname,score,correct,answered,questions_played,average_time_ms,suspicious_answers");
  expect(lines).toHaveLength(1 + NAMES.length);
  expect(lines[1]).toMatch(new RegExp(`^1,Ana,${scores[0]},6,6,6,`));

  // Another member cannot download it.
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(`/host/${gameId}/report`)).status()).toBe(401);
  await stranger.close();

  // Every frame Ana's phone received outside a reveal is free of any answer key.
  const reveals = frames.filter((f) => f.text.includes('"phase":"reveal"'));
  expect(reveals.length).toBeGreaterThanOrEqual(QUESTIONS.length);
  const others = frames.filter((f) => !f.text.includes('"phase":"reveal"'));
  expect(others.length).toBeGreaterThan(20);
  // The phone's own locked-in answer is echoed back to it (`mine`, in the answer's acknowledgement):
  // Ana's right answer to the number question is "answer":8 there, which is hers, not the key.
  const ownEcho = /"mine":\{"questionIndex":\d+,"answer":(?:-?[\d.]+|true|false|"[^"]*"|\[[^\]]*\])\}/g;
  for (const f of others) {
    const text = f.text.replace(ownEcho, '"mine":{}');
    for (const secret of SECRETS) expect(text, "a frame outside a reveal").not.toContain(secret);
  }
  // …and the reveal frames do carry it (so the check above looks at the right thing).
  expect(reveals.some((f) => f.text.includes('"key"'))).toBe(true);
  for (const p of phones) await p.context.close();
});

test("a host command that gets no answer says so; a double Next moves the game on once", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(120_000);
  let dropLock = false;
  let doubleNext = false;
  const hostFrames: string[] = [];
  const serverFrames: string[] = [];
  await host.routeWebSocket(/\/api\/live\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      // A Socket.IO event frame with an acknowledgement id: 42<id>["host:lock",{}].
      if (typeof m === "string") hostFrames.push(m);
      if (dropLock && typeof m === "string" && /"host:(un)?lock"/.test(m)) return;
      server.send(m);
      // A double click whose second press leaves before the first one's answer is back.
      if (doubleNext && typeof m === "string" && m.includes('"host:next"')) server.send(m);
    });
    server.onMessage((m) => {
      if (typeof m === "string") serverFrames.push(m);
      ws.send(m);
    });
  });
  await signUp(host);
  await hostGame(host, "solar-system-basics");
  const notAnswered = host.getByRole("alert").filter({ hasText: "The game did not answer. Check the connection and try again." });
  dropLock = true;
  await host.getByTestId("lock").click();
  await expect(notAnswered).toBeVisible({ timeout: 30_000 });
  await expect(host.getByTestId("lock")).toHaveText("Lock");
  // Once the connection carries frames again, the message goes as soon as the game shows it
  // answers (here a player joining), and the same button works.
  dropLock = false;
  const ana = await phone(browser, baseURL!);
  await joinAs(ana.page, await readQr(host), "Ana");
  await expect(host.getByTestId("lobby-players").getByText("Ana")).toBeVisible();
  await expect(notAnswered).toHaveCount(0);
  await host.getByTestId("lock").click();
  await expect(host.getByTestId("lock")).toHaveText("Unlock");
  // Start, close the first question, then press Next on the reveal with the frame sent twice.
  await host.getByTestId("start").click();
  await expect(host.getByTestId("host-question")).toBeVisible();
  await host.getByTestId("skip").click();
  await expect(host.getByTestId("host-reveal")).toBeVisible();
  doubleNext = true;
  await host.getByTestId("next").click();
  await expect(host.getByTestId("host-scoreboard")).toBeVisible();
  doubleNext = false;
  // The press named its screen, and the game answered both copies…
  const presses = hostFrames.filter((f) => f.includes('"host:next"') && f.includes('"at":{"phase":"reveal","questionIndex":0}'));
  expect(presses).toHaveLength(1);
  const ackId = /^42(\d+)\[/.exec(presses[0]!)![1];
  await expect.poll(() => serverFrames.filter((f) => f.startsWith(`43${ackId}[`)).length).toBe(2);
  // …but moved on once: still the scoreboard, and the phone is not on question 2.
  await expect(host.getByTestId("host-scoreboard")).toBeVisible();
  await expect(ana.page.getByTestId("player-phase")).toHaveAttribute("data-phase", "scoreboard");
  await ana.context.close();
});
