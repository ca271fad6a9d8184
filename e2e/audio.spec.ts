import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { signUp } from "./accounts";
import { axeViolations } from "./axe";
import { expect, test, watchContext } from "./fixtures";
import { hostGame, importQuiz, joinAs, phone, readQr, waitForQuestion } from "./live-helpers";

/**
 * A question's audio clip (docs/rules.md §5 "Audio"), loaded from the author's own address: a
 * server of the test's (port base + 59) plays the author's host with a second of silence as MP3
 * (e2e/media/silence.mp3) and a clip that is not there. Solo play shows the browser's player, which
 * plays it, and a quiet message for the missing one; the big screen tries to play it and has a
 * play/pause button; the phone shows the browser's player. The fixture fails on any CSP violation, so
 * `media-src` letting the clip load from another host is checked too.
 */

const CLIP = readFileSync(new URL("./media/silence.mp3", import.meta.url));
const PORT = Number(process.env.E2E_PORT_BASE ?? 3100) + 59;

let server: Server;
test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith("/clips/silence.mp3")) {
      res.writeHead(200, { "content-type": "audio/mpeg", "content-length": CLIP.length, "accept-ranges": "none" });
      res.end(CLIP);
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not here");
    }
  });
  await new Promise<void>((r) => server.listen(PORT, "127.0.0.1", r));
});
test.afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

const quiz = (base: string) => ({
  format: "quizdeck",
  version: 1,
  quiz: {
    title: "Sounds Check",
    description: "Questions with audio clips.",
    category: "music",
    difficulty: "easy",
    language: "en",
    tags: ["audio"],
    timeLimit: 60,
    visibility: "public",
    questions: [
      { type: "single", prompt: "What do you hear?", options: ["Silence", "A bell"], correct: 0, audioUrl: `${base}/clips/silence.mp3` },
      { type: "boolean", prompt: "This clip is missing.", correct: true, audioUrl: `${base}/clips/missing.ogg` },
    ],
  },
});

test("audio clips: solo play plays one and quietly reports a missing one; the big screen and the phone offer play", async ({ page, browser, baseURL, consoleErrors }) => {
  test.skip(test.info().project.name !== "desktop-pglite", "one run is enough: the clip is the browser's");
  test.setTimeout(180_000);
  const author = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await signUp(page);
  const slug = await importQuiz(page, baseURL!, quiz(author));

  // Solo play: the clip plays on a press; the missing one says so, and the question goes on.
  await page.goto(`/quiz/${slug}`);
  await page.getByTestId("play").click(); // signed in: the author plays under their own name
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  // The browser's own player (no autoplay): it loads the clip from the author's host and plays it.
  const player = page.getByTestId("audio-native");
  await expect(player).toHaveAttribute("src", `${author}/clips/silence.mp3`);
  await expect(player).toHaveAccessibleName("Play the clip");
  await player.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime > 0 || a.ended)).toBe(true);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeViolations(page, scheme)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.screenshot({ path: test.info().outputPath("solo-audio.png") });
  await page.getByRole("radio", { name: "Silence", exact: true }).click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.getByRole("button", { name: /^Next/ }).click();
  await expect(page.getByTestId("audio-failed")).toHaveText("The clip could not be played.");
  await expect(page.getByTestId("audio-native")).toHaveCount(0);

  // Live: the big screen tries to play it (autoplay may be refused), with play/pause; the phone has play.
  await page.setViewportSize({ width: 1440, height: 900 });
  await hostGame(page, slug);
  await page.getByText("Settings").click();
  await page.getByLabel("Reading time before answers (s)").fill("0");
  const p = await phone(browser, baseURL!);
  await watchContext(p.context, consoleErrors);
  try {
    await joinAs(p.page, await readQr(page), "Ana");
    await page.getByTestId("start").click();
    await expect(page.getByTestId("host-prompt")).toHaveText("What do you hear?");
    const clip = page.getByTestId("audio-clip");
    await expect(clip).toHaveAttribute("data-state", /playing|blocked|idle/);
    await expect(page.getByTestId("audio-toggle")).toBeVisible();
    await waitForQuestion(p.page, 0);
    await expect(p.page.getByTestId("audio-native")).toHaveAttribute("src", `${author}/clips/silence.mp3`);
    expect(await axeViolations(p.page, "light")).toEqual([]);
    expect(await axeViolations(page, "light")).toEqual([]);
    await page.screenshot({ path: test.info().outputPath("host-audio.png") });
    await p.page.screenshot({ path: test.info().outputPath("phone-audio.png") });
  } finally {
    await p.context.close();
  }
});
