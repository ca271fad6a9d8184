import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import Papa from "papaparse";
import readXlsxFile from "read-excel-file/node";
import { signUp } from "./accounts";
import { sidewaysOverflow } from "./fixtures";
import { hostGame, importQuiz, joinAs, phone, readQr, tap, waitForQuestion } from "./live-helpers";
import { OpenApiContract } from "./openapi-contract";

/**
 * The teacher's report after a live game and after a challenge (docs/rules.md §12): five players
 * give planned answers (right, wrong, typed a different way, joined late, none at all); the
 * report's grid, a question's bars, "Needs attention", the CSV and the .xlsx (read back cell by
 * cell) say what each did; printed to PDF on A4 and Letter, the text holds every name and every
 * question's %.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives six browsers");
});

const QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Report Three",
    description: "Three questions for the report tests.",
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["report"],
    timeLimit: 60,
    speedBonus: true,
    streakBonus: false,
    visibility: "public",
    questions: [
      { type: "single", prompt: "Which planet is the red one?", options: ["Venus", "Mars", "Jupiter", "Saturn"], correct: 1 },
      { type: "text", prompt: "What instrument measures air pressure?", accepted: ["barometer"] },
      { type: "number", prompt: "How many legs has a spider?", answer: 8, min: 0, max: 20, tolerance: 0 },
    ],
  },
} as const;

type Planned = string | null; // null: no answer
/** What each player answers to each question; Dan joins after question 1, Eve never answers. */
const PLAN: Record<string, [Planned, Planned, Planned]> = {
  Ana: ["Mars", "barometer", "8"],
  Ben: ["Venus", "thermometer", "13"],
  Cleo: ["Mars", " Barometer", "13"],
  Dan: [null, "thermometer", null],
  Eve: [null, null, null],
};
const NAMES = Object.keys(PLAN);
// Hand-computed from PLAN: in the live game question 1 had 4 players who could answer (Dan came
// later), 2 right; in the challenge Dan could answer it too (5). Question 2: 5, 2 right (typed
// alike as grading compares); question 3: 5, 1 right: hard (under 40 %).
const percents = (late: boolean) => [late ? "50%" : "40%", "40%", "20%"];

async function answerOn(page: Page, qi: number, value: string) {
  if (qi === 0) return tap(page, value);
  await page.locator(qi === 1 ? "#text-answer" : "#number-answer").fill(value);
  await page.getByTestId("submit-answer").click();
  await expect(page.getByTestId("locked-in").or(page.getByTestId("player-result"))).toBeVisible();
}

