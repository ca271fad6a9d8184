import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { startSmtpSink, type SinkMessage, type SmtpSink } from "../src/test/smtp-sink";
import { newAccount, type Account } from "./accounts";
import { expect, test, watchContext } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * Accounts by email, against a real SMTP server: a server of its own (port portBase+41) sends its
 * mail to an SMTP sink this spec starts on loopback (portBase+40), requires addresses to be
 * confirmed (QUIZDECK_REQUIRE_EMAIL_VERIFICATION) and lets a cookie move its clock
 * (QUIZDECK_TEST_CLOCK). It has no QUIZDECK_PUBLIC_URL but allowed hosts: links come from the
 * address the request came to when it is allowed, by the public-origin rule. The shared server
 * (no SMTP) shows what the pages say without mail.
 */
test.describe.configure({ mode: "serial" });

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const SMTP_PORT = portBase + 40;
const PORT = portBase + 41;
const BASE = `http://127.0.0.1:${PORT}`;
const HOUR = 60 * 60 * 1000;

let sink: SmtpSink;
let server: OwnServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once, on a server of its own");
  // Starting takes a minute or more on a loaded 2-core machine (Playwright starts its other servers at the same time).
  test.setTimeout(330_000);
  sink = await startSmtpSink(SMTP_PORT);
  server = await startOwnServer({
    port: PORT,
    logName: "mail",
    env: {
      QUIZDECK_SEED_DEMO: "false",
      QUIZDECK_ALLOWED_HOSTS: `127.0.0.1:${PORT}`,
      QUIZDECK_SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      QUIZDECK_MAIL_FROM: "Quizdeck <quiz@quizdeck.test>",
      QUIZDECK_REQUIRE_EMAIL_VERIFICATION: "true",
      QUIZDECK_TEST_CLOCK: "true",
      // Every test asks from 127.0.0.1; the limit per recipient keeps its shipped default (5 an hour).
      QUIZDECK_RATE_LIMIT_SIGN_IN: "10000",
      QUIZDECK_RATE_LIMIT_SIGN_IN_ACCOUNT: "10000",
      QUIZDECK_RATE_LIMIT_EMAIL: "10000",
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const json = { origin: BASE };
const linkIn = (mail: SinkMessage, prefix: string) => {
  const link = mail.links.find((l) => l.startsWith(`${BASE}${prefix}`));
  expect(link, `a ${prefix} link in "${mail.subject}": ${mail.links.join(", ")}`).toBeTruthy();
  return link!;
};

/** A context on the mail server whose page errors fail the test, except the statuses `allowed` (a refused request a test makes on purpose). */
async function watched(browser: Browser, errors: string[], options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, ...options });
  await watchContext(context, errors);
  return context;
}

/** Signs up through the API and opens the link mailed to confirm the address; `request` ends signed in. */
async function confirmedAccount(request: APIRequestContext, account = newAccount("mail")): Promise<Account> {
  const res = await request.post(`${BASE}/api/auth/sign-up/email`, { data: account, headers: json });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await sink.waitFor(account.email, (m) => m.subject === "Confirm your email for Quizdeck");
  const confirmed = await request.get(linkIn(mail, "/api/auth/verify-email?token="));
  expect(confirmed.url()).toBe(`${BASE}/email-verified`);
  return account;
}

const signIn = (request: APIRequestContext, email: string, password: string) =>
  request.post(`${BASE}/api/auth/sign-in/email`, { data: { email, password }, headers: json });

test("sign-up waits for the address: the mailed link confirms it and signs in; a sign-in before that sends a new one", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  try {
    const page = await context.newPage();
    const account = newAccount("verify");
    await page.goto("/sign-up");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Handle").fill(account.handle);
    await page.getByLabel("Display name").fill(account.name);
    await page.getByLabel("Password").fill(account.password);
    await page.getByTestId("auth-submit").click();
    await expect(page.getByTestId("check-email")).toHaveText(`We sent a link to ${account.email}. Open it to confirm the address, then sign in.`);
    const first = await sink.waitFor(account.email);
    expect(first.subject).toBe("Confirm your email for Quizdeck");
    expect(first.from).toBe("quiz@quizdeck.test");
    expect(first.text).toContain(`Hello ${account.name},`);
    const link = linkIn(first, "/api/auth/verify-email?token=");
    expect(first.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);

    // Not confirmed yet: signing in says so, and mails a new link.
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByTestId("auth-submit").click();
    await expect(page.getByRole("alert").filter({ hasText: "Confirm" })).toHaveText("Confirm your email address first: we sent a new link to it.");
    await expect.poll(() => sink.to(account.email).length).toBe(2);

    // The first link still works: it confirms the address and signs in.
    await page.goto(link);
    await expect(page).toHaveURL(`${BASE}/email-verified`);
    await expect(page.getByTestId("verified")).toHaveText("Thank you: your email address is confirmed.");
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/me\?tab=settings$/);
    await expect(page.getByTestId("email-status")).toHaveText("confirmed");

    // A sign-up with the address in use answers as a new one would, and mails nothing.
    const again = await browser.newContext({ baseURL: BASE });
    const res = await again.request.post("/api/auth/sign-up/email", { data: { ...newAccount("dup"), email: account.email }, headers: json });
    expect(res.status()).toBe(200);
    expect((await res.json()).token).toBeNull();
    await again.close();
    // A link that was tampered with says so.
    await page.goto(`${BASE}/api/auth/verify-email?token=${link.split("token=")[1]!.split("&")[0]}x&callbackURL=%2Femail-verified`);
    await expect(page.getByTestId("verify-failed")).toHaveText("This link is not valid, or it belongs to another account.");
    expect(sink.to(account.email)).toHaveLength(2);
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});

