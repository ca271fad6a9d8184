import jsQR from "jsqr";
import { devices, expect, type Browser, type BrowserContext, type Locator, type Page, type Request, type WebSocket } from "@playwright/test";

/** A quiz with one question of each type; the tests know the answers, the phones never do. */
export const LIVE_QUIZ = {
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Live Six Types",
    description: "One question of each type, for the live-game tests.",
    category: "science",
    difficulty: "easy",
    language: "en",
    tags: ["live"],
    timeLimit: 30,
    speedBonus: true,
    streakBonus: true,
    visibility: "public",
    questions: [
      { type: "single", prompt: "Which planet is the red one?", options: ["Venus", "Mars", "Jupiter", "Saturn"], correct: 1, explanation: "Iron oxide dust makes Mars look red." },
      { type: "multiple", prompt: "Which of these are noble gases?", options: ["Neon", "Oxygen", "Argon", "Nitrogen"], correct: [0, 2], explanation: "Neon and argon have full outer shells." },
      { type: "boolean", prompt: "Water boils at 100 °C at sea level.", correct: true, explanation: "At one atmosphere, yes." },
      { type: "text", prompt: "What instrument measures air pressure?", accepted: ["barometer"], explanation: "Barometers measure atmospheric pressure." },
      { type: "order", prompt: "Order these from smallest to largest.", items: ["Atom", "Cell", "Mouse", "Whale"], explanation: "Atoms make cells, cells make animals." },
      { type: "number", prompt: "How many legs has a spider?", answer: 8, min: 0, max: 20, tolerance: 0, explanation: "Spiders are arachnids with eight legs." },
    ],
  },
} as const;

export type LiveQuiz = typeof LIVE_QUIZ;

/**
 * Imports a quiz as a draft for the signed-in page and publishes it in the editor; returns its slug.
 * The import is posted from inside the page (same origin, its cookie): the LAN project's host name
 * resolves only inside Chromium, not for Playwright's own request client. A page not on the site
 * yet opens the health check's JSON first, a document of the origin with no page to render.
 */
export async function importQuiz(page: Page, baseURL: string, doc: object = LIVE_QUIZ): Promise<string> {
  if (!page.url().startsWith(baseURL)) await page.goto("/api/health");
  const res = await page.evaluate(async (content) => {
    const r = await fetch("/api/v1/imports", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ format: "json", content }),
    });
    return { status: r.status, body: await r.text() };
  }, JSON.stringify(doc));
  expect(res.status, res.body).toBe(201);
  const draft = (JSON.parse(res.body) as { quiz: { slug: string } }).quiz.slug;
  await page.goto(`/quiz/${draft}/edit`);
  await page.getByTestId("publish").click();
  await expect(page.getByTestId("quiz-status")).toHaveText("Published", { timeout: 20_000 });
  // The first publish names the quiz after its title; the editor's notice links to its page.
  const href = await page.getByRole("link", { name: "Open", exact: true }).getAttribute("href", { timeout: 20_000 });
  return href!.split("/")[2]!;
}

/** From the quiz page's "Host live" button to the host screen's lobby; returns the game id. */
export async function hostGame(page: Page, slug: string): Promise<string> {
  await page.goto(`/quiz/${slug}`);
  await page.getByTestId("host-live").click({ timeout: 15_000 });
  await page.waitForURL(/\/host\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("host-pin")).toBeVisible();
  return page.url().split("/host/")[1]!;
}

/** Decodes a QR code on the page from a screenshot of its element (jsQR on the pixels). */
export async function decodeQr(image: Locator): Promise<string> {
  const png = await image.screenshot();
  const pixels = await image.page().evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, png.toString("base64"));
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(code, "the QR code decodes").not.toBeNull();
  return code!.data;
}

/** Decodes the QR code on the host screen. */
export async function readQr(page: Page): Promise<string> {
  return decodeQr(page.getByTestId("join-qr"));
}

/**
 * A phone: its own browser context (own localStorage), 390×844, on the given origin (the LAN
 * project's http://quizdeck.test:PORT, or 127.0.0.1). `locale` sets Accept-Language.
 */
export async function phone(browser: Browser, baseURL: string, locale = "en-US"): Promise<{ context: BrowserContext; page: Page }> {
  const { defaultBrowserType: _ignored, ...pixel } = devices["Pixel 7"];
  const context = await browser.newContext({ ...pixel, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, baseURL, locale });
  return { context, page: await context.newPage() };
}

/** The host's laptop: a desktop-sized context of its own on the given origin. */
export async function desktop(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL, locale: "en-US" });
  return { context, page: await context.newPage() };
}

/**
 * Collects a page's uncaught errors and console errors (pages of extra contexts are not watched by
 * the fixture): the classroom failure was a silent `crypto.randomUUID is not a function`.
 */
