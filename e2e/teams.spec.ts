import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import { axeViolations } from "./axe";
import { hostGame, importQuiz, joinAs, phone, readQr, tap, waitForQuestion } from "./live-helpers";

/**
 * Team mode (docs/rules.md §4 "Teams"): a host and four phones in two teams dealt evenly, answers
 * planned so the means are known (speed and streak bonuses off: a right answer is 1000 points);
 * the big screen's team scoreboard after each question and the team podium, each phone's team and
 * its rank, the report's team table and CSV column; then a game where the players pick, with one
 * phone in Spanish picking its team on the join page by the big screen's names (English), which
 * turn Spanish on every phone when the big screen does. axe on the lobby and the team scoreboard,
 * light and dark.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "one run is enough: it drives five browsers");
});

const QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Team Quiz",
    description: "Two questions for the team-mode tests.",
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["teams"],
    timeLimit: 30,
    speedBonus: false,
    streakBonus: false,
    visibility: "public",
    questions: [
      { type: "single", prompt: "Which planet is the red one?", options: ["Venus", "Mars"], correct: 1, explanation: "" },
      { type: "boolean", prompt: "Water boils at 100 °C at sea level.", correct: true, explanation: "" },
    ],
  },
} as const;

const NAMES = ["Ana", "Ben", "Cleo", "Dan"] as const;
/** Dealt in join order: Ana and Cleo are Foxes (team 0), Ben and Dan Owls (team 1). */
const TEAM_OF = { Ana: 0, Ben: 1, Cleo: 0, Dan: 1 } as const;
/** Right (true) or wrong per question. */
const PLAN: Record<(typeof NAMES)[number], [boolean, boolean]> = {
  Ana: [true, true],
  Ben: [true, false],
  Cleo: [false, true],
  Dan: [true, false],
};
// After Q1: Foxes (1000 + 0) / 2 = 500, Owls (1000 + 1000) / 2 = 1000 → Owls 1st.
// After Q2: Foxes (2000 + 1000) / 2 = 1500, Owls (1000 + 1000) / 2 = 1000 → Foxes 1st.

