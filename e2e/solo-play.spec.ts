import type { Page } from "@playwright/test";
import { answer, keyFor, type KeyedQuestion } from "./answer-key";
import { expect, holdScripts, isPhone, skipOnPostgres, test, PHONE } from "./fixtures";

/** Solo play as a screen of its own: full window, one tap, always the server's question, keyboard and screen readers. */

async function startQuiz(page: Page, slug: string, nickname: string) {
  await page.goto(`/quiz/${slug}`);
  const nick = page.locator("input[autocomplete=nickname]");
  if (await nick.isVisible()) await nick.fill(nickname);
  await page.getByTestId("play").click();
  await expect(page).toHaveURL(/\/play\/[0-9a-f-]{36}$/);
  await expect(page.locator("#prompt")).toBeVisible();
}

const prompt = (page: Page) => page.locator("#prompt").innerText();
const progress = (page: Page, n: number) => expect(page.getByTestId("progress")).toHaveText(new RegExp(`Question ${n} of`));

/** What has focus, described well enough to tell the heading, the feedback, a control and <body> apart. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return el.getAttribute("role") || el.getAttribute("data-testid") || el.id || el.tagName.toLowerCase();
  });

test("solo play takes the whole window: no site header, search or tab bar, and a four-option question fits with its Submit", PHONE, async ({ page }) => {
  test.skip(!isPhone(page), "the phone screen is the one that was too short (390×844)");
  skipOnPostgres("layout does not depend on the database");
  test.setTimeout(120_000);
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await startQuiz(page, "solar-system-basics", "Fitter");
  await expect(page.locator("[data-site-chrome]").first()).toBeHidden();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("searchbox")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  // The brand mark is the way home.
  await expect(page.getByRole("link", { name: "Quizdeck home" })).toHaveAttribute("href", "/");

  let checkedMultiple = false;
  for (let i = 0; ; i++) {
    const q = keyFor(await prompt(page));
    const options = q.type === "single" || q.type === "multiple" ? q.options.length : q.type === "boolean" ? 2 : 0;
    if (options > 0 && options <= 4) {
      // Every option is on the first screen, and so is Submit where there is one.
      const tiles = page.getByRole(q.type === "multiple" ? "checkbox" : "radio");
      await expect(tiles).toHaveCount(options);
      await expect(tiles.last()).toBeInViewport({ ratio: 1 });
      if (q.type === "multiple") {
        await expect(page.getByTestId("submit")).toBeInViewport({ ratio: 1 });
        checkedMultiple = true;
      }
    }
    if (q.type === "text" || q.type === "number") await expect(page.getByTestId("submit")).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await answer(page, q, true, "mouse");
    await expect(page.getByTestId("feedback")).toBeVisible();
    const cont = page.getByTestId("continue");
    if ((await cont.innerText()).includes("See results") || i >= 6) break;
    await cont.click();
    await progress(page, i + 2);
  }
  expect(checkedMultiple).toBe(true);
});

test("the first question's controls stay off until the page's code runs, so no early tap is lost", async ({ page }) => {
  skipOnPostgres("hydration does not depend on the database");
  await startQuiz(page, "solar-system-basics", "Early");
  const q = keyFor(await prompt(page));
  if (q.type !== "single") throw new Error("the quiz's first question is a single choice");
  // Reloaded with its scripts held back, as a slow phone gets it: the question comes with the HTML alone.
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "domcontentloaded" });
  const options = page.getByRole("radio");
  await expect(options).toHaveCount(q.options.length);
  for (const option of await options.all()) await expect(option).toBeDisabled();
  release();
  // Once the code runs, a tap answers.
  await page.getByRole("radio", { name: q.options[q.correct], exact: true }).click();
  await expect(page.getByTestId("feedback")).toBeVisible();
});

test("single choice and true/false answer with one tap, saying “Locking in…” until the server has it", PHONE, async ({ page }) => {
  skipOnPostgres("what a tap does happens in the browser; answers are stored the same way as with Submit");
  await startQuiz(page, "solar-system-basics", "Tapper");
  const q = keyFor(await prompt(page));
  expect(q.type).toBe("single");
  if (q.type !== "single") return;
  await expect(page.getByTestId("submit")).toHaveCount(0);
  // Hold the answer on its way so the tile's state can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/play/**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("radio", { name: q.options[q.correct], exact: true }).click();
  const tile = page.locator("[role=radio][aria-busy=true]");
  await expect(tile).toContainText(q.options[q.correct]!);
  await expect(tile).toContainText("Locking in…");
  await expect(tile).toHaveAttribute("aria-checked", "true");
  release();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await page.unroute("**/play/**");
  await page.getByTestId("continue").click();
  await progress(page, 2);
  const b = keyFor(await prompt(page));
  expect(b.type).toBe("boolean");
  if (b.type !== "boolean") return;
  await expect(page.getByTestId("submit")).toHaveCount(0);
  await page.getByRole("radio", { name: b.correct ? "True" : "False", exact: true }).click();
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  // The other types keep Submit.
  await page.getByTestId("continue").click();
  await progress(page, 3);
  await expect(page.getByTestId("submit")).toBeVisible();
});

test("Back then Forward shows the attempt's current question, and the quiz page offers Continue", async ({ page }) => {
  test.setTimeout(90_000);
  await startQuiz(page, "world-capitals", "Returner");
  const attemptId = page.url().split("/").pop()!;
  const first = await prompt(page);
  await answer(page, keyFor(first), true, "mouse");
  await expect(page.getByTestId("feedback")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/quiz\/world-capitals$/);
  await expect(page.getByTestId("play")).toBeVisible();
  // Right after Back the quiz page offers Continue at the attempt's current question (the start
  // cleared the router's copy of the page from before it).
  await expect(page.getByTestId("continue-play")).toContainText("Question 2 of 13");
  await expect(page.getByTestId("continue-play")).toHaveAttribute("href", `/play/${attemptId}`);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/play/${attemptId}$`));
  await progress(page, 2);
  const second = await prompt(page);
  expect(second).not.toBe(first);
  // A working Submit: the answer is taken (no "You have already answered this question").
  await answer(page, keyFor(second), true, "mouse");
  await expect(page.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
  await expect(page.getByTestId("play-screen").getByRole("alert")).toHaveCount(0);

  // The quiz page knows this browser has a game in progress and where it stands; Continue resumes there.
  await page.goto("/quiz/world-capitals");
  const cont = page.getByTestId("continue-play");
  await expect(cont).toContainText("Continue");
  await expect(cont).toContainText("Question 3 of 13");
  await cont.click();
  await expect(page).toHaveURL(new RegExp(`/play/${attemptId}$`));
  await progress(page, 3);
  const third = await prompt(page);

  // Leave with a full navigation; meanwhile the attempt moves on (another tab answers). Coming
  // back (from the back/forward cache or not) shows where the attempt is now.
  await page.goto("/explore");
  const state = await (await page.request.get(`/api/v1/attempts/${attemptId}`)).json();
  expect(state.question.prompt).toBe(third);
  const res = await page.request.post(`/api/v1/attempts/${attemptId}/answers`, { data: { questionId: state.question.id, answer: null } });
  expect(res.status()).toBe(200);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/play/${attemptId}$`));
  await progress(page, 4);
  await expect(page.locator("#prompt")).not.toHaveText(third);
  await expect(page.getByTestId("play-screen").getByRole("alert")).toHaveCount(0);
});

/** Answers by keyboard only; returns once the answer is sent. */
async function answerByKeyboard(page: Page, q: KeyedQuestion) {
  const press = (key: string) => page.keyboard.press(key);
  switch (q.type) {
    case "single":
    case "boolean": {
      const names = q.type === "single" ? q.options : ["True", "False"];
      const target = q.type === "single" ? q.correct : q.correct ? 0 : 1;
      await press("Tab");
      expect(await focused(page)).toBe("radio");
      // One Tab stop for the whole group: the next Tab leaves it.
      await press("Tab");
      expect(await focused(page)).not.toBe("radio");
      await press("Shift+Tab");
      expect(await focused(page)).toBe("radio");
      // Arrow keys move through the options and select; the group keeps one Tab stop.
      for (let k = 0; k < names.length; k++) {
        const name = await page.evaluate(() => document.activeElement?.textContent ?? "");
        if (name.includes(names[target]!)) break;
        await press("ArrowDown");
        await expect(page.locator("[role=radio]:focus")).toHaveAttribute("aria-checked", "true");
        await expect(page.locator("[role=radio][tabindex='0']")).toHaveCount(1);
        await expect(page.locator("[role=radio][tabindex='0']")).toBeFocused();
      }
      await press("Space");
      return;
    }
    case "multiple": {
      await press("Tab");
      for (let i = 0; i < q.options.length; i++) {
        expect(await focused(page)).toBe("checkbox");
        if (q.correct.includes(i)) await press("Space");
        await press("Tab");
      }
      for (let k = 0; k < 3 && (await focused(page)) !== "submit"; k++) await press("Tab");
      expect(await focused(page)).toBe("submit");
      await press("Enter");
      return;
    }
    case "text":
      await press("Tab");
      expect(await focused(page)).toBe("text-answer");
      await page.keyboard.type(q.accepted[0]!);
      await press("Enter");
      return;
    case "number":
      await press("Tab");
      expect(await focused(page)).toBe("number-answer");
      await page.keyboard.type(String(q.answer));
      await press("Enter");
      return;
    case "order": {
      await press("Tab");
      const first = await page.evaluate(() => document.activeElement?.textContent ?? "");
      // An arrow key moves the item, and focus goes with it.
      await press("ArrowDown");
      await expect(page.locator("[data-order-item]").nth(1).locator("button.flex-1")).toHaveText(first);
      await expect(page.locator("[data-order-item]").nth(1).locator("button.flex-1")).toBeFocused();
      await press("Enter");
      return;
    }
  }
}

