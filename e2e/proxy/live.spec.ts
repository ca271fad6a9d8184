import { signUpInBrowser } from "../accounts";
import { expect, test } from "../fixtures";
import { expectWebSocketGame, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, playToPodium, readQr, watchSockets } from "../live-helpers";
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

  await playToPodium(host, phones, QUESTIONS, NAMES[0]!); // Ana right, Ben wrong

  const socketUrl = `wss://quizdeck.test:${proxy.port}/api/live/socket.io/`;
  expectWebSocketGame("host", hostWatch, socketUrl);
  for (const [i, w] of phoneWatches.entries()) expectWebSocketGame(NAMES[i]!, w, socketUrl);
  for (const p of phones) await p.context.close();
});
