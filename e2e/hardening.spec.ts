import http from "node:http";
import type { Socket } from "socket.io-client";
import { connectLive, emitAck } from "../src/test/live-socket";
import type { BrowserContext, Page } from "@playwright/test";
import { newAccount, signUpByApi } from "./accounts";
import { expect, skipOnPostgres, test } from "./fixtures";

/**
 * Issue 15's medium and low findings, each against a real server: an open redirect after sign-in,
 * user writes that skipped the handle and name rules, missing security headers, ids that are not
 * UUIDs, NUL characters, unbounded bodies, and a socket that trusted any Origin and an unsigned
 * session cookie.
 */
async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

test("sign-in with next=/\\t/evil.example/ stays on the site", async ({ page, baseURL }) => {
  const account = await signUpByApi(page.request, baseURL ?? "", newAccount("redirect"));
  await page.context().clearCookies();
  await page.goto("/sign-in?next=%2F%09%2Fevil.example%2F");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByTestId("auth-submit").click();
  await expect(page).toHaveURL(/\/me$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);
  // Signed in already: the page redirects on the server, to the same safe place.
  await page.goto("/sign-in?next=%2F%5C%2Fevil.example%2F");
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? "").origin);
});

test("Better Auth's update-user keeps the handle and name rules; a taken handle is 409 handle_taken", async ({ request, baseURL }) => {
  const origin = baseURL ?? "";
  const other = await signUpByApi(request, origin, newAccount("taken"));
  const me = newAccount("updater");
  await signUpByApi(request, origin, me);
  const update = (data: object) => request.post("/api/auth/update-user", { data, headers: { origin } });

  for (const handle of ["Not A Handle <b>x</b>", "", "h".repeat(5000), "../admin", "quizdeck ", "quizd\u0435ck", "ADMIN", "api"]) {
    const res = await update({ handle });
    expect(res.status(), `handle ${JSON.stringify(handle.slice(0, 40))}`).toBe(422);
    expect((await res.json()).error.code).toBe("validation_failed");
  }
  for (const name of ["N".repeat(300) + "\u0007", "", "a\u0000b", "N".repeat(51)]) {
    const res = await update({ name });
    expect(res.status(), `name ${JSON.stringify(name.slice(0, 40))}`).toBe(422);
  }
  const taken = await update({ handle: other.handle });
  expect(taken.status()).toBe(409);
  expect((await taken.json()).error).toEqual({ code: "handle_taken", message: "That handle is taken; pick another one." });

  // A good change still works, and is stored lower-cased and trimmed.
  const fresh = `ok-${me.handle.slice(-8)}`;
  const ok = await update({ handle: ` ${fresh.toUpperCase()} `, name: "  Renamed  " });
  expect(ok.status(), await ok.text()).toBe(200);
  const session = await (await request.get("/api/auth/get-session")).json();
  expect(session.user.handle).toBe(fresh);
  expect(session.user.name).toBe("Renamed");
  // Unchanged handle (its own) is not "taken".
  expect((await update({ handle: fresh })).status()).toBe(200);
});

test("sign-up refuses short and common passwords and reserved handles", async ({ request, baseURL }) => {
  const origin = baseURL ?? "";
  const signUp = (data: object) => request.post("/api/auth/sign-up/email", { data, headers: { origin } });
  const a = newAccount("pw");
  for (const password of ["short-pw1", "1234567890", "Password123", "qwertyuiop"]) {
    const res = await signUp({ ...a, password });
    expect(res.status(), password).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("weak_password");
    expect(body.error.fields.password).toHaveLength(1);
  }
  const reserved = await signUp({ ...a, handle: "Quizdeck" });
  expect(reserved.status()).toBe(422);
  expect((await reserved.json()).error.fields.handle).toEqual(["That handle is reserved; pick another one."]);
  expect((await signUp(a)).status()).toBe(200);
});

