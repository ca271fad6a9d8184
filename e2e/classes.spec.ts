import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { newAccount, signUpByApi } from "./accounts";
import { answer, keyFor } from "./answer-key";
import { expect, isPhone, sidewaysOverflow, test, watchContext, PHONE } from "./fixtures";
import { decodeQr, importQuiz, LIVE_QUIZ, phone, tap, waitForQuestion } from "./live-helpers";

/**
 * Classes on phones (docs/rules.md §13): a teacher creates a class and hands out its code; two
 * guests and a member join by code (or its link); a challenge is assigned, they play it from
 * their class page, and the teacher's gradebook shows their %; a guest's recovery code moves
 * them to a second browser, where the first one loses the class.
 */

const QUIZ = "world-capitals";

async function studentPhone(browser: Browser, baseURL: string, errors: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const p = await phone(browser, baseURL);
  await watchContext(p.context, errors);
  return p;
}

/** Plays the class's one assignment from the class page: the first question right or wrong, then End quiz. */
async function playAssignment(page: Page, right: boolean) {
  await page.getByTestId("play-assignment").click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await answer(page, keyFor(await page.locator("#prompt").innerText()), right, "mouse");
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", String(right));
  await page.getByRole("button", { name: "End quiz" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
}

test("a class on phones: join by code, play the assignment, the gradebook, and a recovery code moving a guest", PHONE, async ({ page, browser, baseURL, consoleErrors }) => {
  test.setTimeout(180_000);
  test.skip(!isPhone(page), "the class flow is the phones' (the teacher's too)");
  await signUpByApi(page.request, baseURL!, newAccount("teacher"));
  const questions = ((await (await page.request.get(`/api/v1/quizzes/${QUIZ}`)).json()) as { questions: unknown[] }).questions.length;
  const closesAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const made = await page.request.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt, attemptsAllowed: 2 }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const { code: challenge } = (await made.json()) as { code: string };

  // The teacher creates the class: its code, its join link and the link's QR code.
  await page.goto("/classes");
  await page.getByLabel("Class name").fill("7B Geography");
  await page.getByLabel("Subject (optional)").fill("Geography");
  await page.getByRole("button", { name: "Create class" }).click();
  await page.waitForURL(/\/classes\/[0-9a-f-]{36}$/);
  const classUrl = page.url();
  const code = (await page.getByTestId("class-code").innerText()).trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
  const joinUrl = `${baseURL}/classes/join/${code}`;
  await expect(page.getByTestId("class-join-url")).toHaveText(joinUrl);
  expect(await decodeQr(page.getByTestId("share-qr"))).toBe(joinUrl);
  // The challenge is assigned.
  await page.getByLabel("Challenge").selectOption(challenge);
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByTestId("assignments")).toContainText(challenge);

  const ana = await studentPhone(browser, baseURL!, consoleErrors);
  const ben = await studentPhone(browser, baseURL!, consoleErrors);
  const max = await studentPhone(browser, baseURL!, consoleErrors);
  const tablet = await studentPhone(browser, baseURL!, consoleErrors);
  try {
    // Ana types the code on the Classes page; she gets her recovery code once.
    await ana.page.goto("/classes");
    await ana.page.getByLabel("Class code").fill(code.toLowerCase());
    await ana.page.getByLabel("Your name in the class").fill("Ana");
    await ana.page.getByRole("button", { name: "Join", exact: true }).click();
    const recovery = (await ana.page.getByTestId("recovery-code").innerText()).trim();
    expect(recovery).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    await ana.page.getByTestId("go-to-class").click();
    await ana.page.waitForURL(classUrl);
    await expect(ana.page.getByTestId("student-assignment")).toContainText("Not attempted");
    // The student sees no roster, gradebook or code.
    await expect(ana.page.getByTestId("roster")).toHaveCount(0);
    await expect(ana.page.getByTestId("gradebook")).toHaveCount(0);
    await playAssignment(ana.page, true);

    // Ben opens the join link; "ana" is taken, so he is refused that name first.
    await ben.page.goto(joinUrl);
    await expect(ben.page.getByRole("heading", { level: 1 })).toHaveText("7B Geography");
    await ben.page.getByLabel("Your name in the class").fill("ana");
    await ben.page.getByRole("button", { name: "Join", exact: true }).click();
    await expect(ben.page.getByTestId("join-error")).toHaveText("Someone in this class already has that name. Pick another one.");
    await ben.page.getByLabel("Your name in the class").fill("Ben");
    await ben.page.getByRole("button", { name: "Join", exact: true }).click();
    await expect(ben.page.getByTestId("recovery-code")).toBeVisible();
    await ben.page.getByTestId("go-to-class").click();
    await ben.page.waitForURL(classUrl);
    await playAssignment(ben.page, false);

    // A member joins with their account: straight to the class, no recovery code.
    await signUpByApi(max.context.request, baseURL!, newAccount("max"));
    await max.page.goto("/classes");
    await max.page.getByLabel("Class code").fill(code);
    await max.page.getByLabel("Your name in the class").fill("Max");
    await max.page.getByRole("button", { name: "Join", exact: true }).click();
    await max.page.waitForURL(classUrl);
    await playAssignment(max.page, true);

    // The gradebook shows each one's %.
    const pct = Math.round(100 / questions);
    await page.reload();
    const rows = page.getByTestId("gradebook-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "Ana" })).toContainText(`Best ${pct}% · latest ${pct}%`);
    await expect(rows.filter({ hasText: "Ben" })).toContainText("Best 0% · latest 0%");
    await expect(rows.filter({ hasText: "Max" })).toContainText(`Best ${pct}% · latest ${pct}%`);
    // The roster shows the guests' recovery codes, not the member's.
    await expect(page.getByTestId("roster-student").filter({ hasText: "Ana" }).getByTestId("roster-recovery")).toHaveText(recovery);
    await expect(page.getByTestId("roster-student").filter({ hasText: "Max" }).getByTestId("roster-recovery")).toHaveCount(0);
    // The CSV says the same.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("gradebook-csv").click()]);
    const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
    expect(lines[1]).toBe(`Ana,${pct},${pct},${pct},1`);
    expect(lines[2]).toBe("Ben,0,0,0,1");

    // Ana's recovery code moves her to a tablet; her phone loses the class.
    await tablet.page.goto("/classes");
    await tablet.page.getByLabel("Recovery code").fill(recovery.toLowerCase());
    await tablet.page.getByRole("button", { name: "Move here" }).click();
    const next = (await tablet.page.getByTestId("recovery-code").innerText()).trim();
    expect(next).not.toBe(recovery);
    await tablet.page.getByTestId("go-to-class").click();
    await tablet.page.waitForURL(classUrl);
    await expect(tablet.page.getByText("Your class, as Ana")).toBeVisible();
    await expect(tablet.page.getByTestId("own-result")).toHaveText(`Best ${pct}% · latest ${pct}%`);
    const old = await ana.page.goto(classUrl);
    expect(old?.status()).toBe(404);
    await page.reload();
    await expect(page.getByTestId("roster-student").filter({ hasText: "Ana" }).getByTestId("roster-recovery")).toHaveText(next);
  } finally {
    await Promise.all([ana, ben, max, tablet].map((p) => p.context.close()));
  }
});

/** A one-question quiz for the class's live game: the red planet is Mars. */
const CLASS_LIVE_QUIZ = { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title: "Class Live Planets", questions: [LIVE_QUIZ.quiz.questions[0]] } };

