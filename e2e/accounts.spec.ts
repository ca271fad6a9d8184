import { newAccount, signUpElsewhere, signUpInBrowser } from "./accounts";
import { expect, test, PHONE } from "./fixtures";

/** Accounts through the pages a person uses: sign up, out and in, and what a guest brings along. */

test("sign up, sign out and sign in again; a wrong password and a taken handle say so", PHONE, async ({ page, browser }) => {
  const account = await signUpInBrowser(page);
  await page.getByTestId("user-menu").click();
  await expect(page.getByRole("banner").getByText(`@${account.handle}`)).toBeVisible();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByTestId("user-menu").click();
  await expect(page.getByText("You are browsing as a guest")).toBeVisible();

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByTestId("auth-submit").click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toHaveText("That email and password do not match an account.");
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(/\/me$/);

  // The session is an httpOnly cookie: page scripts cannot read it.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith("session_token"));
  expect(session?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");

  // Someone else cannot take the same handle; a bad handle is explained at its field.
  const other = await browser.newContext();
  try {
    const p = await other.newPage();
    await p.goto("/sign-up");
    const again = newAccount("again");
    await p.getByLabel("Email").fill(again.email);
    await p.getByLabel("Handle").fill(account.handle);
    await p.getByLabel("Display name").fill(again.name);
    await p.getByLabel("Password").fill(again.password);
    await p.getByTestId("auth-submit").click();
    // Each message sits at its field and is its accessible description.
    await expect(p.getByLabel("Handle")).toHaveAccessibleDescription("That handle is taken; pick another one.");
    await p.getByLabel("Handle").fill("No Spaces!");
    await p.getByTestId("auth-submit").click();
    await expect(p.getByLabel("Handle")).toHaveAccessibleDescription("Use 3–30 characters: a–z, 0–9, _ or -.");
    await p.getByLabel("Handle").fill(again.handle);
    await p.getByLabel("Password").fill("short");
    await p.getByTestId("auth-submit").click();
    await expect(p.getByLabel("Password")).toHaveAccessibleDescription("Use at least 10 characters.");
    // Long enough, but among the most common passwords: the server refuses it, at the field.
    await p.getByLabel("Password").fill("qwertyuiop");
    await p.getByTestId("auth-submit").click();
    await expect(p.getByLabel("Password")).toHaveAccessibleDescription(
      "This password is one of the 10,000 most common ones. Choose one that is harder to guess.",
    );
    await expect(p).toHaveURL(/\/sign-up$/);
  } finally {
    await other.close();
  }
});

test("a guest's attempts and nickname move to the account made from that browser", async ({ page, browser }) => {
  await page.goto("/quiz/world-capitals");
  const start = await page.request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "Guesty" } });
  expect(start.status()).toBe(201);
  const { attemptId } = (await start.json()) as { attemptId: string };
  expect((await page.request.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(200);

  // The guest's nickname is offered as the display name.
  await page.goto("/sign-up");
  await expect(page.getByLabel("Display name")).toHaveValue("Guesty");
  const account = newAccount("moved");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Handle").fill(account.handle);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(/\/me$/);

  // Signed in, the attempt is the account's: readable here, and from another device after signing in.
  expect((await page.request.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(200);
  const elsewhere = await browser.newContext();
  try {
    const p = await elsewhere.newPage();
    expect((await p.request.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(403);
    await p.goto("/sign-in");
    await p.getByLabel("Email").fill(account.email);
    await p.getByLabel("Password").fill(account.password);
    await p.getByTestId("auth-submit").click();
    await expect(p).toHaveURL(/\/me$/);
    expect((await p.request.get(`/api/v1/attempts/${attemptId}`)).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
});

test("the 401 screen's Sign in brings the person back to the page that asked", async ({ page, browser, baseURL }) => {
  const account = await signUpElsewhere(browser, baseURL!, newAccount("back"));
  const response = await page.goto("/me?tab=tokens");
  expect(response?.status()).toBe(401);
  await page.getByTestId("sign-in-link").click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fme%3Ftab%3Dtokens$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(/\/me\?tab=tokens$/);
});

test("a member whose display name is longer than a nickname plays under a shortened one", async ({ page }) => {
  // 30 characters: sign-up takes up to 50, a nickname up to 20.
  const account = await signUpInBrowser(page, { ...newAccount("long"), name: "Maria Fernanda Rodríguez López" });
  await page.goto("/quiz/world-capitals");
  await expect(page.getByText("Playing as Maria Fernanda.")).toBeVisible();
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.locator("#prompt")).toBeVisible();

  // Typing a nickname is held to the same limit the help text states.
  await page.goto("/quiz/world-capitals");
  await page.getByRole("button", { name: "Change" }).click();
  const box = page.getByLabel("Your nickname");
  await expect(box).toHaveAttribute("maxlength", "20");
  await expect(page.getByText("Shown on the leaderboard; up to 20 characters.")).toBeVisible();
  await box.fill("");
  await box.pressSequentially("x".repeat(25));
  await expect(box).toHaveValue("x".repeat(20));
  expect(account.name).toHaveLength(30);
});
