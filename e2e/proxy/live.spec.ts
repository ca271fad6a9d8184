import type { Page, Request, WebSocket } from "@playwright/test";
import { signUpInBrowser } from "../accounts";
import { expect, test } from "../fixtures";
import { answer, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, readQr, waitForQuestion } from "../live-helpers";
import { proxy } from "./helpers";

/**
 * A live game through nginx with TLS: the host signs up (a Secure session cookie), hosts a quiz,
 * two phones join from the URL in the lobby's QR code (the public https:// URL), answer, see the
 * reveal and the podium. Every page's Socket.IO connection is a WebSocket upgraded through nginx
 * (wss://…/api/live/socket.io) that carries the game, with no fall-back to long polling.
 */
const QUESTIONS = [LIVE_QUIZ.quiz.questions[1], LIVE_QUIZ.quiz.questions[5]] as const; // multiple choice, number
const QUIZ = { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title: "Proxy Live", questions: QUESTIONS } };
const NAMES = ["Ana", "Ben"];

type Socketwatch = { sockets: { url: string; received: number; error: string | null }[]; polling: string[] };

/** Records a page's WebSockets (frames received, errors) and any long-polling request. */
function watchSockets(page: Page): Socketwatch {
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

function expectWebSocketGame(who: string, watch: Socketwatch) {
  const live = watch.sockets.filter((s) => s.url.startsWith(`wss://quizdeck.test:${proxy.port}/api/live/socket.io/`) && s.url.includes("transport=websocket"));
  expect(live.length, `${who}: a WebSocket to the live server through nginx (saw ${watch.sockets.map((s) => s.url).join(", ")})`).toBeGreaterThan(0);
  expect(Math.max(...live.map((s) => s.received)), `${who}: frames received on it`).toBeGreaterThan(5);
  expect(live.map((s) => s.error).filter(Boolean), `${who}: socket errors`).toEqual([]);
  expect(watch.polling, `${who}: long-polling requests`).toEqual([]);
}

test("a live game through nginx: QR join at the public URL, answers, reveal, podium, over WebSockets", async ({ page: host, browser, baseURL, context }) => {
  test.setTimeout(180_000);
  const hostWatch = watchSockets(host);
  await signUpInBrowser(host);
  const session = (await context.cookies()).find((c) => c.name.endsWith("quizdeck.session_token"));
  expect(session, "the session cookie").toBeDefined();
  expect(session!.secure, "the session cookie is Secure over HTTPS").toBe(true);

  const slug = await importQuiz(host, proxy.origin, QUIZ);
  // "Host live" is a server action that redirects; Next renders the host screen into the action's
  // own response by fetching it from this server. Behind a TLS proxy that fetch must still reach
  // the app's plain-HTTP port, or the browser has to ask for the page again itself.
  const asked: string[] = [];
  host.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/host/")) asked.push(r.url());
  });
  await hostGame(host, slug);
  expect(asked, "requests for the host screen after the redirect").toEqual([]);
  const pin = (await host.getByTestId("host-pin").getAttribute("data-pin"))!;
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("1");

  // The QR code points at the public URL (QUIZDECK_PUBLIC_URL), which is where the browser is.
  const url = await readQr(host);
  expect(url).toBe(`${proxy.origin}/join/${pin}`);
  expect(baseURL).toBe(proxy.origin);

  const phones = await Promise.all(NAMES.map(() => phone(browser, baseURL!)));
  const phoneWatches = phones.map((p) => watchSockets(p.page));
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, NAMES[i]!);
  await expect(host.getByTestId("player-count")).toHaveText(/\D2$/);

  await host.getByTestId("start").click();
  for (const [qi, q] of QUESTIONS.entries()) {
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", String(qi));
    for (const [pi, p] of phones.entries()) {
      await waitForQuestion(p.page, qi);
      await answer(p.page, q, pi === 0); // Ana right, Ben wrong
    }
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    await expect(phones[0]!.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
    await expect(phones[1]!.page.getByTestId("player-result")).toHaveAttribute("data-correct", "false");
    await host.getByTestId("next").click();
    await expect(host.getByTestId("host-scoreboard")).toBeVisible();
    await host.getByTestId("next").click();
  }

  await expect(host.getByTestId("host-podium")).toBeVisible();
  await expect(host.getByTestId("host-podium")).toContainText("Ana");
  for (const p of phones) await expect(p.page.getByTestId("player-final")).toBeVisible();
  await expect(phones[0]!.page.getByTestId("player-final")).toHaveAttribute("data-rank", "1");

  expectWebSocketGame("host", hostWatch);
  for (const [i, w] of phoneWatches.entries()) expectWebSocketGame(NAMES[i]!, w);
  for (const p of phones) await p.context.close();
});
