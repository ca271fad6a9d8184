import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { newAccount, signUpInBrowser, type Account, signUp } from "./accounts";
import { expect, test, watchContext } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Second factors and sessions through the /me security tab and the sign-in page: TOTP codes made
 * here with otpauth, and passkeys with Chromium's virtual authenticator (CDP WebAuthn domain).
 * Browsers refuse passkeys on an IP address, and the shared servers are reached as 127.0.0.1, so
 * the passkey test runs on a server of its own (port portBase+47) reached as localhost, with no
 * QUIZDECK_PUBLIC_URL: its relying party comes from the public-origin rule (an allowed Host).
 */

// Long flows on a shared, loaded machine: each test has minutes, each step the usual expect timeout or more.
test.describe.configure({ timeout: 180_000 });
const SLOW = { timeout: 30_000 };

const signOut = async (page: Page) => {
  await page.getByTestId("user-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/$/, SLOW);
};

async function signInWithPassword(page: Page, account: Account) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
}

/** A code the app would not show now (for the refusal). */
const wrongCode = (totp: TOTP) => (totp.generate() === "000000" ? "111111" : "000000");

/**
 * TOTP time steps (30 s). The server accepts the step of "now" and one either side, so a test need
 * not wait for a fresh code: the next step's code is accepted already.
 */
const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (totp: TOTP, step: number) => totp.generate({ timestamp: step * 30_000 });
/** A step the server accepts now whose code was not used yet (the next one first). */
const unusedStep = (used: readonly number[]) => {
  const now = stepNow();
  return [now + 1, now, now - 1].find((s) => !used.includes(s))!;
};

async function submitCode(page: Page, code: string) {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/two-factor/verify-totp"));
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByTestId("two-factor-submit").click();
  return answer;
}

