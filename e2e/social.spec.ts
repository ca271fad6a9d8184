import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { newAccount, signInAdmin, signUpByApi, signUp } from "./accounts";
import { answer, keyFor } from "./answer-key";
import { expect, test, sidewaysOverflow } from "./fixtures";
import { seriousViolations } from "./axe";

/**
 * Favorites, ratings, reports, moderation, /me, API tokens and profiles (PRODUCT.md §2, §6).
 *
 * The moderation test hides a quiz of its own (imported through the API and published in the
 * editor), never a demo quiz that other specs play at the same time.
 */
const PLAYED = "human-body-101";

/** A member imports a small quiz and publishes it in the editor; returns its slug and title. */
async function publishOwnQuiz(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    await signUpByApi(context.request, baseURL, newAccount("author"));
    const title = `Moderation ${randomBytes(4).toString("hex")}`;
    const content = JSON.stringify({
      title,
      description: "A quiz made for the moderation test.",
      category: "general",
      questions: [
        { type: "boolean", prompt: "The sky is blue on a clear day.", correct: true },
        { type: "single", prompt: "Which is a primary colour?", options: ["Red", "Green-blue", "Beige"], correct: 0 },
      ],
    });
    const imported = await context.request.post("/api/v1/imports", { data: { format: "json", content } });
    expect(imported.status(), await imported.text()).toBe(201);
    const draft = ((await imported.json()) as { quiz: { slug: string } }).quiz.slug;
    const page = await context.newPage();
    await page.goto(`/quiz/${draft}/edit`);
    await page.getByTestId("publish").click();
    await expect(page.getByTestId("quiz-status")).toHaveText("Published");
    // Publishing may rename the quiz after its title: ask the library for the slug it has now.
    let slug = "";
    await expect
      .poll(async () => {
        const found = (await (await context.request.get(`/api/v1/quizzes?q=${encodeURIComponent(title)}`)).json()) as { items: { slug: string; title: string }[] };
        slug = found.items.find((i) => i.title === title)?.slug ?? "";
        return slug;
      })
      .not.toBe("");
    return { slug, title };
  } finally {
    await context.close();
  }
}

async function seriousA11y(page: Page, label: string) {
  expect(await seriousViolations(page, label)).toEqual([]);
}

async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport ?? null });
  await signInAdmin(context.request, baseURL);
  return { context, page: await context.newPage() };
}

/** Puts back a quiz this test hid, if the test stopped before restoring it. */
async function restoreIfHidden(guest: APIRequestContext, admin: Page, slug: string, title: string) {
  if ((await guest.get(`/api/v1/quizzes/${slug}`)).status() === 200) return;
  await admin.goto("/admin#hidden");
  await admin.getByTestId("hidden-quiz").filter({ hasText: title }).getByTestId("restore-quiz").click({ timeout: 15_000 });
  await expect.poll(async () => (await guest.get(`/api/v1/quizzes/${slug}`)).status()).toBe(200);
}

