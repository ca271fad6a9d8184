import { expect, test, type Page } from "@playwright/test";
import Papa from "papaparse";
import { signUp } from "./accounts";
import { hostGame, importQuiz, pastScoreboard, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * The scoring a teacher chooses and the host's join field (docs/rules.md §4, §9, §12): a live game
 * with the speed bonus off and question 2 worth ×2, where two phones answer right at different
 * times and score alike (question 2 doubled), each phone asked for a student number that only the
 * report (page and CSV) shows; and a challenge created with its streak bonus off.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives three browsers");
});

const QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Scoring Two",
    description: "Two questions for the scoring tests.",
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["scoring"],
    timeLimit: 60,
    speedBonus: true,
    streakBonus: true,
    visibility: "public",
    questions: [
      { type: "single", prompt: "Which planet is the red one?", options: ["Venus", "Mars", "Jupiter", "Saturn"], correct: 1 },
      { type: "single", prompt: "Which planet has the great red spot?", options: ["Venus", "Mars", "Jupiter", "Saturn"], correct: 2 },
    ],
  },
} as const;

/** Joins from the QR code's link, filling the host's field (the join page shows it once the host saved it). */
async function joinWithNumber(page: Page, url: string, nickname: string, number: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByTestId("join-identifier")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel("Student number")).toBeVisible();
  await page.getByLabel("Nickname").fill(nickname);
  await page.getByTestId("join-identifier").fill(number);
  await page.getByTestId("join-submit").click();
  await page.waitForURL(/\/game\/\d{6}$/);
  await expect(page.getByTestId("player-phase")).toHaveAttribute("data-phase", "lobby");
  await expect(page.getByTestId("player-nickname")).toHaveText(nickname);
}

test("a live game: speed bonus off, question 2 ×2, a student number asked at join and shown only in the report", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(240_000);
  await signUp(host);
  const slug = await importQuiz(host, baseURL!, QUIZ);
  const gameId = await hostGame(host, slug);
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("0");
  for (const key of ["speedBonus", "streakBonus"]) {
    await host.getByTestId(`setting-${key}`).click();
    await expect(host.getByTestId(`setting-${key}`)).not.toBeChecked();
  }
  await expect(host.getByTestId("multiplier-0")).toHaveValue("1"); // the quiz's own 1000 points
  await host.getByTestId("multiplier-1").selectOption("2");
  await host.getByTestId("identifier-label").fill("Student number");
  await host.getByTestId("identifier-save").click();
  await expect(host.getByText("Players joining are asked: Student number")).toBeVisible();
  await expect(host.getByTestId("multiplier-1")).toHaveValue("2");

  const url = await readQr(host);
  const ana = (await phone(browser, baseURL!)).page;
  const ben = (await phone(browser, baseURL!)).page;
  await joinWithNumber(ana, url, "Ana", "S-001");
  await joinWithNumber(ben, url, "Ben", "S-002");
  // The big screen and the other phone never show a student number.
  await expect(host.getByTestId("lobby-players")).toContainText("Ben");
  await expect(host.locator("body")).not.toContainText("S-00");
  await expect(ben.locator("body")).not.toContainText("S-001");
  await host.getByTestId("start").click();

  for (const [qi, right, points] of [
    [0, "Mars", "+1,000"],
    [1, "Jupiter", "+2,000"],
  ] as const) {
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    await waitForQuestion(ana, qi);
    await tap(ana, right);
    // Ben answers seconds later: with the speed bonus off, the same points.
    await ana.waitForTimeout(2_500);
    await waitForQuestion(ben, qi);
    await tap(ben, right);
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    for (const p of [ana, ben]) await expect(p.getByTestId("player-points")).toHaveText(points);
    await expect(host.locator("body")).not.toContainText("S-00");
    await pastScoreboard(host);
  }
  await expect(host.getByTestId("host-podium")).toBeVisible();
  await host.getByTestId("finish").click();
  await host.getByTestId("open-report").click();
  await host.waitForURL(`**/games/${gameId}/report`);

  // The report says which scoring applied and shows each player's student number.
  await expect(host.getByTestId("scoring-speed")).toHaveText("Speed bonus off: accuracy only");
  await expect(host.getByTestId("scoring-streak")).toHaveText("Streak bonus off");
  await expect(host.getByTestId("scoring-points")).toHaveText("Question 2: ×2");
  await expect(host.getByTestId("scoring-identifier")).toHaveText("Asked at join: Student number");
  const row = (name: string) => host.getByTestId("grid-row").filter({ has: host.getByTestId("grid-name").getByText(name, { exact: true }) });
  await expect(row("Ana").getByTestId("grid-identifier")).toHaveText("S-001");
  await expect(row("Ben").getByTestId("grid-identifier")).toHaveText("S-002");

  const csvRes = await host.request.get(`/api/v1/games/${gameId}/report?format=csv`);
  expect(csvRes.status()).toBe(200);
  const csv = Papa.parse<string[]>((await csvRes.text()).trim(), { newline: "\r\n" }).data;
  expect(csv[0]).toEqual(["rank", "nickname", "roster_name", "identifier", "score", "percent_right", "correct", "answered", "unanswered", "q1_answer", "q1_points", "q2_answer", "q2_points"]);
  const byName = new Map(csv.slice(1).map((r) => [r[1], r]));
  expect(byName.get("Ana")!.slice(3, 5)).toEqual(["S-001", "3000"]);
  expect(byName.get("Ben")!.slice(3, 5)).toEqual(["S-002", "3000"]);
  for (const name of ["Ana", "Ben"]) expect(byName.get(name)!.slice(9)).toEqual(["Mars", "1000", "Jupiter", "2000"]);
  const json = (await (await host.request.get(`/api/v1/games/${gameId}/report`)).json()) as { players: { nickname: string; identifier?: string }[]; scoring: object };
  expect(json.players.map((p) => [p.nickname, p.identifier]).sort()).toEqual([
    ["Ana", "S-001"],
    ["Ben", "S-002"],
  ]);
  expect(json.scoring).toEqual({ speedBonus: false, streakBonus: false, questionPoints: [1000, 2000], identifierLabel: "Student number" });
});