async function axeClean(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
    const serious = (await axeViolations(page, scheme)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${name} ${scheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function teamRows(page: Page) {
  const rows = page.getByTestId("team-row");
  return rows.evaluateAll((els) => els.map((e) => [Number(e.getAttribute("data-team")), Number(e.getAttribute("data-rank")), Number(e.getAttribute("data-score"))]));
}

test("team mode: two teams dealt evenly, team scoreboard, podium, phones, report; a player picks a team", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signUp(host);
  const slug = await importQuiz(host, baseURL!, QUIZ);
  const gameId = await hostGame(host, slug);
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("1");

  // ——— the lobby: two teams, dealt evenly ———
  await host.getByTestId("team-count").selectOption("2");
  await expect(host.getByTestId("lobby-team")).toHaveCount(2);
  await expect(host.getByTestId("team-assign-even")).toBeChecked();
  await expect(host.getByTestId("lobby-teams")).toContainText("Foxes");
  await expect(host.getByTestId("lobby-teams")).toContainText("Owls");

  const url = await readQr(host);
  const phones = new Map<string, Page>();
  for (const name of NAMES) {
    const p = (await phone(browser, baseURL!)).page;
    phones.set(name, p);
    await joinAs(p, url, name);
    await expect(p.getByTestId("player-team")).toHaveAttribute("data-team", String(TEAM_OF[name]));
  }
  await expect(host.locator('[data-testid=lobby-team][data-team="0"]')).toHaveAttribute("data-players", "2");
  await expect(host.locator('[data-testid=lobby-team][data-team="1"]')).toHaveAttribute("data-players", "2");
  await expect(host.locator('[data-testid=lobby-team][data-team="0"]')).toContainText("Ana, Cleo");
  await expect(phones.get("Ana")!.getByTestId("player-team")).toContainText("Foxes");
  await axeClean(host, "lobby-teams");

  // ——— question 1 → team scoreboard ———
  await host.getByTestId("start").click();
  for (const [qi, q] of QUIZ.quiz.questions.entries()) {
    for (const name of NAMES) {
      const p = phones.get(name)!;
      await waitForQuestion(p, qi);
      const right = PLAN[name][qi]!;
      if (q.type === "single") await tap(p, q.options[right ? q.correct : 0]);
      else await tap(p, right === q.correct ? "True" : "False");
    }
    await expect(host.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
    await host.getByTestId("next").click();
    if (qi === 0) {
      await expect(host.getByTestId("team-scoreboard")).toBeVisible();
      await expect(host.getByTestId("team-scoreboard")).toContainText("Team scoreboard");
      expect(await teamRows(host)).toEqual([
        [1, 1, 1000],
        [0, 2, 500],
      ]);
      await axeClean(host, "team-scoreboard");
      // The players' own scoreboard is one press away.
      await host.getByTestId("show-players").click();
      await expect(host.getByTestId("host-scoreboard")).toBeVisible();
      await expect(host.getByTestId("host-scoreboard").getByRole("listitem")).toHaveCount(4);
      await host.getByTestId("show-teams").click();
      await expect(host.getByTestId("team-scoreboard")).toBeVisible();
      // Each phone: its team and the team's rank.
      await expect(phones.get("Ana")!.getByTestId("player-team")).toHaveAttribute("data-team-rank", "2");
      await expect(phones.get("Ben")!.getByTestId("player-team")).toHaveAttribute("data-team-rank", "1");
      await expect(phones.get("Ben")!.getByTestId("player-team")).toContainText("Team rank 1 of 2");
      await host.getByTestId("next").click();
    }
  }

  // ——— the team podium ———
  await expect(host.getByTestId("team-scoreboard")).toBeVisible();
  expect(await teamRows(host)).toEqual([
    [0, 1, 1500],
    [1, 2, 1000],
  ]);
  await host.getByTestId("next").click();
  await expect(host.getByTestId("team-podium")).toBeVisible();
  const podium = host.getByTestId("team-podium-entry");
  await expect(podium).toHaveCount(2);
  await expect(host.locator('[data-testid=team-podium-entry][data-rank="1"]')).toHaveAttribute("data-team", "0");
  await expect(host.locator('[data-testid=team-podium-entry][data-rank="1"]')).toContainText("Foxes");
  await expect(phones.get("Cleo")!.getByTestId("player-team")).toHaveAttribute("data-team-rank", "1");
  await host.screenshot({ path: test.info().outputPath("team-podium.png") });
  await host.getByTestId("show-players").click();
  await expect(host.getByTestId("host-podium")).toBeVisible();
  await host.getByTestId("show-teams").click();

  // ——— the report: each player's team and the team table ———
  await host.getByTestId("finish").click();
  await host.getByTestId("open-report").click();
  await host.waitForURL(`**/games/${gameId}/report`);
  const teams = host.getByTestId("report-team");
  await expect(teams).toHaveCount(2);
  expect(await teams.evaluateAll((els) => els.map((e) => [e.getAttribute("data-team"), e.getAttribute("data-rank"), e.getAttribute("data-score")]))).toEqual([
    ["foxes", "1", "1500"],
    ["owls", "2", "1000"],
  ]);
  await expect(host.getByTestId("report-teams")).toContainText("Foxes");
  await axeClean(host, "report-teams");
  await host.setViewportSize({ width: 390, height: 844 });
  await host.getByTestId("report-teams").scrollIntoViewIfNeeded();
  await host.screenshot({ path: test.info().outputPath("report-teams-phone.png") });
  await host.setViewportSize({ width: 1440, height: 900 });
  for (const name of NAMES) {
    await expect(host.getByTestId("grid-row").filter({ hasText: name }).locator(`[data-team="${TEAM_OF[name]}"]`)).toBeVisible();
  }
  // A reader in another language sees the teams as the game named them (the host's language).
  await host.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
  await host.reload();
  await expect(host.getByTestId("report-teams")).toContainText("Puesto");
  await expect(host.getByTestId("report-teams")).toContainText("Foxes");
  await expect(host.getByTestId("grid-row").filter({ hasText: "Ben" })).toContainText("Owls");
  await host.context().clearCookies({ name: "NEXT_LOCALE" });
  const json = (await (await host.request.get(`/api/v1/games/${gameId}/report`)).json()) as { teams: unknown; players: { nickname: string; team: string }[] };
  expect(json.teams).toEqual([
    { team: "foxes", name: "Foxes", players: 2, score: 1500, rank: 1 },
    { team: "owls", name: "Owls", players: 2, score: 1000, rank: 2 },
  ]);
  expect(Object.fromEntries(json.players.map((p) => [p.nickname, p.team]))).toEqual({ Ana: "foxes", Ben: "owls", Cleo: "foxes", Dan: "owls" });
  const csv = await (await host.request.get(`/api/v1/games/${gameId}/report?format=csv`)).text();
  const [header, ...rows] = csv.trim().split("\r\n");
  expect(header!.split(",").slice(0, 5)).toEqual(["rank", "nickname", "roster_name", "team", "score"]);
  expect(rows.find((r) => r.includes(",Cleo,"))).toMatch(/,Cleo,,foxes,1000,/);
  for (const p of phones.values()) await p.context().close();

  // ——— players pick: a phone in Spanish picks the third team on the join page ———
  await hostGame(host, slug);
  await host.getByTestId("team-count").selectOption("3");
  await expect(host.getByTestId("lobby-team")).toHaveCount(3);
  await host.getByTestId("team-assign-pick").click(); // checked once the server has it
  await expect(host.getByTestId("team-assign-pick")).toBeChecked();
  const pickUrl = await readQr(host);
  const es = (await phone(browser, baseURL!, "es-ES")).page;
  // The join page reads the game's stored settings: wait until the pick is there.
  await expect(async () => {
    await es.goto(pickUrl);
    await expect(es.getByTestId("join-teams")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(es.getByTestId("join-teams")).toContainText("Elige tu equipo");
  await expect(es.getByTestId("join-teams").getByRole("radio")).toHaveCount(3);
  // The teams keep the names the big screen shows (the host's language), in a Spanish page.
  await expect(es.getByTestId("join-teams")).toContainText("Bears");
  await expect(es.getByTestId("join-teams")).not.toContainText("Osos");
  await es.screenshot({ path: test.info().outputPath("join-pick-es.png"), fullPage: true });
  await es.getByLabel("Bears").check();
  await es.locator("#join-nickname").fill("Eva");
  await es.getByTestId("join-submit").click();
  await es.waitForURL(/\/game\/\d{6}$/);
  await expect(es.getByTestId("player-team")).toHaveAttribute("data-team", "2");
  await expect(es.getByTestId("player-team")).toContainText("Tu equipo");
  await expect(es.getByTestId("player-team")).toContainText("Bears");
  await es.screenshot({ path: test.info().outputPath("phone-team-es.png") });
  await expect(host.locator('[data-testid=lobby-team][data-team="2"]')).toHaveAttribute("data-players", "1");
  await expect(host.locator('[data-testid=lobby-team][data-team="2"]')).toContainText("Eva");

  // ——— the big screen in Spanish: the lobby and the team scoreboard ———
  await host.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
  await host.reload();
  await expect(host.getByTestId("lobby-teams")).toContainText("Equipos");
  // The big screen in Spanish renames the teams in the lobby, for the phones too.
  await expect(host.getByTestId("lobby-teams")).toContainText("Osos");
  await expect(es.getByTestId("player-team")).toContainText("Osos");
  await axeClean(host, "lobby-teams-es");
  await host.getByTestId("start").click();
  await waitForQuestion(es, 0);
  await tap(es, QUIZ.quiz.questions[0].options[1]);
  await expect(host.getByTestId("host-reveal")).toBeVisible({ timeout: 20_000 });
  await host.getByTestId("next").click();
  await expect(host.getByTestId("team-scoreboard")).toContainText("Clasificación por equipos");
  // Only the Bears have a player: the other two are not ranked.
  expect(await teamRows(host)).toEqual([[2, 1, 1000]]);
  await expect(host.getByTestId("team-scoreboard")).toContainText("Sin clasificar (nadie en el equipo)");
  await axeClean(host, "team-scoreboard-es");
  await expect(es.getByTestId("player-team")).toContainText("Puesto del equipo: 1 de 1");
  await es.screenshot({ path: test.info().outputPath("phone-team-rank-es.png") });
  await host.context().clearCookies({ name: "NEXT_LOCALE" });
  await es.context().close();
});
