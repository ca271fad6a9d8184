import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUpInBrowser } from "./accounts";
import { answer, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, readQr, score, waitForQuestion } from "./live-helpers";

/**
 * The server process is killed mid-question (SIGKILL: no clean shutdown) and started again on the
 * same data directory. The open game resumes from its snapshot at the current question, the
 * phones and the host screen reconnect by themselves, and every answer acknowledged before the
 * crash counts.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-pglite", "runs once, on a server of its own");
});

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(port: number, dir: string): Server {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      QUIZDECK_DATA_DIR: dir,
      QUIZDECK_PUBLIC_URL: `http://127.0.0.1:${port}`,
      QUIZDECK_RATE_LIMIT_PIN_GUESSES: "1000",
      QUIZDECK_RATE_LIMIT_SIGN_IN: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForLog(server: Server, text: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (!server.output().includes(text)) {
    if (Date.now() - start > timeoutMs) throw new Error(`no "${text}" in server output:\n${server.output()}`);
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("a server restart mid-question resumes the game; acknowledged answers count", async ({ browser }) => {
  test.setTimeout(300_000);
  const port = Number(process.env.E2E_PORT_BASE ?? 3100) + 60;
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-live-restart-"));
  let server = startServer(port, dir);
  const contexts = [];
  let finished = false;
  try {
    await waitForLog(server, "Quizdeck ready");
    const hostContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    contexts.push(hostContext);
    const host = await hostContext.newPage();
    await signUpInBrowser(host);
    const slug = await importQuiz(host, baseURL, {
      ...LIVE_QUIZ,
      // Long enough for the server to come back before the question's time is up.
      quiz: { ...LIVE_QUIZ.quiz, title: "Live Restart", questions: LIVE_QUIZ.quiz.questions.map((q) => ({ ...q, timeLimit: 180 })) },
    });
    await hostGame(host, slug);
    const url = await readQr(host);
    const ana = await phone(browser, baseURL);
    const ben = await phone(browser, baseURL);
    contexts.push(ana.context, ben.context);
    await joinAs(ana.page, url, "Ana");
    await joinAs(ben.page, url, "Ben");
    await host.getByTestId("start").click();

    // Question 1: both answer, reveal, scoreboard, next.
    const q0 = LIVE_QUIZ.quiz.questions[0];
    await waitForQuestion(ana.page, 0);
    await answer(ana.page, q0, true);
    await waitForQuestion(ben.page, 0);
    await answer(ben.page, q0, true);
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    await host.getByTestId("next").click();
    await expect(ana.page.getByTestId("player-standing")).toBeVisible();
    const anaBefore = await score(ana.page);
    const benBefore = await score(ben.page);
    expect(anaBefore).toBeGreaterThan(0);
    await host.getByTestId("next").click();

    // Question 2: Ana's answer is acknowledged ("locked in"), then the server dies.
    const q1 = LIVE_QUIZ.quiz.questions[1];
    await waitForQuestion(ana.page, 1);
    await answer(ana.page, q1, true);
    await expect(ana.page.getByTestId("locked-in")).toBeVisible();
    server.child.kill("SIGKILL");
    await server.exited;
    await expect(ana.page.getByTestId("player-offline")).toBeVisible();

    server = startServer(port, dir);
    await waitForLog(server, "Quizdeck ready");
    expect(server.output()).toContain("resumed 1 open game");

    // Everyone is back by themselves: same names, same scores, Ana's answer still locked in.
    await expect(ana.page.getByTestId("player-offline")).toBeHidden({ timeout: 30_000 });
    await expect(ana.page.getByTestId("locked-in")).toBeVisible();
    expect(await score(ana.page)).toBe(anaBefore);
    await expect(ben.page.getByTestId("player-nickname")).toHaveText("Ben");
    expect(await score(ben.page)).toBe(benBefore);
    await expect(host.getByTestId("host-question")).toHaveAttribute("data-index", "1", { timeout: 30_000 });
    await expect(host.getByTestId("answered-count")).toHaveText(/^1 \//);

    // Ben answers after the restart; the reveal counts both answers.
    await waitForQuestion(ben.page, 1);
    await answer(ben.page, q1, false);
    await expect(host.getByTestId("host-reveal")).toBeVisible();
    await expect(ana.page.getByTestId("player-result")).toHaveAttribute("data-correct", "true");
    const anaPoints = Number((await ana.page.getByTestId("player-points").textContent())!.replace(/\D/g, ""));
    expect(anaPoints).toBeGreaterThan(0);

    // End the game; the report counts Ana's pre-crash answer.
    host.once("dialog", (d) => void d.accept());
    await host.getByRole("button", { name: "End game" }).click();
    await expect(host.getByTestId("host-report")).toBeVisible();
    const csv = (await (await host.request.get(`/host/${host.url().split("/host/")[1]}/report`)).text()).trim().split("\r\n");
    expect(csv).toHaveLength(3);
    const anaRow = csv.find((l) => l.includes(",Ana,"))!;
    // rank,nickname,score,correct,answered,questions_played,…
    expect(anaRow.split(",").slice(2, 6)).toEqual([String(anaBefore + anaPoints), "2", "2", "2"]);
    finished = true;
  } finally {
    // The restarted server's log, for a failure to be read (it is not the webServer's, so Playwright keeps none).
    if (!finished) await test.info().attach("server log", { body: server.output(), contentType: "text/plain" });
    for (const c of contexts) await c.close();
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
});
