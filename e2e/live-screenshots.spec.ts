import { test } from "@playwright/test";
import { signUpInBrowser } from "./accounts";
import { answer, hostGame, importQuiz, joinAs, LIVE_QUIZ, phone, readQr, waitForQuestion } from "./live-helpers";

/** Screenshots of a live game for review (LIVE_SCREENSHOTS=<dir>); skipped otherwise. */
test("live game screenshots", async ({ page: host, browser, baseURL }, testInfo) => {
  const dir = process.env.LIVE_SCREENSHOTS;
  test.skip(!dir || testInfo.project.name !== "desktop-pglite", "set LIVE_SCREENSHOTS to a folder");
  test.setTimeout(480_000);
  await host.setViewportSize({ width: 1920, height: 1080 });
  await signUpInBrowser(host);
  const slug = await importQuiz(host, baseURL!);
  await hostGame(host, slug);
  const url = await readQr(host);
  const names = ["Ana", "Ben", "Cleo", "Dev", "Eli"];
  const phones = [];
  for (const name of names) {
    const p = await phone(browser, baseURL!);
    await joinAs(p.page, url, name);
    phones.push(p);
  }
  await host.screenshot({ path: `${dir}/host-lobby.png` });
  await phones[0]!.page.screenshot({ path: `${dir}/phone-lobby.png` });
  await host.getByTestId("start").click();
  await waitForQuestion(phones[0]!.page, 0);
  await phones[0]!.page.screenshot({ path: `${dir}/phone-question.png` });
  const q = LIVE_QUIZ.quiz.questions[0];
  await answer(phones[0]!.page, q, true);
  await answer(phones[1]!.page, q, false);
  await host.screenshot({ path: `${dir}/host-question.png` });
  await phones[0]!.page.screenshot({ path: `${dir}/phone-locked.png` });
  for (const [i, p] of phones.slice(2).entries()) await answer(p.page, q, i % 2 === 0);
  await host.getByTestId("host-reveal").waitFor();
  await host.screenshot({ path: `${dir}/host-reveal.png` });
  await phones[0]!.page.screenshot({ path: `${dir}/phone-reveal.png` });
  await host.getByTestId("next").click();
  await host.getByTestId("host-scoreboard").waitFor();
  await host.screenshot({ path: `${dir}/host-scoreboard.png` });
  // Skip to the podium: skip every remaining question.
  for (let i = 1; i < LIVE_QUIZ.quiz.questions.length; i++) {
    await host.getByTestId("next").click();
    const qi = LIVE_QUIZ.quiz.questions[i]!;
    if (qi.type === "boolean") {
      // A true-or-false reveal too: the same tiles, check mark and bars as the choices.
      await waitForQuestion(phones[0]!.page, i);
      for (const [k, p] of phones.entries()) await answer(p.page, qi, k % 3 !== 2);
      await host.getByTestId("host-reveal").waitFor();
      await host.screenshot({ path: `${dir}/host-reveal-boolean.png` });
    } else {
      await host.getByTestId("skip").click();
      await host.getByTestId("host-reveal").waitFor();
    }
    await host.getByTestId("next").click();
    await host.getByTestId("host-scoreboard").waitFor();
  }
  await host.getByTestId("next").click();
  await host.getByTestId("host-podium").waitFor();
  await host.screenshot({ path: `${dir}/host-podium.png` });
  await phones[0]!.page.getByTestId("player-final").waitFor();
  await phones[0]!.page.screenshot({ path: `${dir}/phone-final.png` });
  await host.getByTestId("finish").click();
  await host.getByTestId("host-report").waitFor();
  await host.screenshot({ path: `${dir}/host-report.png`, fullPage: true });
  for (const p of phones) await p.context.close();
});