test("solo play by keyboard only: focus on the heading for each question, on the feedback after each answer, never on <body>", async ({ page }) => {
  skipOnPostgres("focus is the browser's");
  test.setTimeout(120_000);
  await startQuiz(page, "solar-system-basics", "Keys");
  // The one live region is there from the start, and stays the same element all game (it carries
  // the ten-second warning; the feedback is announced by taking focus, outside it).
  const announcer = page.getByTestId("play-announcer");
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await announcer.evaluate((el) => el.setAttribute("data-original", "yes"));
  await expect(page.getByTestId("play-screen").locator("[aria-live]:not([data-testid=play-announcer])")).toHaveCount(0);

  const seen = new Set<string>();
  for (let i = 0; ; i++) {
    await expect(page.locator("#prompt")).toBeFocused();
    const q = keyFor(await prompt(page));
    seen.add(q.type);
    await expect(page.getByTestId("question-meta")).toContainText(/\d+ seconds/);
    await answerByKeyboard(page, q);
    const feedback = page.getByTestId("feedback");
    await expect(feedback).toBeVisible();
    await expect(feedback).toBeFocused();
    await expect(announcer).toHaveAttribute("data-original", "yes");
    // Announced once: by the focus move. The focused feedback is outside every live region, and
    // the live region does not say the verdict again.
    expect(await feedback.evaluate((el) => el.closest("[aria-live], [role=status], [role=alert], [role=log]") === null)).toBe(true);
    await expect(announcer.getByTestId("feedback")).toHaveCount(0);
    await expect(announcer).toHaveText("");
    await expect(feedback).toContainText(q.type === "order" ? /Right!|Partly right|Not quite/ : "Right!");
    expect(await focused(page)).not.toBe("body");
    if (q.type !== "order") await expect(feedback).toHaveAttribute("data-correct", "true");
    const last = (await page.getByTestId("continue").innerText()).includes("See results");
    await page.keyboard.press("Enter");
    if (last) break;
    await progress(page, i + 2);
    expect(await focused(page)).not.toBe("body");
  }
  expect([...seen].sort()).toEqual(["boolean", "multiple", "number", "order", "single", "text"]);
  await expect(page).toHaveURL(/\/results\//);
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });
  test("the time limit is said in words, through the catalogue", async ({ page }) => {
    skipOnPostgres("wording does not depend on the database");
    await startQuiz(page, "solar-system-basics", "Tiempo");
    await expect(page.getByTestId("question-meta")).toContainText("20 segundos");
    await expect(page.getByRole("radiogroup", { name: "Elige una respuesta" })).toBeVisible();
  });
});