test("security headers on pages, and no page can be framed by another site", async ({ page, browser, baseURL }) => {
  skipOnPostgres("headers do not depend on the database");
  await page.goto("/");
  await signUpByApi(page.request, baseURL ?? "", newAccount("headers"));
  const draft = await page.request.post("/api/v1/imports", {
    data: {
      format: "json",
      content: JSON.stringify({ title: "Headers quiz", category: "general", questions: [{ type: "boolean", prompt: "Framed?", correct: false }] }),
    },
    headers: { origin: baseURL ?? "" },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const slug = (await draft.json()).quiz.slug as string;

  const nonces = new Set<string>();
  for (const path of ["/sign-in", "/me", `/quiz/${slug}/edit`, "/admin", "/api/v1/quizzes"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    const csp = h["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    expect(csp, path).not.toContain("'unsafe-eval'");
    expect(h["x-frame-options"], path).toBe("DENY");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], path).toContain("camera=(self)");
    // The e2e servers' public URL is http: no HSTS.
    expect(h["strict-transport-security"], path).toBeUndefined();
  }
  expect(nonces.size, "a fresh nonce per response").toBe(5);

  // Next's inline scripts carry this response's nonce.
  const html = await page.request.get("/sign-in");
  const nonce = /'nonce-([^']+)'/.exec(html.headers()["content-security-policy"] ?? "")?.[1];
  const body = await html.text();
  const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inline.length).toBeGreaterThan(0);
  for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);

  // Another site frames the sign-in page: the browser refuses it (a context of its own, since
  // the refusal is logged as a console error on purpose).
  const context = await browser.newContext();
  try {
    const evil = await context.newPage();
    const refused = evil.waitForEvent("console", (m) => m.text().includes("frame-ancestors"));
    await evil.setContent(`<iframe id="f" src="${baseURL}/sign-in"></iframe>`);
    await refused;
    const frame = evil.frames().find((f) => f !== evil.mainFrame());
    expect(await frame?.locator("[data-testid=auth-submit]").count().catch(() => 0)).toBe(0);
  } finally {
    await context.close();
  }
});