/** Reads the report page's grid, needs-attention list and question cards against PLAN. */
async function checkReportPage(page: Page, opts: { late: boolean }) {
  await expect(page.getByTestId("grid-row")).toHaveCount(NAMES.length);
  await expect(page.getByTestId("tile-players")).toHaveText(String(NAMES.length));
  await expect(page.getByTestId("tile-hard")).toHaveText("1");
  const shown = page.getByTestId("question-card").getByTestId("question-percent");
  await expect(shown).toHaveText(percents(opts.late).map((p) => `${p} right`));
  await expect(page.getByTestId("question-card").nth(2).getByTestId("hard")).toBeVisible();
  await expect(page.getByTestId("question-card").nth(0).getByTestId("hard")).toHaveCount(0);
  // Question 1's bars: one per option, Mars marked right.
  const bars = page.getByTestId("question-card").nth(0).getByTestId("distribution-bar");
  await expect(bars).toHaveCount(4);
  await expect(bars.getByTestId("distribution-count")).toHaveText(["1", "2", "0", "0"]);
  await expect(bars.nth(1)).toHaveAttribute("data-correct", "true");
  await expect(page.getByTestId("question-card").nth(0).getByTestId("most-chosen-wrong")).toContainText("Venus (1)");
  // Question 2's typed answers, grouped the way grading compares them.
  await expect(page.getByTestId("question-card").nth(1).getByTestId("distribution-count")).toHaveText(["2", "2"]);

  // Each cell says what was answered, and whether it was right.
  const row = (name: string) => page.getByTestId("grid-row").filter({ has: page.getByTestId("grid-name").getByText(name, { exact: true }) });
  await expect(row("Cleo").getByTestId("cell-1")).toContainText("Barometer");
  await expect(row("Cleo").getByTestId("cell-1")).toContainText("Right");
  await expect(row("Ben").getByTestId("cell-0")).toContainText("Venus");
  await expect(row("Ben").getByTestId("cell-0")).toContainText("Wrong");
  for (let q = 0; q < 3; q++) await expect(row("Eve").getByTestId(`cell-${q}`)).toHaveAttribute("data-status", "unanswered");
  await expect(row("Dan").getByTestId("cell-0")).toHaveAttribute("data-status", opts.late ? "joined_late" : "unanswered");
  if (opts.late) await expect(row("Dan").getByTestId("cell-0")).toHaveText("Joined late");

  // Sorting: by name (then reversed), by question 3 (right first).
  await page.getByTestId("report-grid").getByRole("button", { name: "Name", exact: true }).click();
  await expect(page.getByTestId("grid-name")).toHaveText(["Ana", "Ben", "Cleo", "Dan", "Eve"]);
  await page.getByTestId("report-grid").getByRole("button", { name: "Name", exact: true }).click();
  await expect(page.getByTestId("grid-name")).toHaveText(["Eve", "Dan", "Cleo", "Ben", "Ana"]);
  await page.getByTestId("report-grid").getByRole("button", { name: "Q3", exact: true }).click();
  await expect(page.getByTestId("grid-name").first()).toHaveText("Ana");

  // Needs attention: under 50 % or 3 unanswered; Ana (100 %) and Cleo (67 %) are fine.
  await expect(page.getByTestId("attention-name")).toHaveText(["Eve", "Dan", "Ben"]);

  // A question's prompt and key, over the page.
  await page.getByRole("button", { name: "Show question 1" }).click();
  await expect(page.getByTestId("question-dialog")).toBeVisible();
  await expect(page.getByTestId("question-key")).toHaveText("Mars");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("question-dialog")).toBeHidden();
}

/** The CSV and the .xlsx of a report: the same cells, and what PLAN says. */
async function checkFiles(request: APIRequestContext, apiPath: string, opts: { late: boolean }) {
  // The JSON, CSV and .xlsx answers are the ones the OpenAPI document describes (Ajv).
  const contract = await OpenApiContract.load(request);
  for (const format of ["json", "csv", "xlsx"]) await contract.check("GET", `${apiPath}?format=${format}`, await request.get(`${apiPath}?format=${format}`));
  const csvRes = await request.get(`${apiPath}?format=csv`);
  expect(csvRes.status()).toBe(200);
  expect(csvRes.headers()["content-disposition"]).toMatch(/attachment; filename="quizdeck-.*\.csv"/);
  const csv = Papa.parse<string[]>((await csvRes.text()).trim(), { newline: "\r\n" }).data;
  expect(csv[0]).toEqual(["rank", "nickname", "roster_name", "score", "percent_right", "correct", "answered", "unanswered", "q1_answer", "q1_points", "q2_answer", "q2_points", "q3_answer", "q3_points"]);
  expect(csv).toHaveLength(1 + NAMES.length);
  const byName = new Map(csv.slice(1).map((r) => [r[1], r]));
  expect(byName.get("Ana")!.slice(4, 9)).toEqual(["100", "3", "3", "0", "Mars"]);
  expect(byName.get("Cleo")![10]).toBe("Barometer");
  expect(byName.get("Eve")!.slice(4, 14)).toEqual(["0", "0", "0", "3", "(no answer)", "0", "(no answer)", "0", "(no answer)", "0"]);
  expect(byName.get("Dan")![8]).toBe(opts.late ? "(joined late)" : "(no answer)");

  const xlsxRes = await request.get(`${apiPath}?format=xlsx`);
  expect(xlsxRes.status()).toBe(200);
  const sheets = await readXlsxFile(await xlsxRes.body());
  expect(sheets.map((s) => s.sheet)).toEqual(["Players", "Questions"]);
  // Cell by cell, the Players sheet holds what the CSV holds (numbers as numbers, blanks as null).
  const players = sheets[0]!.data;
  expect(players).toHaveLength(csv.length);
  for (const [r, row] of csv.entries()) {
    for (const [c, text] of row.entries()) {
      const cell = players[r]![c] ?? null;
      // Answers stay text ("8" typed is the text 8); other number-looking cells are numbers.
      const numeric = r > 0 && !csv[0]![c]!.endsWith("_answer") && /^-?\d+(\.\d+)?$/.test(text);
      const expected = text === "" ? null : numeric ? Number(text) : text;
      expect(cell, `Players ${r + 1}:${c + 1}`).toEqual(expected);
    }
  }
  const questions = sheets[1]!.data;
  expect(questions[0]).toEqual(["question", "prompt", "type", "percent_right", "answered", "eligible", "average_seconds", "most_chosen_wrong", "hard", "key"]);
  expect(questions.slice(1).map((r) => [r[0], r[1], r[3], r[7], r[8], r[9]])).toEqual([
    [1, QUIZ.quiz.questions[0].prompt, opts.late ? 50 : 40, "Venus", "no", "Mars"],
    [2, QUIZ.quiz.questions[1].prompt, 40, "thermometer", "no", "barometer"],
    [3, QUIZ.quiz.questions[2].prompt, 20, "13", "yes", "8"],
  ]);
  expect(questions.slice(1).map((r) => [r[4], r[5]])).toEqual(opts.late ? [[3, 4], [4, 5], [3, 5]] : [[3, 5], [4, 5], [3, 5]]);
}