test("mail comes in the language the account signed up in", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const account = newAccount("es");
    const headers = { ...json, "accept-language": "es-ES,es;q=0.9,en;q=0.5" };
    expect((await context.request.post("/api/auth/sign-up/email", { data: account, headers })).status()).toBe(200);
    const mail = await sink.waitFor(account.email);
    expect(mail.subject).toBe("Confirma tu correo en Quizdeck");
    expect(mail.text).toContain(`Hola, ${account.name}:`);
    expect(mail.text).toContain("El enlace funciona durante 24 horas.");
  } finally {
    await context.close();
  }
});

test("forgot password: the mailed link sets a new password once, the old one fails and every session ends", async ({ browser }) => {
  const errors: string[] = [];
  const otherDevice = await browser.newContext({ baseURL: BASE });
  const context = await watched(browser, errors);
  try {
    const account = await confirmedAccount(otherDevice.request);
    expect((await (await otherDevice.request.get("/api/auth/get-session")).json())?.user?.email).toBe(account.email);

    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(`${BASE}/forgot-password`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByTestId("forgot-submit").click();
    await expect(page.getByTestId("forgot-sent")).toHaveText(
      `If an account uses ${account.email}, a link to choose a new password is on its way. It works for one hour, once.`,
    );
    const mail = await sink.waitFor(account.email, (m) => m.subject === "Choose a new Quizdeck password");
    expect(mail.text).toContain("The link works for one hour, once.");
    const link = linkIn(mail, "/reset-password?token=");

    await page.goto(link);
    const newPassword = `${account.password}-new`;
    await page.getByLabel("New password").fill(newPassword);
    await page.getByTestId("reset-submit").click();
    await expect(page.getByTestId("reset-done")).toHaveText("Your password is changed. Sign in with the new one.");

    // The old password fails, the new one works, and the other device was signed out.
    expect((await signIn(context.request, account.email, account.password)).status()).toBe(401);
    expect((await otherDevice.request.get("/api/auth/get-session")).status()).toBe(200);
    expect(await (await otherDevice.request.get("/api/auth/get-session")).json()).toBeNull();
    // The link works once.
    await page.goto(link);
    await expect(page.getByTestId("reset-invalid")).toHaveText("This link has expired or has already been used. Ask for a new one.");
    const token = new URL(link).searchParams.get("token");
    const reused = await context.request.post("/api/auth/reset-password", { data: { token, newPassword: "another-new-password-1" }, headers: json });
    expect(reused.status()).toBe(400);
    expect((await reused.json()).code).toBe("INVALID_TOKEN");
    expect((await signIn(context.request, account.email, newPassword)).status()).toBe(200);
  } finally {
    await context.close();
    await otherDevice.close();
  }
  expect(errors).toEqual([]);
});

test("a reset asked for with a forged Host still mails a link to the allowed host", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const account = await confirmedAccount(context.request);
    // From a client without cookies, as an attacker asking for someone else's link would be.
    const attacker = await browser.newContext({ baseURL: BASE });
    const res = await attacker.request.post("/api/auth/request-password-reset", {
      data: { email: account.email },
      headers: { host: "evil.example", origin: "http://evil.example" },
    });
    expect(res.status(), await res.text()).toBe(200);
    await attacker.close();
    const mail = await sink.waitFor(account.email, (m) => m.subject === "Choose a new Quizdeck password");
    expect(mail.links.every((l) => l.startsWith(`${BASE}/reset-password?token=`))).toBe(true);
    expect(mail.html).not.toContain("evil.example");
  } finally {
    await context.close();
  }
});

