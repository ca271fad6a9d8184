import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startSmtpSink, type SmtpSink } from "../src/test/smtp-sink";
import { ADMIN_EMAIL, newAccount, signInAdmin, type Account } from "./accounts";
import { expect, test, watchContext } from "./fixtures";
import { startOidcProvider, type OidcProviderHandle } from "./oidc-provider";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Sign-in with OpenID Connect, against a real OpenID Provider (oidc-provider, e2e/oidc-provider.ts)
 * this spec starts on loopback (portBase+51), and a server of its own (portBase+52) configured for
 * it by QUIZDECK_OIDC_* with an allow-list of one domain (school.example). The server also mails
 * through an SMTP sink (portBase+50), to confirm the address of a password account the provider's
 * accounts are then linked to, or not.
 */
test.describe.configure({ mode: "serial" });

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const SMTP_PORT = portBase + 50;
const OIDC_PORT = portBase + 51;
const PORT = portBase + 52;
const BASE = `http://127.0.0.1:${PORT}`;
const PROVIDER_NAME = "School ID";
const json = { origin: BASE };

let sink: SmtpSink;
let idp: OidcProviderHandle;
let server: OwnServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once, on a server of its own");
  // Starting takes a minute or more on a loaded 2-core machine (Playwright starts its other servers at the same time).
  test.setTimeout(330_000);
  sink = await startSmtpSink(SMTP_PORT);
  idp = await startOidcProvider({ port: OIDC_PORT, redirectUris: [`${BASE}/api/auth/callback/oidc`] });
  server = await startOwnServer({
    port: PORT,
    logName: "oidc",
    env: {
      QUIZDECK_SEED_DEMO: "false",
      QUIZDECK_PUBLIC_URL: BASE,
      QUIZDECK_OIDC_ISSUER: idp.issuer,
      QUIZDECK_OIDC_CLIENT_ID: idp.clientId,
      QUIZDECK_OIDC_CLIENT_SECRET: idp.clientSecret,
      QUIZDECK_OIDC_NAME: PROVIDER_NAME,
      QUIZDECK_OIDC_ALLOWED_DOMAINS: "school.example",
      QUIZDECK_ADMIN_EMAILS: ADMIN_EMAIL,
      QUIZDECK_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      QUIZDECK_MAIL_FROM: "Quizdeck <quiz@quizdeck.test>",
      QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
      QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "10000",
      QUIZDECK_RATE_LIMIT_EMAIL: "10000",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
  await sink?.close();
});

/** A context on this spec's server whose page errors fail the test. The provider's login page asks for a web font: it gets none. */
async function watched(browser: Browser, errors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE });
  await context.route("https://fonts.googleapis.com/**", (route) => route.fulfill({ status: 200, contentType: "text/css", body: "" }));
  await watchContext(context, errors);
  return context;
}

/** Clicks "Continue with School ID" and signs in at the provider as `login` when it asks (it remembers its own session). */
async function throughProvider(page: Page, login: string): Promise<void> {
  const start = page.url();
  const backHere = (url: URL) => url.origin === BASE && url.href !== start && !url.pathname.startsWith("/api/");
  await page.getByRole("button", { name: `Continue with ${PROVIDER_NAME}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/interaction/") || backHere(url));
  if (new URL(page.url()).origin === idp.issuer) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any password works here");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.waitForURL(backHere);
  }
}

const session = async (context: BrowserContext) =>
  (await (await context.request.get("/api/auth/get-session")).json()) as { user: { id: string; email: string; name: string; handle: string; emailVerified: boolean } } | null;

const uid = () => Math.random().toString(36).slice(2, 8);

test("signs up through the provider, signs out, and signs in again to the same account", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  try {
    const login = `ana${uid()}`;
    idp.accounts.set(login, { email: `${login}@School.example`, email_verified: true, name: "Ana García", preferred_username: `Ana.${login}` });
    const page = await context.newPage();
    await page.goto("/sign-up");
    await throughProvider(page, login);
    await expect(page).toHaveURL(`${BASE}/me`);
    const first = await session(context);
    expect(first?.user).toMatchObject({ email: `${login}@school.example`, name: "Ana García", handle: `ana-${login}`, emailVerified: true });

    expect((await context.request.post("/api/auth/sign-out", { data: {}, headers: json })).status()).toBe(200);
    expect(await session(context)).toBeNull();

    await page.goto("/sign-in?next=%2Fexplore");
    await throughProvider(page, login);
    await expect(page).toHaveURL(`${BASE}/explore`);
    expect((await session(context))?.user.id).toBe(first!.user.id);
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});

test("an account disabled by an administrator is refused through the provider, and the sign-in page says why", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  const admin = await browser.newContext({ baseURL: BASE });
  try {
    const login = `off${uid()}`;
    const email = `${login}@school.example`;
    idp.accounts.set(login, { email, email_verified: true, name: "Dis Abled" });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await throughProvider(page, login);
    await expect(page).toHaveURL(`${BASE}/me`);

    await signInAdmin(admin.request, BASE);
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin?q=${encodeURIComponent(email)}#users`);
    const row = adminPage.getByTestId("user-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Disable" }).click();
    await expect(row.getByTestId("user-status")).toHaveText("Disabled");
    expect(await session(context)).toBeNull();

    await page.goto("/sign-in");
    await throughProvider(page, login);
    await expect(page).toHaveURL(/\/sign-in\?error=account_disabled/);
    await expect(page.getByTestId("oidc-refusal")).toHaveText("This account has been disabled by an administrator. Ask them to enable it again.");
    expect(await session(context)).toBeNull();
  } finally {
    await admin.close();
    await context.close();
  }
  expect(errors).toEqual([]);
});