test("a member favorites, rates and reports a quiz; an admin hides it from everyone and restores it", async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const { slug, title } = await publishOwnQuiz(browser, baseURL!);
  const guest = await playwright.request.newContext({ baseURL: baseURL! });
  const admin = await adminPage(browser, baseURL!);
  let hidden = false;
  try {
    const member = await signUp(page);
    await page.goto(`/quiz/${slug}`);
    const bar = page.getByTestId("social-bar");

    // Favorite: a toggle that survives a reload.
    const star = bar.getByRole("button", { name: "Favorite" });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await star.click();
    await expect(bar.getByTestId("social-status")).toHaveText("Added to your favorites.");
    await page.reload();
    await expect(star).toHaveAttribute("aria-pressed", "true");

    // Rating: choose 4, then change to 2; the page's rating follows.
    const stars = bar.getByRole("radiogroup", { name: "Your rating" });
    await stars.getByRole("radio", { name: "4 stars" }).click();
    await expect(bar.getByTestId("social-status")).toHaveText("You rated it 4 of 5.");
    await expect(page.getByText("4.0 (1)")).toBeVisible();
    await stars.getByRole("radio", { name: "2 stars" }).click();
    await expect(bar.getByTestId("social-status")).toHaveText("You rated it 2 of 5.");
    await expect(page.getByText("2.0 (1)")).toBeVisible();
    await page.reload();
    await expect(stars.getByRole("radio", { name: "2 stars" })).toHaveAttribute("aria-checked", "true");
    expect((await (await page.request.get(`/api/v1/quizzes/${slug}`)).json()).rating).toEqual({ average: 2, count: 1 });

    // Report: a reason is required; details are optional.
    await bar.getByTestId("report").click();
    const dialog = page.getByRole("dialog", { name: "Report this quiz" });
    await expect(dialog).toBeVisible();
    await seriousA11y(page, "report dialog");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByRole("group", { name: "Reason" })).toHaveAccessibleDescription("Choose a reason.");
    await dialog.getByLabel("Spam or advertising").check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByTestId("social-status")).toHaveText("Thanks. An admin will look at your report.");
    await expect(bar.getByTestId("report")).toHaveText("Reported");
    // A second report of the same quiz updates the open one.
    await bar.getByTestId("report").click();
    await expect(dialog).toContainText("You reported this quiz");
    await dialog.getByLabel("Wrong answers").check();
    const details = `Question 2 has two right answers (${member.handle})`;
    await dialog.getByLabel("Details (optional)").fill(details);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog).toBeHidden();
    await expect(bar.getByTestId("social-status")).toHaveText("Your report is updated.");

    // The favorite shows on /me.
    await page.goto("/me?tab=favorites");
    await expect(page.getByTestId("favorites").getByRole("link", { name: title, exact: true })).toBeVisible();

    // The admin sees the report and hides the quiz.
    await admin.page.goto("/admin");
    const report = admin.page.getByTestId("report-item").filter({ hasText: details });
    await expect(report).toContainText(title);
    await expect(report).toContainText("Wrong answers");
    await expect(admin.page.getByTestId("report-item").filter({ hasText: title })).toHaveCount(1);
    await expect(report).toContainText(`@${member.handle}`);
    await expect(report.getByRole("link", { name: title })).toHaveAttribute("href", `/quiz/${slug}`);
    hidden = true;
    await report.getByTestId("hide-quiz").click();
    await expect(report).toHaveCount(0);
    await expect(admin.page.getByTestId("hidden-quiz").filter({ hasText: title })).toBeVisible();

    // Gone for a guest and for the member: explore, search, the API list and read.
    for (const request of [guest, page.request]) {
      const list = await (await request.get("/api/v1/quizzes?limit=100")).json();
      expect(list.items.map((i: { slug: string }) => i.slug)).not.toContain(slug);
      const search = await (await request.get(`/api/v1/quizzes?q=${encodeURIComponent(title)}`)).json();
      expect(search.items.map((i: { slug: string }) => i.slug)).not.toContain(slug);
      const read = await request.get(`/api/v1/quizzes/${slug}`);
      expect(read.status()).toBe(404);
      expect((await read.json()).error.code).toBe("not_found");
    }
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    await expect(page.getByTestId("explore-results").getByRole("link", { name: title })).toHaveCount(0);
    await page.goto("/explore?sort=rating&limit=100");
    await expect(page.getByTestId("explore-results").getByRole("link", { name: title })).toHaveCount(0);
    const gone = await page.goto(`/quiz/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();
    // Hiding answered the report: the member could report again (none is open).
    await admin.page.goto("/admin");
    await expect(admin.page.getByTestId("report-item").filter({ hasText: details })).toHaveCount(0);

    // The admin restores it; it is back for everyone.
    await admin.page.getByTestId("hidden-quiz").filter({ hasText: title }).getByTestId("restore-quiz").click();
    await expect(admin.page.getByTestId("hidden-quiz").filter({ hasText: title })).toHaveCount(0);
    expect((await guest.get(`/api/v1/quizzes/${slug}`)).status()).toBe(200);
    await page.goto(`/explore?q=${encodeURIComponent(title)}`);
    await expect(page.getByTestId("explore-results").getByRole("link", { name: title })).toBeVisible();
  } finally {
    if (hidden) await restoreIfHidden(guest, admin.page, slug, title);
    await admin.context.close();
    await guest.dispose();
  }
});

test("/me keeps the history of a play, and a personal API token works until it is revoked", async ({ page, playwright, baseURL, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const member = await signUp(page);

  // Play one question right, then end the quiz.
  await page.goto(`/quiz/${PLAYED}`);
  const nickname = page.getByLabel("Your nickname");
  if (await nickname.isVisible()) await nickname.fill("Historian");
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\//);
  await answer(page, keyFor(await page.locator("#prompt").innerText()), true, "mouse");
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  const score = Number((await page.getByTestId("score").innerText()).replace(/\D/g, ""));
  expect(score).toBeGreaterThan(0);
  await page.getByRole("button", { name: "End quiz" }).click();
  await expect(page).toHaveURL(/\/results\//);
  const resultsUrl = new URL(page.url()).pathname;

  await page.goto("/me");
  const entry = page.getByTestId("history-entry").first();
  await expect(entry).toContainText("Human Body 101");
  await expect(entry).toContainText(`${score.toLocaleString("en-US")} pts`);
  await expect(entry).toContainText("100%");
  await expect(entry.getByRole("link", { name: "Results" })).toHaveAttribute("href", resultsUrl);
  await seriousA11y(page, "/me history");

  // The public profile counts it.
  await page.goto(`/u/${member.handle}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(member.name);
  await expect(page.getByText(`@${member.handle}`)).toBeVisible();
  await expect(page.getByTestId("stat-plays")).toContainText("1");
  await expect(page.getByTestId("stat-accuracy")).toContainText("100%");
  await expect(page.getByTestId("stat-streak")).toContainText("1");
  await expect(page.getByTestId("stat-quizzes")).toContainText("0");
  await seriousA11y(page, "/u/[handle]");

  // A token, shown once, copied, and used by a script.
  await page.goto("/me?tab=tokens");
  await page.getByLabel("Token name").fill("Grading script");
  await page.getByTestId("create-token").click();
  const value = page.getByTestId("new-token-value");
  await expect(value).toHaveText(/^qd_[A-Za-z0-9_-]{43}$/);
  const token = await value.innerText();
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = page.getByTestId("token").filter({ hasText: "Grading script" });
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).toContainText("Never used");
  await expect(row).not.toContainText(token.slice(11));

  const script = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    expect((await script.get("/api/v1/quizzes?limit=1")).status()).toBe(200);
    // The token acts as the member: an attempt started with it is theirs.
    const started = await script.post(`/api/v1/quizzes/${PLAYED}/attempts`, { data: { nickname: "Script" } });
    expect(started.status()).toBe(201);
    await page.goto("/me");
    await expect(page.getByTestId("history-entry")).toHaveCount(2);
    await expect(page.getByTestId("history-entry").first()).toContainText("In progress");

    await page.goto("/me?tab=tokens");
    await expect(row).toContainText("Last used");
    await seriousA11y(page, "/me tokens");
    await row.getByRole("button", { name: "Revoke: Grading script" }).click();
    await row.getByTestId("revoke-confirm").click();
    await expect(page.getByTestId("token").filter({ hasText: "Grading script" })).toHaveCount(0);

    const refused = await script.get("/api/v1/quizzes?limit=1");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthorized");
  } finally {
    await script.dispose();
  }
});

