import type { Page } from "@playwright/test";
import type { Socket } from "socket.io-client";
import { liveSocket } from "../src/test/live-socket";
import { newAccount, signUp } from "./accounts";
import { axeViolations } from "./axe";
import { expect, test, watchContext } from "./fixtures";
import { hostGame, importQuiz, joinAs, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * Extra time per player (docs/rules.md §4 and §13), enforced by the server's deadlines: in a live
 * game with a 6 s question, a ×2 player's answer at about 1.5× the limit counts and another
 * player's at the same moment does not; a class student with ×2 on the roster gets 12 s a
 * question in an assigned challenge and an answer at about 1.5× counts. Nothing waits for a
 * wall-clock duration to be asserted: the tests wait for what the screens say.
 */

const QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Extra Time Check",
    description: "A six-second question for the extra-time tests.",
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["extra-time"],
    timeLimit: 6,
    speedBonus: true,
    streakBonus: false,
    visibility: "public",
    questions: [{ type: "single", prompt: "Which planet is the red one?", options: ["Venus", "Mars", "Jupiter", "Saturn"], correct: 1, explanation: "Iron oxide dust." }],
  },
} as const;

type Shared = { phase: string; stage: string | null; questionIndex: number; question: { data: { options?: { id: string; text: string }[] } } | null };

/** A phone that is a bare Socket.IO client: it answers exactly when the test says. */
async function socketPlayer(baseURL: string, pin: string, nickname: string) {
  const socket: Socket = liveSocket(baseURL, { reconnection: { delayMs: 1000, maxDelayMs: 5000 } });
  let shared: Shared | null = null;
  socket.on("game:state", (s: Shared) => (shared = s));
  socket.on("player:state", (s: Shared) => (shared = s));
  const joined = (await socket.timeout(10_000).emitWithAck("player:join", { pin, nickname })) as { ok: boolean; state: Shared };
  expect(joined.ok).toBe(true);
  shared = joined.state;
  return {
    socket,
    state: () => shared,
    answer: (questionIndex: number, answer: string) =>
      socket.timeout(10_000).emitWithAck("player:answer", { questionIndex, answer, clientId: `${nickname}-${questionIndex}` }) as Promise<{ ok: boolean; error?: { code: string } }>,
  };
}

