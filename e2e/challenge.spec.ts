import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { newAccount, signUpByApi, signUpElsewhere } from "./accounts";
import { answer, keyFor } from "./answer-key";
import { englishOn } from "./english";
import { axeViolations } from "./axe";
import { expect, skipOnPostgres, test, watchContext } from "./fixtures";
import { decodeQr, phone } from "./live-helpers";

/**
 * Self-paced challenges (docs/rules.md §11): a member hands out a quiz with a deadline from its
 * page; players open the link (or the QR code) on their phones, play it on the ordinary play
 * screen within their attempts, and meet on the challenge's leaderboard; the owner sees every
 * attempt, downloads them as CSV, and may close it early.
 */

const QUIZ = "world-capitals";
const CSV_HEADER = "nickname,member,status,score,correct,questions,started_at,finished_at,duration_seconds";

/** From the quiz page's Challenge button through the form; returns the code. */
async function createInForm(page: Page, attempts: number): Promise<string> {
  await page.goto(`/quiz/${QUIZ}`);
  await page.getByTestId("challenge").click();
  await expect(page).toHaveURL(new RegExp(`/quiz/${QUIZ}/challenge$`));
  // The browser fills in its own "now" and a week from now, in its own time zone.
  await expect(page.getByLabel("Closes", { exact: true })).not.toHaveValue("");
  await page.getByLabel("Attempts per player").fill(String(attempts));
  await page.getByTestId("challenge-create").click();
  await page.waitForURL(/\/challenge\/[0-9A-Z]{8}$/);
  return page.url().split("/").pop()!;
}

