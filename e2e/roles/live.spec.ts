import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import path from "node:path";
import pg from "pg";
import { signUpInBrowser } from "../accounts";
import { expect, test } from "../fixtures";
import { expectWebSocketGame, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, playToPodium, readQr, watchSockets } from "../live-helpers";
import { rolesSetup } from "./setup";

/**
 * Pages and live games in separate processes (QUIZDECK_ROLE=web and live) behind nginx, reached
 * at http://quizdeck.test:PORT: the host signs up and hosts a quiz on the web instance (the "Host
 * live" action writes the game to PostgreSQL), the host screen and two phones open their live
 * sockets through nginx, which sends them to the live instance; that instance takes the game
 * from the database, and the game is played to the podium. Each instance refuses the other's
 * half, so the game can only have worked through the split.
 */
const roles = rolesSetup();
const QUESTIONS = [LIVE_QUIZ.quiz.questions[0], LIVE_QUIZ.quiz.questions[3]] as const; // single choice, text
const QUIZ = { ...LIVE_QUIZ, quiz: { ...LIVE_QUIZ.quiz, title: "Split Roles Live", questions: QUESTIONS } };
const NAMES = ["Ana", "Ben"];

const direct = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: (await res.json()) as { status?: string; error?: { code: string; message: string } } };
};

test("each instance serves its half and answers the probes", async () => {
  const webLive = await direct(roles.webPort, "/api/live/socket.io/?EIO=4&transport=polling");
  expect(webLive.status).toBe(404);
  expect(webLive.body.error?.code).toBe("not_found");
  expect(webLive.body.error?.message).toContain("QUIZDECK_ROLE=web");
  const livePage = await direct(roles.livePort, "/explore");
  expect(livePage.status).toBe(404);
  expect(livePage.body.error?.message).toContain("QUIZDECK_ROLE=live");
  const liveApi = await direct(roles.livePort, "/api/v1/quizzes");
  expect(liveApi.status).toBe(404);
  for (const port of [roles.webPort, roles.livePort]) {
    expect(await direct(port, "/api/health")).toEqual({ status: 200, body: { status: "ok", database: "postgres" } });
    const ready = await direct(port, "/api/ready");
    expect(ready.status, `/api/ready on ${port}`).toBe(200);
    expect(ready.body.status).toBe("ready");
  }
});

test("the web instance yields the CPU to the live one (nice 10 against 0)", () => {
  // Each instance's "ready" log line names its process; the OS says at which priority it runs.
  const readyLine = (port: number) => {
    const file = readdirSync(roles.dir).find((f) => f.startsWith(`app-${port}-`))!;
    const line = readFileSync(path.join(roles.dir, file), "utf8").split("\n").find((l) => l.includes("Quizdeck ready"))!;
    return JSON.parse(line) as { pid: number; role: string; nice: number };
  };
  const web = readyLine(roles.webPort);
  const live = readyLine(roles.livePort);
  expect([web.role, live.role]).toEqual(["web", "live"]);
  expect(getPriority(web.pid)).toBe(10);
  expect(getPriority(live.pid)).toBe(0);
});

test("a live game through nginx with pages on the web instance and the game on the live one", async ({ page: host, browser, baseURL }) => {
  test.setTimeout(180_000);
  expect(baseURL).toBe(roles.origin);
  const hostWatch = watchSockets(host);
  await signUpInBrowser(host);
  const slug = await importQuiz(host, roles.origin, QUIZ);
  const gameId = await hostGame(host, slug);
  const pin = (await host.getByTestId("host-pin").getAttribute("data-pin"))!;
  await host.getByText("Settings").click();
  await host.getByLabel("Reading time before answers (s)").fill("1");
  const url = await readQr(host);
  expect(url).toBe(`${roles.origin}/join/${pin}`);

  const phones = await Promise.all(NAMES.map(() => phone(browser, baseURL!)));
  const phoneWatches = phones.map((p) => watchSockets(p.page));
  for (const [i, p] of phones.entries()) await joinAs(p.page, url, NAMES[i]!);
  await expect(host.getByTestId("player-count")).toHaveText(/\D2$/);

  await playToPodium(host, phones, QUESTIONS, NAMES[0]!);

  const socketUrl = `ws://quizdeck.test:${roles.nginxPort}/api/live/socket.io/`;
  expectWebSocketGame("host", hostWatch, socketUrl);
  for (const [i, w] of phoneWatches.entries()) expectWebSocketGame(NAMES[i]!, w, socketUrl);

  // The live instance holds the game's lease: it ran the game (the web one has no live server at all).
  const url0 = new URL(process.env.TEST_DATABASE_URL!);
  url0.pathname = `/${roles.dbName}`;
  const db = new pg.Client({ connectionString: url0.toString() });
  await db.connect();
  try {
    const { rows } = await db.query<{ owner: string }>("select owner from game_leases where game_id = $1", [gameId]);
    expect(rows[0]?.owner, "the game's owner").toContain(`:${roles.livePort}:`);
    const { rows: answers } = await db.query<{ n: number }>("select count(*)::int as n from game_answers where game_id = $1", [gameId]);
    expect(answers[0]!.n, "answers stored").toBe(QUESTIONS.length * NAMES.length);
  } finally {
    await db.end();
  }
  for (const p of phones) await p.context.close();
});