test("ids that look like UUIDs but are not answer 404, never 500", async ({ request }) => {
  await request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "Probe" } });
  for (const id of ["-".repeat(36), "a".repeat(36), "0".repeat(36), "3f2b8c1e-6d4a-4f1b-9c7e-2a5d8e0f1b3"]) {
    for (const [method, path] of [
      ["GET", `/api/v1/attempts/${id}`],
      ["POST", `/api/v1/attempts/${id}/answers`],
      ["POST", `/api/v1/attempts/${id}/hint`],
      ["POST", `/api/v1/attempts/${id}/finish`],
    ] as const) {
      const res = await request.fetch(path, { method, data: method === "POST" ? { questionId: id, answer: null } : undefined });
      expect(res.status(), `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
    for (const path of [`/play/${id}`, `/results/${id}`, `/results/${id}/opengraph-image`]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  }
});

test("NUL and other control characters are a clear error or stripped, never a 500", async ({ page, request, baseURL }) => {
  const origin = baseURL ?? "";
  const list = await request.get("/api/v1/quizzes?q=%00");
  expect(list.status()).toBe(200);
  expect((await request.get("/api/v1/quizzes?q=capitals%00")).status()).toBe(200);
  expect((await request.get("/explore?q=%00")).status()).toBe(200);

  await page.goto("/");
  await signUpByApi(page.request, origin, newAccount("nul"));
  const imported = await page.request.post("/api/v1/imports", {
    data: { format: "json", content: JSON.stringify({ title: "Capitals\u0000", category: "general", questions: [] }) },
    headers: { origin },
  });
  expect(imported.status(), await imported.text()).toBeLessThan(500);
  expect(["validation_failed", "import_failed"]).toContain((await imported.json()).error.code);
  const named = await page.request.post("/api/auth/update-user", { data: { name: "Nul\u0000" }, headers: { origin } });
  expect(named.status()).toBe(422);
});

test("bodies over a route's limit are 413 payload_too_large, read no further", async ({ request, baseURL }) => {
  const url = new URL(baseURL ?? "");
  // A declared 100 MB body: refused at once, before it is sent.
  const declared = await rawPost(url, "/api/v1/quizzes/world-capitals/attempts", { "content-length": String(100 * 1024 * 1024) }, "");
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body).error.code).toBe("payload_too_large");
  // Chunked, no length: counted while it streams, refused past 64 KB.
  const chunked = await rawPost(url, "/api/v1/quizzes/world-capitals/attempts", { "transfer-encoding": "chunked" }, `{"nickname":"${"x".repeat(200 * 1024)}"}`);
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body).error.code).toBe("payload_too_large");
  // Better Auth's routes too.
  const auth = await request.post("/api/auth/sign-in/email", { data: { email: "a@b.example", password: "x".repeat(100 * 1024) }, headers: { origin: baseURL ?? "" } });
  expect(auth.status()).toBe(413);
  // A normal body still works.
  expect((await request.post("/api/v1/quizzes/world-capitals/attempts", { data: { nickname: "Small" } })).status()).toBe(201);
});

test("20 clients sending bodies over the limit at once each read the 413, not a reset connection", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? "";
  const action = await languageAction(page, origin);
  // What each client read: the status and the error's code, or how the connection failed.
  const send = (url: string, headers: Record<string, string>, body: BodyInit) =>
    fetch(url, { method: "POST", headers: { origin, ...headers }, body, duplex: "half" } as RequestInit).then(
      async (res) => `${res.status} ${((await res.json()) as { error: { code: string } }).error.code}`,
      (err: Error & { cause?: { code?: string } }) => `failed: ${err.cause?.code ?? err.message}`,
    );
  const jsonRoute = new Uint8Array(9 * 1024 * 1024).fill(0x20);
  const actionBody = new Uint8Array(10 * 1024 * 1024).fill(0x20);
  const actionHeaders = { ...action.headers, "content-type": "text/plain;charset=UTF-8" };
  const answers = await Promise.all([
    ...Array.from({ length: 20 }, () => send(`${origin}/api/v1/quizzes/world-capitals/attempts`, { "content-type": "application/json" }, jsonRoute)),
    ...Array.from({ length: 20 }, () => send(action.url(), actionHeaders, actionBody)),
  ]);
  expect(answers).toEqual(Array.from({ length: 40 }, () => "413 payload_too_large"));
  // Without a declared length the limit is found while reading, and the answer still arrives.
  const chunked = (body: Uint8Array<ArrayBuffer>) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 1024 * 1024) controller.enqueue(body.subarray(i, i + 1024 * 1024));
        controller.close();
      },
    });
  const streamed = await Promise.all(Array.from({ length: 5 }, () => send(action.url(), actionHeaders, chunked(actionBody))));
  expect(streamed).toEqual(Array.from({ length: 5 }, () => "413 payload_too_large"));
});

function rawPost(url: URL, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered; the answer came first.
      if (err.code !== "EPIPE" && err.code !== "ECONNRESET") reject(err);
    });
    if (body) {
      for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.slice(i, i + 16 * 1024));
    }
    req.end();
  });
}

/** A real server action's URL and request headers: the language switch's. */
async function languageAction(page: Page, origin: string) {
  await page.goto("/");
  const sent = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await page.getByTestId("language-switcher").selectOption("es");
  const action = await sent;
  return { url: () => action.url(), headers: { "next-action": action.headers()["next-action"]!, accept: "text/x-component", origin } };
}

test("a server action whose body is not JSON, or is nested too deep, is 400 bad_request, never a 500", async ({ page, request, baseURL }) => {
  const action = await languageAction(page, baseURL ?? "");
  const headers = action.headers;
  const post = (contentType: string, data: string) => request.post(action.url(), { headers: { ...headers, "content-type": contentType }, data });
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  for (const body of ["not json {", '["es"', deep, '{"a":', '"es"', "42"]) {
    const res = await post("text/plain;charset=UTF-8", body);
    expect(res.status(), body.slice(0, 20)).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  }
  // The same in a multipart body (what an action with a file or FormData sends).
  for (const body of ["not json {", deep]) {
    const res = await request.post(action.url(), { headers, multipart: { "0": body } });
    expect(res.status(), body.slice(0, 20)).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
  }
  // A well-formed body still reaches the action.
  expect((await post("text/plain;charset=UTF-8", '["en"]')).status()).toBe(200);
  expect((await request.post(action.url(), { headers, multipart: { "0": '["en"]' } })).status()).toBe(200);
});

test("Host live with an unknown, hidden or empty slug is the 404 page, not a 500", async ({ page, baseURL }) => {
  await page.goto("/");
  await signUpByApi(page.request, baseURL ?? "", newAccount("hostlive"));
  await page.goto("/quiz/world-capitals");
  for (const slug of ["no-such-quiz-here", "", "x".repeat(300)]) {
    // The form's bound argument is the slug: replay it with another one, as a forged post would.
    const status = await page.evaluate(async (s) => {
      const form = document.querySelector<HTMLFormElement>("form:has([data-testid=host-live])")!;
      const data = new FormData(form);
      for (const [key, value] of [...data.entries()]) {
        if (typeof value === "string" && value.includes("world-capitals")) data.set(key, value.replace("world-capitals", s));
      }
      const res = await fetch(location.href, { method: "POST", body: data });
      return res.status;
    }, slug);
    expect(status, JSON.stringify(slug)).toBe(404);
  }
});

test("a game link whose PIN has no open game says so at once, without asking a nickname", async ({ page }) => {
  await page.goto("/game/000017");
  await expect(page.getByTestId("player-gone")).toBeVisible();
  await expect(page.getByTestId("player-gone-reason")).toHaveText("There is no open game with that PIN. Check the PIN on the host's screen.");
  await expect(page.locator("#join-nickname")).toHaveCount(0);
});

const connect = (baseURL: string, headers: Record<string, string>) => connectLive(baseURL, { headers });

const hostCreate = (socket: Socket, slug: string) => emitAck<{ ok: boolean; error?: { code: string } }>(socket, "host:create", { slug });

test("live sockets: Better Auth checks the host's cookie, and other sites' origins are refused", async ({ page, baseURL }) => {
  skipOnPostgres("the socket's checks do not depend on the database");
  const base = baseURL ?? "";
  await page.goto("/");
  await signUpByApi(page.request, base, newAccount("sockethost"));
  const cookie = await cookieHeader(page.context());
  const session = cookie.split("; ").find((c) => c.startsWith("quizdeck.session_token="))!;
  const token = decodeURIComponent(session.split("=")[1]!).split(".")[0]!;

  // The host's own cookie from this site's origin hosts a game.
  const good = await connect(base, { cookie, origin: new URL(base).origin });
  expect((await hostCreate(good, "world-capitals")).ok).toBe(true);
  good.close();

  // Another site's page with the host's cookie cannot even connect.
  await expect(connect(base, { cookie, origin: "http://evil.example" })).rejects.toThrow();

  // The right token with a wrong signature is no session.
  const forged = await connect(base, { cookie: `quizdeck.session_token=${token}.${"A".repeat(43)}` });
  expect((await hostCreate(forged, "world-capitals")).error?.code).toBe("unauthorized");
  forged.close();

  // A cookie that does not even decode is unauthorized, not internal_error.
  const malformed = await connect(base, { cookie: "quizdeck.session_token=%E0%A4%A.sig" });
  expect((await hostCreate(malformed, "world-capitals")).error?.code).toBe("unauthorized");
  const start = await emitAck<{ ok: boolean; error?: { code: string } }>(malformed, "host:start", {});
  expect(start.error?.code).toBe("unauthorized");
  malformed.close();
});

test("a page's own requests pass the CSP: no violation on the main pages", async ({ page, baseURL }) => {
  skipOnPostgres("the policy does not depend on the database");
  // The fixture fails the test on any CSP violation; these pages load scripts, styles, QR data:
  // images and the theme script.
  await page.goto("/");
  await page.goto("/explore");
  await page.goto("/quiz/world-capitals");
  await signUpByApi(page.request, baseURL ?? "", newAccount("csp"));
  await page.goto("/me");
  await page.goto("/create");
  await expect(page.locator("body")).toBeVisible();
});