async function axeBoth(page: Page, include?: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page, scheme, include), `${scheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("live: a ×2 player's answer at about 1.5× the limit counts, another player's at the same moment does not", async ({ page: host, browser, baseURL, consoleErrors }) => {
  test.skip(test.info().project.name !== "desktop-pglite", "one run is enough: it drives several browsers");
  test.setTimeout(180_000);
  await host.setViewportSize({ width: 1440, height: 900 });
  await signUp(host);
  const slug = await importQuiz(host, baseURL!, QUIZ);
  await hostGame(host, slug);
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("0");

  const ana = await phone(browser, baseURL!);
  const cleo = await phone(browser, baseURL!);
  await watchContext(ana.context, consoleErrors);
  await watchContext(cleo.context, consoleErrors);
  // Cleo's phone records every frame: nothing about anyone's extra time may reach it.
  const cleoFrames: string[] = [];
  cleo.page.on("websocket", (ws) => ws.on("framereceived", (f) => cleoFrames.push(typeof f.payload === "string" ? f.payload : f.payload.toString("utf8"))));
  const url = await readQr(host);
  await joinAs(ana.page, url, "Ana");
  await joinAs(cleo.page, url, "Cleo");
  const pin = (await host.getByTestId("host-pin").getAttribute("data-pin"))!;
  const ben = await socketPlayer(baseURL!, pin, "Ben");
  try {
    // The host gives Ana ×2 in the lobby, in a panel closed by default.
    const panel = host.getByTestId("extra-time-panel");
    await expect(panel.getByLabel("Ana")).toBeHidden();
    await panel.locator("summary").click();
    await panel.getByLabel("Ana").selectOption("2");
    await expect(panel.getByLabel("Ana")).toHaveValue("2");
    await axeBoth(host);
    await host.screenshot({ path: test.info().outputPath("host-lobby-extra-time.png") });
    await panel.locator("summary").click(); // closed again before the room sees the question
    await host.getByTestId("start").click();

    await waitForQuestion(ana.page, 0);
    await waitForQuestion(cleo.page, 0);
    // Everyone else's time runs out: Cleo's phone says so, the big screen waits, Ana still answers.
    await expect(cleo.page.getByTestId("player-time-up")).toBeVisible({ timeout: 20_000 });
    await expect(host.getByTestId("waiting-extra-time")).toBeVisible();
    await expect(host.getByTestId("host-question")).not.toContainText("Ana");
    await expect(ana.page.getByTestId("player-time-up")).toHaveCount(0);
    await expect(ana.page.getByTestId("answer-form")).toBeVisible();
    // The host pauses while the screens are checked (axe is slow under load), then resumes.
    await host.getByTestId("pause").click();
    await expect(ana.page.getByText("Paused")).toBeVisible();
    await axeBoth(cleo.page);
    await axeBoth(host);
    await axeBoth(ana.page);
    await cleo.page.screenshot({ path: test.info().outputPath("phone-time-up.png") });
    await host.screenshot({ path: test.info().outputPath("host-waiting.png") });
    await ana.page.emulateMedia({ colorScheme: "dark" });
    await ana.page.screenshot({ path: test.info().outputPath("phone-extra-time-dark.png") });
    await ana.page.emulateMedia({ colorScheme: "light" });
    await host.getByTestId("pause").click(); // now "Resume"
    await expect(host.getByTestId("pause")).toHaveText("Pause");
    await expect(ana.page.getByTestId("answer-form")).toBeVisible();
    // Ana's own clock (12 s) shows 3 s left: about 1.5× the 6 s limit has gone by.
    await expect(ana.page.getByTestId("player-countdown")).toHaveText("3", { timeout: 15_000 });
    expect(ben.state()?.phase).toBe("question");
    const options = ben.state()!.question!.data.options!;
    const mars = options.find((o) => o.text === "Mars")!.id;
    const [late] = await Promise.all([ben.answer(0, mars), tap(ana.page, "Mars")]);
    expect(late).toMatchObject({ ok: false, error: { code: "answer_too_late" } });
    // Ana was the last one waited for: the reveal, with her answer right and scored.
    await expect(ana.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
    await expect(host.getByTestId("host-reveal")).toContainText("1 right · 0 wrong · 2 no answer");
    expect(cleoFrames.length).toBeGreaterThan(0);
    expect(cleoFrames.filter((f) => f.includes("extraTime"))).toEqual([]);
  } finally {
    ben.socket.disconnect();
    await Promise.all([ana.context.close(), cleo.context.close()]);
  }
});

test("a class student's extra time: ×2 on the roster gives 12 s a question in an assigned challenge", async ({ page, browser, baseURL, consoleErrors }) => {
  test.skip(test.info().project.name !== "desktop-pglite" && test.info().project.name !== "desktop-postgres", "one size is enough: the rule is the server's");
  test.setTimeout(180_000);
  await signUp(page, newAccount("teacher"));
  const slug = await importQuiz(page, baseURL!, QUIZ);
  const closesAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const made = await page.request.post("/api/v1/challenges", { data: { quiz: slug, closesAt, attemptsAllowed: 2 }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const { code: challenge } = (await made.json()) as { code: string };
  await page.goto("/classes");
  await page.getByLabel("Class name").fill("8C Science");
  await page.getByRole("button", { name: "Create class" }).click();
  await page.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
  const classUrl = page.url();
  const code = (await page.getByTestId("class-code").innerText()).trim();
  await page.getByLabel("Challenge").selectOption(challenge);
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByTestId("assignments")).toContainText(challenge);

  const students = await Promise.all([phone(browser, baseURL!), phone(browser, baseURL!)]);
  for (const s of students) await watchContext(s.context, consoleErrors);
  const [ana, ben] = students as [(typeof students)[0], (typeof students)[0]];
  try {
    for (const [p, name] of [[ana, "Ana"], [ben, "Ben"]] as const) {
      await p.page.goto(`/classes/join/${code}`);
      await p.page.getByLabel("Your name in the class").fill(name);
      await p.page.getByRole("button", { name: "Join", exact: true }).click();
      await p.page.getByTestId("go-to-class").click();
      await p.page.waitForURL(classUrl);
    }
    // The teacher gives Ana ×2 on the roster; it stays after a reload.
    await page.reload();
    const anaRow = page.getByTestId("roster-student").filter({ hasText: "Ana" });
    await anaRow.getByLabel("Extra time for Ana in this class's challenges").selectOption("2");
    await expect(anaRow.getByTestId("roster-extra-time")).toBeEnabled();
    await page.reload();
    await expect(page.getByLabel("Extra time for Ana in this class's challenges")).toHaveValue("2");
    await expect(page.getByLabel("Extra time for Ben in this class's challenges")).toHaveValue("1");
    await axeBoth(page);
    await page.screenshot({ path: test.info().outputPath("roster-extra-time.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await anaRow.screenshot({ path: test.info().outputPath("roster-row-phone-dark.png") });
    await page.emulateMedia({ colorScheme: "light" });

    // Ana plays: her question is 12 s long, and an answer at about 1.5× the 6 s limit counts.
    await ana.page.getByTestId("play-assignment").click();
    await ana.page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
    await expect(ana.page.getByTestId("question-meta")).toContainText("12 seconds");
    await expect(ana.page.getByTestId("timer")).toHaveText("3", { timeout: 15_000 });
    await ana.page.getByRole("radio", { name: "Mars", exact: true }).click();
    await expect(ana.page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");

    // Ben has the quiz's 6 s.
    await ben.page.getByTestId("play-assignment").click();
    await ben.page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
    await expect(ben.page.getByTestId("question-meta")).toContainText("6 seconds");
  } finally {
    await Promise.all(students.map((s) => s.context.close()));
  }
});