/** Prints the report page to PDF on A4 and Letter: every name and every question's % is in the text. */
async function checkPrint(page: Page, opts: { late: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-report-"));
  for (const format of ["A4", "Letter"] as const) {
    await page.emulateMedia({ media: "print" });
    const file = path.join(dir, `report-${format}.pdf`);
    writeFileSync(file, await page.pdf({ format }));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const name of NAMES) expect(text, `${format}: ${name}`).toContain(name);
    for (const p of percents(opts.late)) expect(text, `${format}: ${p}`).toContain(`${p} right`);
    for (const q of ["Q1", "Q2", "Q3"]) expect(text, `${format}: ${q}`).toContain(q);
    // Nothing is cut off at the page's right edge: the printed tables fit the page's width.
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll(".report-print-table")].some((t) => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1),
    );
    expect(overflow, `${format}: a printed table wider than the page`).toBe(false);
  }
  await page.emulateMedia({ media: "screen" });
}

test("a live game's report: grid, bars, needs attention, CSV, .xlsx and print", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signUp(host);
  const slug = await importQuiz(host, baseURL!, QUIZ);
  const gameId = await hostGame(host, slug);
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("0");
  const url = await readQr(host);
  const phones = new Map<string, Page>();
  for (const name of NAMES) phones.set(name, (await phone(browser, baseURL!)).page);
  for (const name of NAMES.filter((n) => n !== "Dan")) await joinAs(phones.get(name)!, url, name);
  await host.getByTestId("start").click();

  for (let qi = 0; qi < 3; qi++) {
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    for (const name of NAMES) {
      const value = PLAN[name]![qi] ?? null;
      if (value === null || (name === "Dan" && qi === 0)) continue;
      const page = phones.get(name)!;
      await waitForQuestion(page, qi);
      await answerOn(page, qi, value);
    }
    // Someone never answers: the host closes the question.
    await host.getByTestId("skip").click();
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    await host.getByTestId("next").click();
    await expect(host.getByTestId("host-scoreboard")).toBeVisible();
    if (qi === 0) {
      // Dan joins after question 1: his first question is question 2.
      const dan = phones.get("Dan")!;
      await dan.goto(url);
      await dan.getByLabel("Nickname").fill("Dan");
      await dan.getByTestId("join-submit").click();
      await dan.waitForURL(/\/game\/\d{6}$/);
    }
    await host.getByTestId("next").click();
  }
  await expect(host.getByTestId("host-podium")).toBeVisible();
  await host.getByTestId("finish").click();
  await host.getByTestId("open-report").click();
  await host.waitForURL(`**/games/${gameId}/report`);
  await expect(host.getByTestId("report-title")).toHaveText(QUIZ.quiz.title);
  await checkReportPage(host, { late: true });
  await checkFiles(host.request, `/api/v1/games/${gameId}/report`, { late: true });
  await checkPrint(host, { late: true });
  // On a phone the grid scrolls inside its box; the page itself is never wider than the screen.
  await host.setViewportSize({ width: 390, height: 844 });
  await host.reload();
  await expect(host.getByTestId("grid-row")).toHaveCount(NAMES.length);
  expect(await sidewaysOverflow(host)).toBeLessThanOrEqual(0);
  await host.setViewportSize({ width: 1440, height: 900 });

  // REPORT_SHOTS=<dir>: pictures of the page at a phone's and a laptop's size, light and dark, to look at.
  const shots = process.env.REPORT_SHOTS;
  if (shots) {
    for (const [name, size] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1440, height: 900 }]] as const) {
      await host.setViewportSize(size);
      for (const scheme of ["light", "dark"] as const) {
        await host.emulateMedia({ colorScheme: scheme, media: "screen" });
        await host.reload();
        await expect(host.getByTestId("grid-row")).toHaveCount(NAMES.length);
        await host.screenshot({ path: path.join(shots, `report-${name}-${scheme}.png`), fullPage: true });
      }
    }
    await host.emulateMedia({ colorScheme: "light" });
  }

  // /me lists the game with its report, and a game left in its lobby with its host screen (to go
  // on or end it); a stranger and a guest are refused.
  const waiting = await hostGame(host, slug);
  await host.goto("/me");
  await expect(host.getByTestId("hosted-games").getByTestId("hosted-report").first()).toHaveAttribute("href", `/games/${gameId}/report`);
  await expect(host.getByTestId("hosted-games").getByTestId("hosted-open")).toHaveAttribute("href", `/host/${waiting}`);
  const guest = await browser.newContext({ baseURL });
  expect((await guest.request.get(`/api/v1/games/${gameId}/report`)).status()).toBe(401);
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await signUp(strangerPage);
  expect((await stranger.request.get(`/api/v1/games/${gameId}/report?format=csv`)).status()).toBe(403);
  await strangerPage.goto(`/games/${gameId}/report`);
  await expect(strangerPage.getByTestId("grid-row")).toHaveCount(0);
  await Promise.all([guest.close(), stranger.close()]);
});