test("a reset link stops working after an hour (the test clock)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const account = await confirmedAccount(context.request);
    expect((await context.request.post("/api/auth/request-password-reset", { data: { email: account.email }, headers: json })).status()).toBe(200);
    const link = linkIn(await sink.waitFor(account.email, (m) => m.subject === "Choose a new Quizdeck password"), "/reset-password?token=");
    const token = new URL(link).searchParams.get("token");
    const page = await context.newPage();
    const at = async (offsetMs: number) => context.addCookies([{ name: "qd_test_clock_offset", value: String(offsetMs), url: BASE }]);

    await at(HOUR - 60_000);
    await page.goto(link);
    await expect(page.getByLabel("New password")).toBeVisible();
    await at(HOUR + 60_000);
    await page.goto(link);
    await expect(page.getByTestId("reset-invalid")).toBeVisible();
    const late = await context.request.post("/api/auth/reset-password", { data: { token, newPassword: "too-late-password-1" }, headers: json });
    expect(late.status()).toBe(400);
    expect((await late.json()).code).toBe("INVALID_TOKEN");
    // Nothing changed: the password is still the old one.
    expect((await signIn(context.request, account.email, account.password)).status()).toBe(200);
  } finally {
    await context.close();
  }
});

test("an unknown address gets the same page and answer, no mail, and no answer waits for a mail", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  try {
    const account = await confirmedAccount(context.request);
    const unknown = newAccount("nobody").email;
    const page = await context.newPage();
    const sent: Record<string, string> = {};
    for (const email of [unknown, account.email]) {
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByTestId("forgot-submit").click();
      sent[email] = (await page.getByTestId("forgot-sent").textContent())!.replace(email, "<email>");
    }
    expect(sent[unknown]).toBe(sent[account.email]);
    await sink.waitFor(account.email, (m) => m.subject === "Choose a new Quizdeck password");

    const ask = (email: string) => context.request.post("/api/auth/request-password-reset", { data: { email }, headers: json });
    // While the SMTP server holds every message at DATA, both answers still come, alike.
    const release = sink.hold();
    try {
      const [forUnknown, forKnown] = [await ask(unknown), await ask(account.email)];
      expect(forUnknown.status()).toBe(200);
      expect(forKnown.status()).toBe(200);
      expect(await forUnknown.json()).toEqual(await forKnown.json());
      await expect.poll(() => sink.held()).toBe(1);
    } finally {
      release();
    }
    await expect.poll(() => sink.to(account.email).filter((m) => m.subject === "Choose a new Quizdeck password").length).toBe(2);
    expect(sink.to(unknown)).toEqual([]);
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});