/** A reused code is refused like a wrong one: 401 invalid_code, and the page says it may have been used. */
async function expectCodeRefused(page: Page, code: string) {
  const answer = await submitCode(page, code);
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toMatchObject({ error: { code: "invalid_code" } });
  await expect(page.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(/That code is not right, or it was already used/);
}

test("two-factor: turned on with a QR code and a first code; sign-in asks for a code, refuses a used one, takes a backup code once", async ({ page }) => {
  const account = await signUp(page, newAccount("tfa"));
  await page.goto("/me?tab=security");
  // On 127.0.0.1 the page says why passkeys cannot be added here.
  await expect(page.getByTestId("passkeys-unavailable")).toContainText("not by an IP address");

  const card = page.getByTestId("two-factor-card");
  await card.getByLabel("Password").fill("not-my-password");
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByRole("alert")).toHaveText("That is not your password.");
  await card.getByLabel("Password").fill(account.password);
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByRole("img", { name: "QR code to add Quizdeck to an authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("two-factor-secret").textContent())!.trim();
  const backupCodes = await card.getByTestId("backup-code").allTextContents();
  expect(backupCodes).toHaveLength(10);
  const totp = new TOTP({ issuer: "Quizdeck", secret: Secret.fromBase32(secret), digits: 6, period: 30 });

  await card.getByLabel("Code from the app").fill(wrongCode(totp));
  await card.getByTestId("two-factor-verify").click();
  // Turning it on takes the app's code only: the message does not offer a backup code.
  await expect(card.getByRole("alert")).toHaveText("That code is not right. Enter the current 6-digit code from your app; a new one shows every 30 seconds.");
  const enablingStep = stepNow();
  await card.getByLabel("Code from the app").fill(codeAt(totp, enablingStep));
  await card.getByTestId("two-factor-verify").click();
  await expect(card.getByTestId("two-factor-on")).toBeVisible();
  await expect(card.getByTestId("backup-codes")).toHaveCount(0);

  // Sign-in: the password, then a code. A wrong one is refused with the catalogue's code.
  await signOut(page);
  await signInWithPassword(page, account);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/auth/two-factor/verify-totp"));
  await page.getByLabel("Code", { exact: true }).fill(wrongCode(totp));
  await page.getByTestId("two-factor-submit").click();
  const answer = await refused;
  expect(answer.status()).toBe(401);
  expect(await answer.json()).toMatchObject({ error: { code: "invalid_code" } });
  await expect(page.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(/That code is not right, or it was already used/);
  // The code that turned two-factor on was used: refused, though its window may still be open.
  await expectCodeRefused(page, codeAt(totp, enablingStep));
  // The next step's code is accepted now (one step either side of the server's).
  const signInStep = unusedStep([enablingStep]);
  expect((await submitCode(page, codeAt(totp, signInStep))).status()).toBe(200);
  await expect(page).toHaveURL(/\/me$/, SLOW);

  // Signed out and in again within the window, the same code is refused; a fresh one works.
  await signOut(page);
  await signInWithPassword(page, account);
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expectCodeRefused(page, codeAt(totp, signInStep));
  expect((await submitCode(page, codeAt(totp, unusedStep([enablingStep, signInStep])))).status()).toBe(200);
  await expect(page).toHaveURL(/\/me$/, SLOW);

  // A backup code works once.
  await signOut(page);
  await signInWithPassword(page, account);
  await page.getByLabel("Code", { exact: true }).fill(backupCodes[0]!);
  await page.getByTestId("two-factor-submit").click();
  await expect(page).toHaveURL(/\/me$/, SLOW);
  await signOut(page);
  await signInWithPassword(page, account);
  await page.getByLabel("Code", { exact: true }).fill(backupCodes[0]!);
  await page.getByTestId("two-factor-submit").click();
  await expect(page.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(/already used/);
  await page.getByLabel("Code", { exact: true }).fill(backupCodes[1]!);
  await page.getByTestId("two-factor-submit").click();
  await expect(page).toHaveURL(/\/me$/, SLOW);

  // Turning it off asks for the password; then sign-in needs the password alone.
  await page.goto("/me?tab=security");
  await card.getByLabel("Password").fill(account.password);
  await card.getByTestId("two-factor-disable").click();
  await expect(card.getByTestId("two-factor-start")).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, account);
  await expect(page).toHaveURL(/\/me$/, SLOW);
});

test("sessions: each device listed; one signed out, then all the others, and their next request is signed out", async ({ page, browser, baseURL }) => {
  const account = await signUpInBrowser(page, newAccount("sess"));
  const others = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const pages = await Promise.all(others.map((c) => c.newPage()));
    for (const p of pages) {
      await signInWithPassword(p, account);
      await expect(p).toHaveURL(/\/me$/, SLOW);
    }
    await page.goto("/me?tab=security");
    const sessions = page.getByTestId("session");
    await expect(sessions).toHaveCount(3);
    await expect(sessions.first().getByTestId("this-device")).toBeVisible();
    await expect(page.getByTestId("this-device")).toHaveCount(1);
    // The desktop project's browser is Chromium on Linux (src/core/second-factor.test.ts names the others).
    await expect(sessions.first().getByTestId("session-device")).toHaveText("Chrome on Linux");

    await sessions.nth(1).getByTestId("session-revoke").click();
    await expect(sessions).toHaveCount(2);
    // Exactly one of the two other browsers is signed out.
    const signedIn = async () => Promise.all(others.map(async (c) => (await (await c.request.get("/api/auth/get-session")).json()) !== null));
    expect((await signedIn()).sort()).toEqual([false, true]);

    await page.getByTestId("sessions-revoke-others").click();
    await expect(sessions).toHaveCount(1);
    expect(await signedIn()).toEqual([false, false]);
    const res = await pages[0]!.goto("/me");
    expect(res?.status()).toBe(401);
    // This device stays signed in.
    await page.reload();
    await expect(page.getByTestId("this-device")).toBeVisible();
  } finally {
    await Promise.all(others.map((c) => c.close()));
  }
});

test("a signed-out visitor reaches none of the second-factor or session endpoints", async ({ request, baseURL }) => {
  const headers = { origin: baseURL! };
  for (const [method, url, data] of [
    ["post", "/api/auth/two-factor/enable", { password: "whatever-password" }],
    ["post", "/api/auth/two-factor/disable", { password: "whatever-password" }],
    ["post", "/api/auth/passkey/delete-passkey", { id: "any" }],
    ["post", "/api/auth/passkey/update-passkey", { id: "any", name: "Mine" }],
    ["post", "/api/auth/revoke-other-sessions", {}],
    ["post", "/api/auth/revoke-session", { token: "any" }],
    ["get", "/api/auth/passkey/list-user-passkeys", undefined],
    ["get", "/api/auth/list-sessions", undefined],
  ] as const) {
    const res = method === "get" ? await request.get(url, { headers }) : await request.post(url, { data, headers });
    expect(res.status(), `${method} ${url}`).toBe(401);
  }
  // The second step without the password's step first: a catalogued refusal, not a 500.
  const step = await request.post("/api/auth/two-factor/verify-totp", { data: { code: "123456" }, headers });
  expect(step.status()).toBe(401);
  expect(await step.json()).toMatchObject({ error: { code: "two_factor_expired" } });
});

test.describe("passkeys, on a server reached as localhost", () => {
  test.describe.configure({ mode: "serial" });
  const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
  const PORT = portBase + 47;
  const BASE = `http://localhost:${PORT}`;
  let server: OwnServer | undefined;

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-pglite", "runs once, on a server of its own");
    test.setTimeout(330_000);
    server = await startOwnServer({
      port: PORT,
      logName: "passkeys",
      env: {
        QUIZDECK_SEED_DEMO: "false",
        QUIZDECK_ALLOWED_HOSTS: `localhost:${PORT}`,
        QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
        QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "10000",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("register a passkey with a name, rename it, sign out, sign in with it; another member cannot remove it", async ({ browser }) => {
    const errors: string[] = [];
    const context = await browser.newContext({ baseURL: BASE });
    await watchContext(context, errors);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      await signUpInBrowser(page, newAccount("pk"));
      await page.goto("/me?tab=security");
      const card = page.getByTestId("passkeys-card");
      await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
      await card.getByLabel("Passkey name").fill("   ");
      await card.getByTestId("add-passkey").click();
      await expect(card.getByLabel("Passkey name")).toHaveAccessibleDescription("Give the passkey a name of 1–50 characters.");
      await card.getByLabel("Passkey name").fill("Test laptop");
      await card.getByTestId("add-passkey").click();
      await expect(card.getByTestId("passkey-name")).toHaveText(["Test laptop"]);

      await card.getByRole("button", { name: "Rename: Test laptop" }).click();
      await card.getByTestId("passkey").getByLabel("Passkey name").fill("Work laptop");
      await card.getByTestId("passkey-save").click();
      await expect(card.getByTestId("passkey-name")).toHaveText(["Work laptop"]);
      const [mine] = (await (await context.request.get("/api/auth/passkey/list-user-passkeys")).json()) as { id: string }[];

      // Another member can neither rename nor remove it.
      const other = await browser.newContext({ baseURL: BASE });
      try {
        const p = await other.newPage();
        await signUpInBrowser(p, newAccount("pk-other"));
        const headers = { origin: BASE };
        expect((await other.request.post("/api/auth/passkey/delete-passkey", { data: { id: mine!.id }, headers })).ok()).toBe(false);
        expect((await other.request.post("/api/auth/passkey/update-passkey", { data: { id: mine!.id, name: "Mine" }, headers })).ok()).toBe(false);
      } finally {
        await other.close();
      }
      await page.reload();
      await expect(card.getByTestId("passkey-name")).toHaveText(["Work laptop"]);

      await signOut(page);
      await page.goto("/sign-in");
      await page.getByTestId("passkey-sign-in").click();
      await expect(page).toHaveURL(/\/me$/, SLOW);

      await page.goto("/me?tab=security");
      await card.getByTestId("passkey-remove").click();
      await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