test("an address outside the allowed domains, or one the provider has not confirmed, is refused on the sign-in page", async ({ browser }) => {
  for (const [claims, message] of [
    [{ email: "eve@elsewhere.example", email_verified: true }, "Your email address is not at a domain allowed to sign in here. Use your school account, or ask your administrator."],
    [{ email: `new${uid()}@school.example`, email_verified: false }, "Your identity provider has not confirmed your email address, so it cannot be used to sign in here. Confirm it there, then try again."],
  ] as const) {
    const errors: string[] = [];
    const context = await watched(browser, errors);
    try {
      const login = `out${uid()}`;
      idp.accounts.set(login, { ...claims, name: "Outsider" });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await throughProvider(page, login);
      await expect(page).toHaveURL(/\/sign-in\?error=oidc_/);
      await expect(page.getByTestId("oidc-refusal")).toHaveText(message);
      expect(await session(context)).toBeNull();
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }
});

/** A password account at school.example whose address was confirmed by the mailed link. */
async function confirmedPasswordAccount(browser: Browser): Promise<Account> {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const account = newAccount("link", `link-${uid()}@school.example`);
    const res = await context.request.post("/api/auth/sign-up/email", { data: account, headers: json });
    expect(res.status(), await res.text()).toBe(200);
    const mail = await sink.waitFor(account.email);
    const link = mail.links.find((l) => l.startsWith(`${BASE}/api/auth/verify-email?token=`));
    expect(link, mail.links.join(", ")).toBeTruthy();
    await context.request.get(link!);
    expect((await session(context))?.user.emailVerified).toBe(true);
    return account;
  } finally {
    await context.close();
  }
}

test("an existing account is linked by its address only when the provider says the address is verified", async ({ browser }) => {
  const account = await confirmedPasswordAccount(browser);
  const errors: string[] = [];

  // The provider has not verified the address: no link, and the page says to use the password.
  const refused = await watched(browser, errors);
  try {
    const login = `unverified${uid()}`;
    idp.accounts.set(login, { email: account.email, email_verified: false, name: "Not Really" });
    const page = await refused.newPage();
    await page.goto("/sign-in");
    await throughProvider(page, login);
    await expect(page).toHaveURL(/\/sign-in\?error=account_not_linked/);
    await expect(page.getByTestId("oidc-refusal")).toHaveText(
      "An account here already uses this email address, and it was not linked because the address is not confirmed on both sides. Sign in with your password instead.",
    );
    expect(await session(refused)).toBeNull();
  } finally {
    await refused.close();
  }

  // It has: the provider's account becomes a way into the same account, which keeps its name and password.
  const linked = await watched(browser, errors);
  try {
    const login = `verified${uid()}`;
    idp.accounts.set(login, { email: account.email, email_verified: true, name: "Someone Else" });
    const page = await linked.newPage();
    await page.goto("/sign-in");
    await throughProvider(page, login);
    await expect(page).toHaveURL(`${BASE}/me`);
    expect((await session(linked))?.user).toMatchObject({ email: account.email, handle: account.handle, name: account.name });
    const password = await linked.request.post("/api/auth/sign-in/email", { data: { email: account.email, password: account.password }, headers: json });
    expect(password.status()).toBe(200);
  } finally {
    await linked.close();
  }
  expect(errors).toEqual([]);
});

test("an account made through the provider downloads its data, then deletes itself and is signed out", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  try {
    const login = `del${uid()}`;
    idp.accounts.set(login, { email: `${login}@school.example`, email_verified: true, name: "Dee Leted" });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await throughProvider(page, login);
    const me = (await session(context))!.user;

    await page.goto("/me?tab=settings");
    const downloading = page.waitForEvent("download");
    await page.getByTestId("download-data").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^quizdeck-${me.handle}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { format: string; profile: { email: string }; quizzes: unknown[] };
    expect(data).toMatchObject({ format: "quizdeck-account-export", profile: { email: me.email }, quizzes: [] });

    await page.getByLabel(`Type your handle, ${me.handle}, to confirm`).fill("someone-else");
    await page.getByTestId("delete-account").click();
    await expect(page.getByText(`That is not your handle. Type ${me.handle} to confirm.`)).toBeVisible();
    await page.getByLabel("Remove them, with their results").check();
    await page.getByLabel(`Type your handle, ${me.handle}, to confirm`).fill(me.handle);
    await page.getByTestId("delete-account").click();
    await expect(page).toHaveURL(`${BASE}/?deleted=1`);
    expect(await session(context)).toBeNull();
    // Signing in through the provider again makes a new account.
    await page.goto("/sign-in");
    await throughProvider(page, login);
    expect((await session(context))?.user.id).not.toBe(me.id);
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});