test("a challenge created with the streak bonus off scores a run of right answers without it", async ({ page: owner, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(owner);
  const slug = await importQuiz(owner, baseURL!, QUIZ);
  // Guests cannot create one (nor choose its scoring).
  const anon = await browser.newContext({ baseURL });
  const refused = await anon.request.post("/api/v1/challenges", {
    data: { quiz: slug, closesAt: new Date(Date.now() + 86_400_000).toISOString(), streakBonus: true },
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(401);

  await owner.goto(`/quiz/${slug}/challenge`);
  await expect(owner.getByTestId("challenge-streak")).toBeChecked(); // the quiz's own
  await owner.getByTestId("challenge-streak").uncheck();
  await owner.getByTestId("challenge-speed").uncheck(); // accuracy only: the points are exact
  await expect(owner.getByTestId("multiplier-1")).toHaveValue("1");
  await owner.getByTestId("challenge-create").click();
  await owner.waitForURL(/\/challenge\/[0-9A-Z]{8}$/);
  const code = owner.url().split("/challenge/")[1]!;
  const view = (await (await owner.request.get(`/api/v1/challenges/${code}`)).json()) as { scoring: object };
  expect(view.scoring).toEqual({ speedBonus: false, streakBonus: false, pointsMultipliers: [1, 1] });

  // A guest answers both right: 1000 each, no +100 for the second in a row.
  const start = await anon.request.post(`/api/v1/challenges/${code}/attempts`, { data: { nickname: "Cleo" }, headers: { origin: baseURL! } });
  expect(start.status(), await start.text()).toBe(201);
  const { attemptId, question: first } = (await start.json()) as { attemptId: string; question: { id: string; data: { options: { id: string; text: string }[] } } | null };
  let question = first;
  const earned: number[] = [];
  for (const right of ["Mars", "Jupiter"]) {
    const answer = question!.data.options.find((o) => o.text === right)!.id;
    const res = await anon.request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: question!.id, answer }, headers: { origin: baseURL! } });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { points: number; next: typeof question };
    earned.push(body.points);
    question = body.next;
  }
  expect(earned).toEqual([1000, 1000]);
  await anon.close();

  await owner.goto(`/challenge/${code}/report`);
  await expect(owner.getByTestId("scoring-streak")).toHaveText("Streak bonus off");
  await expect(owner.getByTestId("scoring-speed")).toHaveText("Speed bonus off: accuracy only");
  await expect(owner.getByTestId("grid-row")).toHaveCount(1);
});