/** Joins the class by code on the Classes page (a guest, or the signed-in member). */
async function joinClass(page: Page, code: string, name: string) {
  await page.goto("/classes");
  await page.getByLabel("Class code").fill(code);
  await page.getByLabel("Your name in the class").fill(name);
  await page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(page.getByTestId("recovery-code").or(page.getByTestId("class-name"))).toBeVisible();
}

/** On the game's phone screen: the roster picker, this device's name chosen already (or `pick`), then Join. */
async function pickName(page: Page, pin: string, name: string, preselected: boolean) {
  await page.goto(`/game/${pin}`);
  const picker = page.getByTestId("roster-picker");
  await expect(picker).toBeVisible();
  const radio = picker.getByRole("radio", { name: new RegExp(`^${name}`) });
  if (preselected) await expect(radio).toBeChecked();
  else await radio.check();
  await page.getByTestId("roster-join").click();
}

test("a live game for a class: roster names, one device per name, the host releasing one, the gradebook", PHONE, async ({ page, browser, baseURL, consoleErrors }) => {
  test.setTimeout(240_000);
  test.skip(!isPhone(page), "the class flow is the phones' (the teacher's too)");
  await signUpByApi(page.request, baseURL!, newAccount("teacher"));
  const slug = await importQuiz(page, baseURL!, CLASS_LIVE_QUIZ);
  const made = await page.request.post("/api/v1/classes", { data: { name: "7C Science" }, headers: { origin: baseURL! } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: classId, code } = (await made.json()) as { id: string; code: string };

  const ana = await studentPhone(browser, baseURL!, consoleErrors);
  const ben = await studentPhone(browser, baseURL!, consoleErrors);
  const max = await studentPhone(browser, baseURL!, consoleErrors);
  const borrowed = await studentPhone(browser, baseURL!, consoleErrors);
  try {
    await joinClass(ana.page, code, "Ana");
    await joinClass(ben.page, code, "Ben");
    await signUpByApi(max.context.request, baseURL!, newAccount("max"));
    await joinClass(max.page, code, "Max");

    // The teacher hosts the quiz for the class. The class picker fits the phone in Spanish too,
    // whose "no class" option is longer than the screen is wide.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
    await page.goto(`/quiz/${slug}`);
    await expect(page.getByTestId("host-class")).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
    await page.goto(`/quiz/${slug}`);
    await page.getByTestId("host-class").selectOption({ label: "7C Science" });
    await page.getByTestId("host-live").click();
    await page.waitForURL(/\/host\/[0-9a-f-]{36}$/);
    const pin = (await page.getByTestId("host-pin").getAttribute("data-pin"))!;
    await expect(page.getByTestId("class-game")).toHaveText("Class 7C Science: players pick their names from the roster");

    // Each picks their own name, chosen already on their device: by the join page, or straight in.
    await ana.page.goto(`/join/${pin}`);
    await ana.page.getByTestId("join-class-game").click();
    await ana.page.waitForURL(`**/game/${pin}`);
    await pickName(ana.page, pin, "Ana", true);
    await pickName(ben.page, pin, "Ben", true);
    await pickName(max.page, pin, "Max", true);
    for (const [p, name] of [[ana.page, "Ana"], [ben.page, "Ben"], [max.page, "Max"]] as const) {
      await expect(p.getByTestId("player-phase")).toHaveAttribute("data-phase", "lobby");
      await expect(p.getByTestId("player-nickname")).toHaveText(name);
    }
    await expect(page.getByTestId("lobby-players")).toContainText("Ana");
    await expect(page.getByTestId("lobby-players").getByRole("button")).toHaveCount(3);

    // A second device asking for Ana is refused: one device per name.
    await pickName(borrowed.page, pin, "Ana", false);
    await expect(borrowed.page.getByTestId("roster-error")).toHaveText(
      "Someone on another device has already taken this name. If it is yours, ask your teacher to release it.",
    );

    // The host releases Ana's name: her first phone is let go, and the borrowed device takes it.
    await page.getByTestId("lobby-players").getByRole("button", { name: "Ana", exact: true }).click();
    await page.getByTestId("release-name").click();
    await expect(ana.page.getByTestId("player-gone-reason")).toHaveText("Your teacher released your name so that another device can take it");
    await borrowed.page.getByTestId("roster-join").click();
    await expect(borrowed.page.getByTestId("player-phase")).toHaveAttribute("data-phase", "lobby");
    await expect(borrowed.page.getByTestId("player-nickname")).toHaveText("Ana");
    await expect(page.getByTestId("lobby-players").getByRole("button")).toHaveCount(3);

    // The game: Ana (on the borrowed device) and Max right, Ben wrong; the host ends it after the reveal.
    await page.getByTestId("start").click();
    for (const p of [borrowed.page, ben.page, max.page]) await waitForQuestion(p, 0);
    await expect(page.getByTestId("class-names")).toBeVisible();
    await tap(borrowed.page, "Mars");
    await tap(ben.page, "Venus");
    await tap(max.page, "Mars");
    await expect(page.getByTestId("host-screen")).toHaveAttribute("data-phase", "reveal");
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "End game", exact: true }).click();
    await expect(page.getByTestId("host-screen")).toHaveAttribute("data-phase", "cancelled");

    // The report names the roster; the gradebook has the game beside the assignments.
    const gameId = page.url().split("/host/")[1]!.split(/[?#/]/)[0]!;
    const report = (await (await page.request.get(`/api/v1/games/${gameId}/report`)).json()) as { players: { nickname: string; rosterName?: string }[] };
    expect(report.players.map((p) => p.rosterName).sort()).toEqual(["Ana", "Ben", "Max"]);
    await page.goto(`/classes/${classId}`);
    await expect(page.getByTestId("gradebook-column").filter({ hasText: "Class Live Planets" })).toHaveAttribute("data-kind", "game");
    const rows = page.getByTestId("gradebook-row");
    await expect(rows.filter({ hasText: "Ana" })).toContainText("Best 100% · latest 100%");
    await expect(rows.filter({ hasText: "Ben" })).toContainText("Best 0% · latest 0%");
    await expect(rows.filter({ hasText: "Max" })).toContainText("Best 100% · latest 100%");
    // A student's history lists the game.
    await rows.filter({ hasText: "Ben" }).getByRole("link", { name: "Ben" }).click();
    await expect(page.getByTestId("student-history").locator('[data-kind="game"]')).toContainText("Class Live Planets");
  } finally {
    await Promise.all([ana, ben, max, borrowed].map((p) => p.context.close()));
  }
});