test("a change of email is confirmed at the new address; an address in use gets the same answer and no mail", async ({ browser }) => {
  const errors: string[] = [];
  const context = await watched(browser, errors);
  try {
    const account = await confirmedAccount(context.request);
    const elsewhere = await browser.newContext();
    const taken = (await confirmedAccount(elsewhere.request)).email;
    await elsewhere.close();
    const page = await context.newPage();
    await page.goto("/me?tab=settings");
    const next = newAccount("moved").email;
    await page.getByLabel("New email").fill(next);
    await page.getByTestId("change-email").click();
    await expect(page.getByTestId("email-sent")).toHaveText(`Open the link we sent to ${next} to finish the change. Until then, your email stays ${account.email}.`);
    const mail = await sink.waitFor(next);
    expect(mail.subject).toBe("Confirm your new email for Quizdeck");
    expect(mail.text).toContain(`the Quizdeck account @${account.handle} to this address (${next})`);
    await page.reload();
    await expect(page.getByTestId("current-email")).toHaveText(account.email);

    await page.goto(linkIn(mail, "/api/auth/verify-email?token="));
    await expect(page.getByTestId("verified")).toBeVisible();
    await page.goto("/me?tab=settings");
    await expect(page.getByTestId("current-email")).toHaveText(next);
    await expect(page.getByTestId("email-status")).toHaveText("confirmed");
    expect((await signIn(context.request, next, account.password)).status()).toBe(200);
    expect((await signIn(context.request, account.email, account.password)).status()).toBe(401);

    // Another account's address: the same sentence, and nothing is sent to it.
    const before = sink.to(taken).length;
    await page.getByLabel("New email").fill(taken);
    await page.getByTestId("change-email").click();
    await expect(page.getByTestId("email-sent")).toHaveText(`Open the link we sent to ${taken} to finish the change. Until then, your email stays ${next}.`);
    const probe = newAccount("probe").email;
    await page.getByLabel("New email").fill(probe);
    await page.getByTestId("change-email").click();
    await sink.waitFor(probe);
    expect(sink.to(taken)).toHaveLength(before);
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});

test("change password asks the current one and signs out the other sessions", async ({ browser }) => {
  const errors: string[] = [];
  const otherDevice = await browser.newContext({ baseURL: BASE });
  const context = await watched(browser, errors);
  try {
    const account = await confirmedAccount(context.request);
    expect((await signIn(otherDevice.request, account.email, account.password)).status()).toBe(200);
    const page = await context.newPage();
    await page.goto("/me?tab=settings");
    // A wrong current password is refused at its field (its 400 is expected in the console).
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("a-brand-new-password-1");
    await page.getByTestId("change-password").click();
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password.");
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes("status of 400")));

    await page.getByLabel("Current password").fill(account.password);
    await page.getByTestId("change-password").click();
    await expect(page.getByTestId("password-changed")).toHaveText("Password changed. Other devices are signed out.");
    // This device stays signed in; the other one is out; only the new password works.
    await page.reload();
    await expect(page.getByTestId("current-email")).toHaveText(account.email);
    expect(await (await otherDevice.request.get("/api/auth/get-session")).json()).toBeNull();
    expect((await signIn(otherDevice.request, account.email, account.password)).status()).toBe(401);
    expect((await signIn(otherDevice.request, account.email, "a-brand-new-password-1")).status()).toBe(200);
  } finally {
    await context.close();
    await otherDevice.close();
  }
  expect(errors).toEqual([]);
});

test("reset links to one address are limited (5 an hour), for known and unknown addresses alike", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const email = newAccount("limited").email;
    for (let i = 0; i < 5; i++) {
      expect((await context.request.post("/api/auth/request-password-reset", { data: { email }, headers: json })).status()).toBe(200);
    }
    const page = await context.newPage();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByTestId("forgot-submit").click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many" })).toHaveText("Too many links were asked for. Try again later.");
  } finally {
    await context.close();
  }
});

test("changing a password or an email needs a session; a made-up reset token changes nothing", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const password = await context.request.post("/api/auth/change-password", {
      data: { currentPassword: "whatever-it-is", newPassword: "a-brand-new-password-1", revokeOtherSessions: true },
      headers: json,
    });
    expect(password.status()).toBe(401);
    const email = await context.request.post("/api/auth/change-email", { data: { newEmail: newAccount("x").email }, headers: json });
    expect(email.status()).toBe(401);
    const reset = await context.request.post("/api/auth/reset-password", { data: { token: "made-up-token-000000000000", newPassword: "a-brand-new-password-1" }, headers: json });
    expect(reset.status()).toBe(400);
    expect((await reset.json()).code).toBe("INVALID_TOKEN");
    const page = await context.newPage();
    await page.goto("/reset-password?token=made-up-token-000000000000");
    await expect(page.getByTestId("reset-invalid")).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("without SMTP the pages say to ask the administrator", async ({ page, baseURL }) => {
  test.skip(!baseURL || baseURL === BASE);
  const email = newAccount("nomail").email;
  await page.goto(`${baseURL}/forgot-password`);
  await page.getByLabel("Email").fill(email);
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toContainText(`This server does not send email. If an account uses ${email}, your administrator can find a link`);
});