test("/me settings save the display name and the interface language", async ({ page, context }) => {
  await signUp(page);
  await page.goto("/me?tab=settings");
  // A new address is not confirmed; this server sends no mail, so the page says who has the link.
  await expect(page.getByTestId("email-status")).toHaveText("not confirmed yet");
  await expect(page.getByText("This server does not send email: ask your administrator for the confirmation link in the server's log.")).toBeVisible();
  await page.getByLabel("Display name").fill("Renamed Player");
  await page.locator("#me-panel").getByLabel("Language", { exact: true }).selectOption("es");
  await page.getByTestId("save-settings").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renamed Player");
  await expect(page.getByRole("heading", { name: "Ajustes" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("es");
  await page.reload();
  await expect(page.getByLabel("Nombre visible")).toHaveValue("Renamed Player");
  await expect(page.locator("#me-panel").getByLabel("Idioma", { exact: true })).toHaveValue("es");
});

test("every /me section opens; own quizzes list is empty for a new member", async ({ page }) => {
  await signUp(page);
  await page.goto("/me");
  for (const [tab, heading] of [
    ["favorites", "Your favorites"],
    ["quizzes", "Your quizzes"],
    ["challenges", "Your challenges"],
    ["tokens", "Personal API tokens"],
    ["settings", "Settings"],
    ["history", "Your plays"],
  ] as const) {
    await page.getByTestId(`me-tab-${tab}`).click();
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByTestId(`me-tab-${tab}`)).toHaveAttribute("aria-current", "page");
  }
  await page.goto("/me?tab=quizzes");
  await expect(page.getByText("You have not written a quiz yet.")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test("who may see what: guests get 401 on /me and /admin, members 403 on /admin, unknown profiles 404", async ({ page, baseURL }) => {
  for (const path of ["/me", "/admin"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(401);
    await expect(page.getByRole("heading", { name: "Sign in needed" })).toBeVisible();
  }
  const missing = await page.goto("/u/no-such-member");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();

  // A guest sees the controls; using one asks them to sign in and come back.
  await page.goto("/quiz/solar-system-basics");
  const bar = page.getByTestId("social-bar");
  await bar.getByRole("radio", { name: "5 stars" }).click();
  const prompt = bar.getByTestId("sign-in-prompt");
  await expect(prompt).toContainText("Sign in to favorite, rate or report quizzes.");
  await expect(prompt.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in?next=%2Fquiz%2Fsolar-system-basics");
  await expect(bar.getByRole("radio", { name: "5 stars" })).toHaveAttribute("aria-checked", "false");
  await seriousA11y(page, "quiz page (guest)");

  // (Read with the page's request: Chromium logs a 403 page load as a console error.)
  await signUpByApi(page.request, baseURL!);
  const res = await page.request.get("/admin");
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain("Not allowed");
});

test("an admin finds a member and changes their role both ways", async ({ page, browser, baseURL }) => {
  const member = await signUpByApi(page.request, baseURL!);
  const admin = await adminPage(browser, baseURL!);
  try {
    await admin.page.goto("/admin");
    await seriousA11y(admin.page, "/admin");
    await admin.page.getByLabel("Search by handle, name or email").fill(member.email);
    await admin.page.getByRole("button", { name: "Search" }).click();
    const row = admin.page.getByTestId("user-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`@${member.handle}`);
    await expect(row.getByTestId("user-role")).toHaveText("Member");
    await row.getByRole("button", { name: "Make admin" }).click();
    await expect(row.getByTestId("user-role")).toHaveText("Admin");
    expect((await page.request.get("/admin")).status()).toBe(200);
    await row.getByRole("button", { name: "Make member" }).click();
    await expect(row.getByTestId("user-role")).toHaveText("Member");
    expect((await page.request.get("/admin")).status()).toBe(403);
  } finally {
    await admin.context.close();
  }
});