export function watchErrors(page: Page, into: string[] = []): string[] {
  page.on("pageerror", (e) => {
    if (!String(e).includes("Minified React error #418")) into.push(`${page.url()}: ${String(e)}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 40[14] /.test(m.text())) into.push(`${page.url()}: ${m.text()}`);
  });
  return into;
}

export async function joinAs(page: Page, url: string, nickname: string) {
  await page.goto(url);
  await page.getByLabel("Nickname").fill(nickname);
  await page.getByTestId("join-submit").click();
  await page.waitForURL(/\/game\/\d{6}$/);
  await expect(page.getByTestId("player-phase")).toHaveAttribute("data-phase", "lobby");
  await expect(page.getByTestId("player-nickname")).toHaveText(nickname);
}

export async function waitForQuestion(page: Page, index: number) {
  const phase = page.getByTestId("player-phase");
  await expect(phase).toHaveAttribute("data-index", String(index), { timeout: 20_000 });
  await expect(phase).toHaveAttribute("data-phase", "question");
  await expect(phase).toHaveAttribute("data-stage", "answering", { timeout: 15_000 });
}

type Q = LiveQuiz["quiz"]["questions"][number];

/** Taps a one-tap option (single choice, true/false, a radio group): the tap is the answer, there is no Submit. */
export async function tap(page: Page, text: string) {
  await page.getByTestId("one-tap").getByRole("radio", { name: text, exact: true }).click();
}

/** Answers the current question on a phone: right, or a wrong answer of the right shape. */
export async function answer(page: Page, q: Q, right: boolean) {
  switch (q.type) {
    case "single":
      await expect(page.getByTestId("submit-answer")).toHaveCount(0);
      await tap(page, q.options[right ? q.correct : 0]);
      break;
    case "boolean":
      await expect(page.getByTestId("submit-answer")).toHaveCount(0);
      await tap(page, right === q.correct ? "True" : "False");
      break;
    case "multiple":
      for (const i of right ? q.correct : [1]) await page.getByRole("checkbox", { name: q.options[i] }).click();
      break;
    case "text":
      await page.locator("#text-answer").fill(right ? q.accepted[0] : "thermometer");
      break;
    case "order": {
      // Put the items in the right order (or leave the shuffled one, never right) with the move-up buttons.
      if (right) {
        for (let k = 0; k < q.items.length; k++) {
          const want = q.items[k]!;
          for (;;) {
            const texts = await page.locator("[data-order-item] button.flex-1").allTextContents();
            const at = texts.indexOf(want);
            if (at <= k) break;
            await page.getByRole("button", { name: `Move ${want} up` }).click();
          }
        }
      }
      break;
    }
    case "number":
      await page.locator("#number-answer").fill(String(right ? q.answer : q.answer + 5));
      break;
  }
  if (q.type !== "single" && q.type !== "boolean") await page.getByTestId("submit-answer").click();
  // The last answer brings the reveal at once, so "locked in" may already have given way to it.
  await expect(page.getByTestId("locked-in").or(page.getByTestId("player-result"))).toBeVisible();
}

export async function score(page: Page): Promise<number> {
  return Number(await page.getByTestId("player-score").getAttribute("data-score"));
}

type Socketwatch = { sockets: { url: string; received: number; error: string | null }[]; polling: string[] };

/** Records a page's WebSockets (frames received, errors) and any long-polling request. */
export function watchSockets(page: Page): Socketwatch {
  const watch: Socketwatch = { sockets: [], polling: [] };
  page.on("websocket", (ws: WebSocket) => {
    const entry = { url: ws.url(), received: 0, error: null as string | null };
    watch.sockets.push(entry);
    ws.on("framereceived", () => entry.received++);
    ws.on("socketerror", (e) => (entry.error = e));
  });
  page.on("request", (r: Request) => {
    if (r.url().includes("transport=polling")) watch.polling.push(r.url());
  });
  return watch;
}

/** The page's game went over a WebSocket at `socketUrl` (the live path through the balancer), never long polling. */
export function expectWebSocketGame(who: string, watch: Socketwatch, socketUrl: string) {
  const live = watch.sockets.filter((s) => s.url.startsWith(socketUrl) && s.url.includes("transport=websocket"));
  expect(live.length, `${who}: a WebSocket to the live server through nginx (saw ${watch.sockets.map((s) => s.url).join(", ")})`).toBeGreaterThan(0);
  expect(Math.max(...live.map((s) => s.received)), `${who}: frames received on it`).toBeGreaterThan(5);
  expect(live.map((s) => s.error).filter(Boolean), `${who}: socket errors`).toEqual([]);
  expect(watch.polling, `${who}: long-polling requests`).toEqual([]);
}

/**
 * From a reveal past the scoreboard to what follows: Next, then Next again once the scoreboard
 * shows. A second click before then still belongs to the reveal, and the server drops it as stale
 * (each host:next names the step it was pressed on), as it does a teacher's double click.
 */
export async function pastScoreboard(host: Page) {
  await host.getByTestId("next").click();
  await expect(host.getByTestId("host-scoreboard")).toBeVisible();
  await host.getByTestId("next").click();
}

/**
 * From the lobby to the podium with the phones already joined: every question of `questions`,
 * the first phone answering right and the others wrong, each reveal checked on the phones, then
 * the scoreboard, and the podium with the first phone's player on top.
 */
export async function playToPodium(host: Page, phones: { page: Page }[], questions: readonly Q[], winner: string) {
  await host.getByTestId("start").click();
  for (const [qi, q] of questions.entries()) {
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    for (const [pi, p] of phones.entries()) {
      await waitForQuestion(p.page, qi);
      await answer(p.page, q, pi === 0);
    }
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    for (const [pi, p] of phones.entries()) await expect(p.page.getByTestId("player-result")).toHaveAttribute("data-correct", String(pi === 0));
    await pastScoreboard(host);
  }
  await expect(host.getByTestId("host-podium")).toBeVisible();
  await expect(host.getByTestId("host-podium")).toContainText(winner);
  for (const p of phones) await expect(p.page.getByTestId("player-final")).toBeVisible();
  await expect(phones[0]!.page.getByTestId("player-final")).toHaveAttribute("data-rank", "1");
}