test("a challenge's report: each player's best attempt, the same grid, files and print", async ({ page: owner, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signUp(owner);
  const slug = await importQuiz(owner, baseURL!, QUIZ);
  const closesAt = new Date(Date.now() + 86_400_000).toISOString();
  const created = await owner.request.post("/api/v1/challenges", { data: { quiz: slug, closesAt, attemptsAllowed: 2 }, headers: { origin: baseURL! } });
  expect(created.status(), await created.text()).toBe(201);
  const { code } = (await created.json()) as { code: string };

  for (const name of NAMES) {
    const guest = await browser.newContext({ baseURL });
    const start = await guest.request.post(`/api/v1/challenges/${code}/attempts`, { data: { nickname: name }, headers: { origin: baseURL! } });
    expect(start.status(), await start.text()).toBe(201);
    let { attemptId, question } = (await start.json()) as { attemptId: string; question: { id: string; data: { options?: { id: string; text: string }[] } } | null };
    for (let qi = 0; qi < 3 && question; qi++) {
      const planned = PLAN[name]![qi] ?? null;
      const answer = planned === null ? null : qi === 0 ? question.data.options!.find((o) => o.text === planned)!.id : qi === 2 ? Number(planned) : planned;
      const res = await guest.request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question.id, answer }, headers: { origin: baseURL! } });
      expect(res.status(), await res.text()).toBe(200);
      question = ((await res.json()) as { next: typeof question }).next;
    }
    if (name === "Eve") {
      // Eve's second attempt is ended at once ("End quiz"): her first one, no better, is kept.
      const again = await guest.request.post(`/api/v1/challenges/${code}/attempts`, { data: { nickname: "Eve" }, headers: { origin: baseURL! } });
      attemptId = ((await again.json()) as { attemptId: string }).attemptId;
      expect((await guest.request.post(`/api/v1/attempts/${attemptId}/finish`, { headers: { origin: baseURL! } })).status()).toBe(200);
    }
    await guest.close();
  }

  await owner.goto(`/challenge/${code}`);
  await owner.getByTestId("challenge-report").click();
  await owner.waitForURL(`**/challenge/${code}/report`);
  await checkReportPage(owner, { late: false });
  await checkFiles(owner.request, `/api/v1/challenges/${code}/report`, { late: false });
  await checkPrint(owner, { late: false });

  const guest = await browser.newContext({ baseURL });
  expect((await guest.request.get(`/api/v1/challenges/${code}/report`)).status()).toBe(401);
  await guest.close();
});
