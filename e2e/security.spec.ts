import type { APIRequestContext, Browser, Page, Request } from "@playwright/test";
import { newAccount, signUpByApi, signUp } from "./accounts";
import { publishedSlug } from "./editor-helpers";
import { expect, test } from "./fixtures";

/**
 * What must never be reachable: another member's draft, a private quiz and their answer keys
 * (through pages, server actions and the API); cross-site posts; quiz text run as HTML.
 */
test.beforeEach(() => {
  test.setTimeout(120_000);
});

const quiz = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: "A quiz made by the security tests.",
  category: "general",
  questions: [
    { type: "single", prompt: "Pick the second option", options: ["First", "Second", "Third"], correct: 1, explanation: "It was the second." },
    { type: "text", prompt: "Type the secret word", accepted: ["swordfish"] },
  ],
  ...extra,
});

async function importDraft(request: APIRequestContext, body: object): Promise<string> {
  const res = await request.post("/api/v1/imports", { data: { format: "json", content: JSON.stringify(body) } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).quiz.slug as string;
}

/** Publishes a draft through the editor, optionally private; returns the published slug. */
async function publish(page: Page, slug: string, visibility?: "private"): Promise<string> {
  await page.goto(`/quiz/${slug}/edit`);
  if (visibility) await page.getByLabel("Private").check();
  await page.getByTestId("publish").click();
  return publishedSlug(page);
}

async function member(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await signUpByApi(page.request, baseURL, newAccount("other"));
  return { context, page };
}

/** The request a server action makes (the editor's autosave), to replay it as someone else. */
async function captureSaveAction(page: Page): Promise<Request> {
  const saved = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await page.getByLabel("Description").fill(`Edited at ${Date.now()}`);
  return saved;
}

async function replay(request: APIRequestContext, action: Request, origin: string, body?: string) {
  const h = action.headers();
  return request.post(action.url(), {
    headers: {
      "next-action": h["next-action"] ?? "",
      "content-type": h["content-type"] ?? "text/plain;charset=UTF-8",
      "next-router-state-tree": h["next-router-state-tree"] ?? "",
      accept: "text/x-component",
      origin,
    },
    data: body ?? action.postData() ?? "",
  });
}

test("another member's draft and private quiz, with their answer keys, are unreachable through pages, actions and the API", async ({ page, browser, baseURL }) => {
  const base = baseURL ?? "";
  await signUp(page);
  const draft = await importDraft(page.request, quiz("Secret draft quiz"));
  const privateSlug = await publish(page, await importDraft(page.request, quiz("Private quiz")), "private");

  // The owner sees both.
  expect((await page.goto(`/quiz/${privateSlug}`))?.status()).toBe(200);
  expect((await page.request.get(`/api/v1/quizzes/${draft}`)).status()).toBe(200);

  const guest = await browser.newContext();
  const other = await member(browser, base);
  try {
    const guestPage = await guest.newPage();
    for (const slug of [draft, privateSlug]) {
      for (const p of [guestPage, other.page]) {
        expect((await p.goto(`/quiz/${slug}`))?.status(), `${slug} page`).toBe(404);
        await expect(p.getByText("This page could not be found.")).toBeVisible();
        expect((await p.request.get(`/api/v1/quizzes/${slug}`)).status()).toBe(404);
        expect((await p.request.get(`/api/v1/quizzes/${slug}/leaderboard`)).status()).toBe(404);
        expect((await p.request.post(`/api/v1/quizzes/${slug}/attempts`, { data: { nickname: "Snoop" } })).status()).toBe(404);
      }
      expect((await guestPage.goto(`/quiz/${slug}/edit`))?.status()).toBe(401);
      expect((await other.page.goto(`/quiz/${slug}/edit`))?.status()).toBe(404);
      expect((await guestPage.request.get(`/api/v1/quizzes/${slug}/export?format=json`)).status()).toBe(401);
      const exported = await other.page.request.get(`/api/v1/quizzes/${slug}/export?format=json`);
      expect(exported.status()).toBe(404);
      expect(await exported.text()).not.toContain("swordfish");
    }
    // Not in any listing either.
    const list = await (await guestPage.request.get("/api/v1/quizzes?q=Secret%20draft%20quiz&limit=100")).json();
    expect(list.items.map((i: { slug: string }) => i.slug)).not.toContain(draft);

    // The editor's server action, replayed with the other member's session, changes nothing.
    await page.goto(`/quiz/${draft}/edit`);
    const action = await captureSaveAction(page);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    const body = (action.postData() ?? "").replace(/Edited at \d+/, "Vandalised");
    const res = await replay(other.page.request, action, base, body);
    expect(await res.text()).toContain('"code":"not_found"');
    const guestRes = await replay(guestPage.request, action, base, body);
    expect(await guestRes.text()).toContain('"code":"unauthorized"');
    const after = await (await page.request.get(`/api/v1/quizzes/${draft}/export?format=json`)).text();
    expect(after).not.toContain("Vandalised");
  } finally {
    await guest.close();
    await other.context.close();
  }
});

test("cross-site posts are refused: server actions, sign-in and the API", async ({ page, baseURL }) => {
  const base = baseURL ?? "";
  const account = await signUp(page);
  const draft = await importDraft(page.request, quiz("Cross-site target"));
  await page.goto(`/quiz/${draft}/edit`);
  const action = await captureSaveAction(page);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");

  // The same action with the owner's own cookies, but sent from another site.
  // Refused with the catalogue's 403 before Next (which would answer 500), as is an Origin of
  // "null" (a sandboxed frame) and a multipart form posted without JavaScript from another site.
  const forgedBody = (action.postData() ?? "").replace(/Edited at \d+/, "Forged");
  for (const origin of ["https://evil.example", "null"]) {
    const forged = await replay(page.request, action, origin, forgedBody);
    expect(forged.status(), origin).toBe(403);
    expect((await forged.json()).error).toEqual({ code: "forbidden", message: "Requests from other sites are not accepted." });
  }
  const noScript = await page.request.post(`/quiz/${draft}/edit`, {
    multipart: { [`$ACTION_ID_${action.headers()["next-action"]}`]: "", title: "Forged" },
    headers: { origin: "https://evil.example" },
  });
  expect(noScript.status()).toBe(403);
  expect(await (await page.request.get(`/api/v1/quizzes/${draft}/export?format=json`)).text()).not.toContain("Forged");
  // The same request from the site itself reaches the action (which answers it: 200).
  expect((await replay(page.request, action, base, forgedBody)).status()).toBe(200);

  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { origin: "https://evil.example" },
  });
  expect(signIn.status()).toBe(403);

  const api = await page.request.post("/api/v1/imports", {
    data: { format: "json", content: JSON.stringify(quiz("Forged import")) },
    headers: { origin: "https://evil.example" },
  });
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe("forbidden");
  // An HTML form can only send form encodings, which the API does not take.
  const form = await page.request.post("/api/v1/imports", { form: { format: "json", content: "{}" }, headers: { origin: base } });
  expect(form.status()).toBe(422);
});

test("quiz text with HTML or script is shown as text, never run", async ({ page }) => {
  await signUp(page);
  const title = `<script>window.__pwned=1</script>Pwn <b>quiz</b> ${Date.now().toString(36)}`;
  const payload = quiz(title, {
    description: `<img src=x onerror="window.__pwned=2">`,
    questions: [
      { type: "single", prompt: `<img src=x onerror="window.__pwned=3">Which?`, options: [`<svg onload="window.__pwned=4">`, "Plain"], correct: 1 },
    ],
  });
  const slug = await publish(page, await importDraft(page.request, payload));

  await page.goto(`/quiz/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(`<img src=x onerror="window.__pwned=2">`)).toBeVisible();
  await page.getByTestId("play").click();
  // The prompt is the play page's heading (Next 16's route announcer reads the same text out).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`<img src=x onerror="window.__pwned=3">Which?`);
  await expect(page.getByText(`<svg onload="window.__pwned=4">`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.goto(`/quiz/${slug}/edit`);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