/** A challenge made through the API by the signed-in request context. */
async function createByApi(request: APIRequestContext, baseURL: string, body: Record<string, unknown>): Promise<{ code: string; url: string; closesAt: string }> {
  const res = await request.post("/api/v1/challenges", { data: { quiz: QUIZ, ...body }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A guest's phone, watched for page errors like the test's own page. */
async function guestPhone(browser: Browser, baseURL: string, errors: string[], locale = "en-US"): Promise<{ context: BrowserContext; page: Page }> {
  const p = await phone(browser, baseURL, locale);
  await watchContext(p.context, errors);
  return p;
}

/** Types the nickname where the page asks for one (a guest who started before is "Playing as …"). */
async function nickname(page: Page, name: string) {
  const nick = page.getByLabel("Your nickname");
  if (await nick.isVisible()) await nick.fill(name);
}

/** Starts the challenge on its page under a nickname, answers the first question right and ends the attempt. */
async function playOnce(page: Page, name: string) {
  await nickname(page, name);
  await page.getByTestId("challenge-play").click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  await answer(page, keyFor(await page.locator("#prompt").innerText()), true, "mouse");
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.getByRole("button", { name: "End quiz" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
}

test("a member hands out a challenge; a guest's phone opens its QR code, plays it, meets the board and is refused a second start", async ({ page, browser, baseURL, consoleErrors }) => {
  test.setTimeout(120_000);
  const owner = await signUpByApi(page.request, baseURL!, newAccount("teacher"));
  const code = await createInForm(page, 1);

  // The owner's page: the link built from the public origin, its QR code, and nobody yet.
  const url = `${baseURL}/challenge/${code}`;
  await expect(page.getByTestId("challenge-url")).toHaveText(url);
  expect(await decodeQr(page.getByTestId("share-qr"))).toBe(url);
  await expect(page.getByTestId("challenge-state")).toHaveText("Open");
  await expect(page.getByTestId("challenge-attempts")).toContainText("Nobody has started yet.");

  const guest = await guestPhone(browser, baseURL!, consoleErrors);
  try {
    // A code typed as read aloud (lower case, a dash) reaches the page at its handed-out address.
    await guest.page.goto(`/challenge/${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`);
    await expect(guest.page).toHaveURL(url);
    await expect(guest.page.getByRole("heading", { level: 1 })).toHaveText("World Capitals");
    await expect(guest.page.getByText(`Set by ${owner.name}`)).toBeVisible();
    await expect(guest.page.getByTestId("challenge-attempts-used")).toHaveText("0 of 1");
    // No share panel, results or Close for a player.
    await expect(guest.page.getByTestId("challenge-share")).toHaveCount(0);
    await expect(guest.page.getByTestId("challenge-attempts")).toHaveCount(0);
    // A second tab, opened before playing: it still offers Start afterwards.
    const stale = await guest.context.newPage();
    await stale.goto(url);

    await playOnce(guest.page, "Phone Guest");
    await guest.page.getByTestId("back-to-challenge").click();
    await guest.page.waitForURL(url);
    const me = guest.page.getByTestId("leaderboard").locator("tr[aria-current=true]");
    await expect(me).toContainText("Phone Guest");
    await expect(me.locator("td").first()).toHaveText("1");
    await expect(guest.page.getByTestId("challenge-attempts-used")).toHaveText("1 of 1");
    await expect(guest.page.getByTestId("challenge-used-up")).toHaveText("You have played your attempt at this challenge.");
    await expect(guest.page.getByTestId("challenge-play")).toHaveCount(0);

    await nickname(stale, "Phone Guest");
    await stale.getByTestId("challenge-play").click();
    await expect(stale.getByTestId("challenge-refused")).toHaveText("You have used every attempt this challenge allows.");
    await expect(stale).toHaveURL(url);
  } finally {
    await guest.context.close();
  }

  // The owner sees the attempt, and downloads it.
  await page.reload();
  const row = page.getByTestId("challenge-attempt");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Phone Guest");
  await expect(row).toContainText("guest");
  await expect(row).toContainText("Finished");
  await expect(page.getByTestId("leaderboard")).toContainText("Phone Guest");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("challenge-csv").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^quizdeck-challenge-${code}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines[1]).toMatch(/^Phone Guest,guest,finished,\d+,1,13,\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\dT[\d:.]+Z,\d+$/);
  expect(lines).toHaveLength(3);

  // /me lists it with its one player.
  await page.goto("/me?tab=challenges");
  const listed = page.getByTestId("own-challenge").filter({ hasText: code });
  await expect(listed).toContainText("World Capitals");
  await expect(listed).toContainText("1 player");
  await expect(listed.getByTestId("own-challenge-state")).toHaveText("Open");
  await listed.getByRole("link", { name: /^Open: World Capitals/ }).click();
  await expect(page).toHaveURL(new RegExp(`/challenge/${code}$`));
});

test("Back from the play screen shows the attempt under way: Continue, not a second start", async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, newAccount("backer"));
  const c = await createByApi(page.request, baseURL!, { closesAt: new Date(Date.now() + 86_400_000).toISOString(), attemptsAllowed: 2 });
  await page.goto(c.url);
  await expect(page.getByTestId("challenge-attempts-used")).toHaveText("0 of 2");
  await page.getByTestId("challenge-play").click();
  await page.waitForURL(/\/play\/[0-9a-f-]{36}$/);
  const attempt = page.url();
  await answer(page, keyFor(await page.locator("#prompt").innerText()), true, "mouse");
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  // The browser's Back: Next may show this page from its cache, as it was before the start.
  await page.goBack();
  await expect(page).toHaveURL(c.url);
  await expect(page.getByTestId("continue-play")).toBeVisible();
  await expect(page.getByTestId("challenge-attempts-used")).toHaveText("1 of 2");
  await page.getByTestId("continue-play").click();
  await expect(page).toHaveURL(attempt);
});

test("the form fills in the browser's own times, and says what is wrong beside each field", async ({ page, baseURL }) => {
  skipOnPostgres("the form's checks run in the browser; the server's are the API test's");
  await signUpByApi(page.request, baseURL!, newAccount("former"));
  await page.goto(`/quiz/${QUIZ}/challenge`);
  const closes = page.getByLabel("Closes", { exact: true });
  await expect(closes).not.toHaveValue("");
  // A week from now, as the browser reads its datetime-local value.
  const weekAhead = await closes.evaluate((el: HTMLInputElement) => new Date(el.value).getTime() - Date.now());
  expect(Math.abs(weekAhead - 7 * 24 * 3600_000)).toBeLessThan(5 * 60_000);
  await expect(page.getByText(/^In your time zone \(.+\)\. At most a year from now\.$/)).toBeVisible();

  await closes.fill("2020-01-01T10:00");
  await page.getByLabel("Attempts per player").fill("11");
  await page.getByTestId("challenge-create").click();
  await expect(closes).toHaveAttribute("aria-invalid", "true");
  await expect(closes).toHaveAccessibleDescription("Pick a closing time in the future");
  await expect(page.getByLabel("Attempts per player")).toHaveAccessibleDescription("Allow 1 to 10 attempts");
  await expect(page).toHaveURL(new RegExp(`/quiz/${QUIZ}/challenge$`));
  expect((await axeViolations(page, "light")).map((v) => v.id)).toEqual([]);
});

test("a guest who presses Challenge signs in and comes back to the form", async ({ page, browser, baseURL }) => {
  skipOnPostgres("a redirect and a sign-in, nothing stored of the challenge's own");
  const account = await signUpElsewhere(browser, baseURL!, newAccount("back"));
  await page.goto(`/quiz/${QUIZ}`);
  await page.getByTestId("challenge").click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fquiz%2Fworld-capitals%2Fchallenge$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(new RegExp(`/quiz/${QUIZ}/challenge$`));
  await expect(page.getByRole("heading", { name: "New challenge" })).toBeVisible();
});

test("a closed challenge refuses a start: past its deadline, or closed by its owner, and says when", async ({ page, browser, baseURL, consoleErrors }) => {
  test.setTimeout(90_000);
  await signUpByApi(page.request, baseURL!, newAccount("closer"));
  // Two seconds to go: the guest's page is loaded while it is open, and pressed after.
  const soon = await createByApi(page.request, baseURL!, { closesAt: new Date(Date.now() + 2_500).toISOString(), attemptsAllowed: 3 });
  const weekly = await createByApi(page.request, baseURL!, { closesAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString() });
  const later = await createByApi(page.request, baseURL!, {
    opensAt: new Date(Date.now() + 3600_000).toISOString(),
    closesAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
  });

  const guest = await guestPhone(browser, baseURL!, consoleErrors);
  try {
    const g = guest.page;
    await g.goto(soon.url);
    await expect(g.getByTestId("challenge-state")).toHaveText("Open");
    await nickname(g, "Too Late");
    await g.waitForTimeout(Math.max(0, Date.parse(soon.closesAt) - Date.now() + 300));
    await g.getByTestId("challenge-play").click();
    await expect(g.getByTestId("challenge-refused")).toHaveText(/^This challenge closed on .+\.$/);
    await g.reload();
    await expect(g.getByTestId("challenge-state")).toHaveText("Closed");
    await expect(g.getByTestId("challenge-window-note")).toHaveText(/^This challenge closed on .+\.$/);
    await expect(g.getByTestId("challenge-play")).toHaveCount(0);

    // Closed by its owner while the guest's page still shows Start.
    await g.goto(weekly.url);
    await expect(g.getByTestId("challenge-play")).toBeVisible();
    await page.goto(`/challenge/${weekly.code}`);
    await page.getByTestId("close-challenge").click();
    await expect(page.getByRole("alertdialog")).toContainText("Close this challenge now?");
    await page.getByTestId("close-challenge-confirm").click();
    await expect(page.getByTestId("challenge-state")).toHaveText("Closed");
    await expect(page.getByTestId("close-challenge")).toHaveCount(0);
    await nickname(g, "Stale Tab");
    await g.getByTestId("challenge-play").click();
    await expect(g.getByTestId("challenge-refused")).toHaveText(/^This challenge closed on .+\.$/);

    // Not open yet: it says when it opens, and the API answers why.
    await g.goto(later.url);
    await expect(g.getByTestId("challenge-state")).toHaveText("Not open yet");
    await expect(g.getByTestId("challenge-window-note")).toHaveText(/^This challenge opens on .+\.$/);
    await expect(g.getByTestId("challenge-play")).toHaveCount(0);
    const early = await g.request.post(`/api/v1/challenges/${later.code}/attempts`, { data: { nickname: "Early" } });
    expect(early.status()).toBe(409);
    const body = await early.json();
    expect(body.error.code).toBe("challenge_closed");
    expect(body.error.window).toEqual({ state: "upcoming", at: expect.any(String) });
    expect(body.error.message).toContain("opens at");
  } finally {
    await guest.context.close();
  }
});

test("the challenge's page in Spanish, for a guest and for its owner, with no English left", async ({ page, browser, baseURL, consoleErrors }) => {
  skipOnPostgres("what the page says does not depend on the database");
  test.setTimeout(90_000);
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
  await signUpByApi(page.request, baseURL!, newAccount("profe"));
  const { code, url } = await createByApi(page.request, baseURL!, { quiz: "geografia-de-america-latina", closesAt: new Date(Date.now() + 24 * 3600_000).toISOString(), attemptsAllowed: 2 });

  // Accept-Language: es, as a Spanish phone sends it.
  const guest = await guestPhone(browser, baseURL!, consoleErrors, "es-ES");
  try {
    const g = guest.page;
    await g.goto(url);
    await expect(g.locator("html")).toHaveAttribute("lang", "es");
    await expect(g.getByTestId("challenge-state")).toHaveText("Abierto");
    await expect(g.getByTestId("challenge-attempts-used")).toHaveText("0 de 2");
    await expect(g.getByTestId("challenge-play")).toHaveText("Empezar");
    await expect(g.getByText("Nadie ha terminado este reto todavía.")).toBeVisible();
    expect(await englishOn(g)).toEqual([]);
    await g.getByTestId("challenge-play").click();
    await expect(g.getByLabel("Tu apodo")).toHaveAccessibleDescription("Elige un apodo.");
    expect(await englishOn(g)).toEqual([]);
  } finally {
    await guest.context.close();
  }

  await page.goto(`/challenge/${code}`);
  await expect(page.getByTestId("challenge-share")).toContainText("Repártelo");
  await expect(page.getByTestId("challenge-csv")).toHaveText("Descargar CSV");
  expect(await englishOn(page)).toEqual([]);
  await page.goto(`/quiz/geografia-de-america-latina`);
  await expect(page.getByTestId("challenge")).toHaveText("Reto");
  await page.getByTestId("challenge").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuevo reto");
  await page.getByLabel("Intentos por jugador").fill("0");
  await page.getByTestId("challenge-create").click();
  await expect(page.getByLabel("Intentos por jugador")).toHaveAccessibleDescription("Permite de 1 a 10 intentos.");
  expect(await englishOn(page)).toEqual([]);
  await page.goto("/me?tab=challenges");
  await expect(page.getByTestId("own-challenge")).toContainText("0 jugadores");
  expect(await englishOn(page)).toEqual([]);
});

test("the challenge's pages pass axe in the light and the dark theme, for a guest and for its owner", async ({ page, browser, baseURL, consoleErrors }) => {
  skipOnPostgres("accessibility does not depend on the database");
  test.setTimeout(90_000);
  await signUpByApi(page.request, baseURL!, newAccount("axe"));
  const { code } = await createByApi(page.request, baseURL!, { closesAt: new Date(Date.now() + 24 * 3600_000).toISOString() });
  const guest = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  await watchContext(guest, consoleErrors);
  try {
    const g = await guest.newPage();
    const found: string[] = [];
    for (const [who, p, path] of [
      ["owner", page, `/challenge/${code}`],
      ["owner", page, "/me?tab=challenges"],
      ["owner", page, `/quiz/${QUIZ}/challenge`],
      ["guest", g, `/challenge/${code}`],
    ] as const) {
      await p.goto(path);
      await p.waitForLoadState("networkidle");
      for (const scheme of ["light", "dark"] as const) {
        await p.emulateMedia({ colorScheme: scheme });
        for (const v of await axeViolations(p, scheme)) found.push(`${who} ${path} (${scheme}): ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
    }
    expect(found).toEqual([]);
  } finally {
    await guest.close();
  }
});

test("the challenges API: create, read, start and results, with its errors", async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const api = (headers: Record<string, string> = {}) => playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: headers });
  const anonymous = await api();
  const closesAt = new Date(Date.now() + 24 * 3600_000).toISOString();
  try {
    // A guest may not create one.
    const unsigned = await anonymous.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt } });
    expect(unsigned.status()).toBe(401);
    expect((await unsigned.json()).error.code).toBe("unauthorized");

    // A personal API token works: made on /me by the member.
    await signUpByApi(page.request, baseURL!, newAccount("script"));
    await page.goto("/me?tab=tokens");
    await page.getByLabel("Token name").fill("Challenges");
    await page.getByTestId("create-token").click();
    const token = await page.getByTestId("new-token-value").innerText();
    const owner = await api({ authorization: `Bearer ${token}` });
    try {
      const bad = await owner.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt: "2020-01-01T00:00:00Z", opensAt: "soon", attemptsAllowed: 11 } });
      expect(bad.status()).toBe(422);
      const badBody = await bad.json();
      expect(badBody.error.code).toBe("validation_failed");
      expect(badBody.error.fieldCodes).toEqual({
        closesAt: ["challenge_closes_past"],
        opensAt: ["challenge_date_invalid"],
        attemptsAllowed: ["challenge_attempts_range"],
      });
      const tooFar = await owner.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt: new Date(Date.now() + 400 * 24 * 3600_000).toISOString() } });
      expect(tooFar.status()).toBe(422);
      expect((await tooFar.json()).error.fieldCodes).toEqual({ closesAt: ["challenge_closes_too_far"] });
      const missing = await owner.post("/api/v1/challenges", { data: { quiz: "no-such-quiz", closesAt } });
      expect(missing.status()).toBe(404);
      expect((await missing.json()).error.code).toBe("not_found");
      const notJson = await owner.post("/api/v1/challenges", { headers: { "content-type": "text/plain" }, data: "quiz=world-capitals" });
      expect(notJson.status()).toBe(422);

      const created = await owner.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt } });
      expect(created.status()).toBe(201);
      const challenge = await created.json();
      expect(challenge).toMatchObject({ quiz: { slug: QUIZ, title: "World Capitals" }, attemptsAllowed: 1, closesAt });
      expect(challenge.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(challenge.url).toBe(`${baseURL}/challenge/${challenge.code}`);

      // Read: by anyone with the code, typed any way.
      const typed = `${challenge.code.slice(0, 4).toLowerCase()}-${challenge.code.slice(4)}`;
      const read = await anonymous.get(`/api/v1/challenges/${typed}`);
      expect(read.status()).toBe(200);
      expect(await read.json()).toMatchObject({
        code: challenge.code,
        state: "open",
        attemptsUsed: 0,
        attemptsLeft: 1,
        canManage: false,
        openAttempt: null,
        leaderboard: { top: [], viewer: null, players: 0 },
      });
      for (const path of ["/api/v1/challenges/ZZZZZZZZ", "/api/v1/challenges/not-a-code", "/api/v1/challenges/ZZZZZZZZ/results"]) {
        const res = await owner.get(path);
        expect(res.status(), path).toBe(404);
        expect((await res.json()).error.code).toBe("not_found");
      }

      // Start: answers like a solo start; then the ordinary attempt endpoints play it.
      expect((await anonymous.post(`/api/v1/challenges/${challenge.code}/attempts`, { data: { nickname: "" } })).status()).toBe(422);
      const started = await anonymous.post(`/api/v1/challenges/${challenge.code}/attempts`, { data: { nickname: "Script Guest" } });
      expect(started.status()).toBe(201);
      const { attemptId, question, deadline, total } = await started.json();
      expect(question.position).toBe(0);
      expect(typeof deadline).toBe("string");
      expect(total).toBe(13);
      expect((await anonymous.post(`/api/v1/attempts/${attemptId}/finish`)).status()).toBe(200);
      const again = await anonymous.post(`/api/v1/challenges/${challenge.code}/attempts`, { data: { nickname: "Script Guest" } });
      expect(again.status()).toBe(409);
      expect((await again.json()).error.code).toBe("no_attempts_left");
      const after = await (await anonymous.get(`/api/v1/challenges/${challenge.code}`)).json();
      expect(after).toMatchObject({ attemptsUsed: 1, attemptsLeft: 0, leaderboard: { players: 1, viewer: { nickname: "Script Guest", isViewer: true } } });
      expect((await owner.post(`/api/v1/challenges/ZZZZZZZZ/attempts`, { data: { nickname: "X" } })).status()).toBe(404);

      // Results: the owner only.
      expect((await anonymous.get(`/api/v1/challenges/${challenge.code}/results`)).status()).toBe(401);
      const other = await api();
      try {
        await signUpByApi(other, baseURL!, newAccount("other"));
        const forbidden = await other.get(`/api/v1/challenges/${challenge.code}/results`);
        expect(forbidden.status()).toBe(403);
        expect((await forbidden.json()).error.code).toBe("forbidden");
      } finally {
        await other.dispose();
      }
      const results = await owner.get(`/api/v1/challenges/${challenge.code}/results`);
      expect(results.status()).toBe(200);
      expect(await results.json()).toMatchObject({
        code: challenge.code,
        state: "open",
        attempts: [{ attemptId, nickname: "Script Guest", handle: null, status: "finished", questionCount: 13 }],
      });
      const csv = await owner.get(`/api/v1/challenges/${challenge.code}/results?format=csv`);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect((await csv.text()).split("\r\n")[0]).toBe(CSV_HEADER);
      expect((await owner.get(`/api/v1/challenges/${challenge.code}/results?format=xml`)).status()).toBe(422);
    } finally {
      await owner.dispose();
    }

    // At most 30 a minute per member, answered 429 with Retry-After.
    const busy = await api();
    try {
      await signUpByApi(busy, baseURL!, newAccount("busy"));
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await busy.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt }, headers: { origin: baseURL! } })).status());
      expect(statuses).toEqual(Array(30).fill(201));
      const limited = await busy.post("/api/v1/challenges", { data: { quiz: QUIZ, closesAt }, headers: { origin: baseURL! } });
      expect(limited.status()).toBe(429);
      expect((await limited.json()).error.code).toBe("rate_limited");
      expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    } finally {
      await busy.dispose();
    }
  } finally {
    await anonymous.dispose();
  }
});
